import { html, type Html } from './html.js';
import type { Texts } from './i18n/index.js';
import { count } from './layout.js';

/** Page numbers shown on each side of the current one (the first and the last are always shown). */
const AROUND = 2;

/**
 * The links to the pages of a list: previous, the first, those around the current one, the last,
 * next; gaps as "…". Nothing for a list of one page. `href(n)` is the address of page n.
 */
export function pagination(t: Texts, page: number, pages: number, href: (page: number) => string): Html | string {
  if (pages <= 1) return '';
  const numbers: (number | undefined)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= AROUND) numbers.push(n);
    else if (numbers[numbers.length - 1] !== undefined) numbers.push(undefined);
  }
  const d = t.directory;
  return html`<nav class="pagination" aria-label="${d.pages}">
    <p class="muted">${d.pageOf(count(t, page), count(t, pages))}</p>
    <ul>
      ${page > 1 ? html`<li><a href="${href(page - 1)}" rel="prev">← ${d.previous}</a></li>` : ''}
      ${numbers.map((n) =>
        n === undefined
          ? html`<li aria-hidden="true">…</li>`
          : n === page
            ? html`<li><a href="${href(n)}" aria-current="page">${count(t, n)}</a></li>`
            : html`<li><a href="${href(n)}">${count(t, n)}</a></li>`,
      )}
      ${page < pages ? html`<li><a href="${href(page + 1)}" rel="next">${d.next} →</a></li>` : ''}
    </ul>
  </nav>`;
}
