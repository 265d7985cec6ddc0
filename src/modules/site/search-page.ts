import type { SearchPage } from '../search/service.js';
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { count } from '../../html/layout.js';
import { pagination } from '../../html/pagination.js';
import { botList } from './bot-card.js';
import { searchPath } from './paths.js';

export interface SearchView {
  q: string;
  page: number;
  pages: number;
  /** How many results the pages reach at most (the engine ranks no deeper). */
  reachable: number;
  found: SearchPage | undefined;
}

/** `/{lang}/search`: the form, then the results with the matched words marked, or "did you mean". */
export function searchView(t: Texts, view: SearchView): Html {
  const d = t.directory;
  const lang = t.lang;
  const form = html`<form class="search-page" role="search" method="get" action="/${lang}/search">
    <label for="search-q">${d.searchLabel}</label>
    <input id="search-q" type="search" name="q" maxlength="100" value="${view.q}" />
    <button class="primary" type="submit">${d.search}</button>
  </form>`;
  const { found } = view;
  if (!found) {
    return html`<h1>${d.searchTitle}</h1>
      ${form}
      <p class="muted">${d.searchHint}</p>`;
  }
  const href = (page: number) => searchPath(lang, view.q, page);
  let results: Html;
  if (found.total === 0) {
    results = html`<p>${d.noResults(view.q)}</p>
      ${
        found.suggestion
          ? html`<p class="suggestion">
              ${d.didYouMean}
              <a href="${searchPath(lang, found.suggestion)}">${found.suggestion}</a>?
            </p>`
          : ''
      }`;
  } else {
    results = html`<p class="muted">${d.resultCount(count(t, found.total), found.total)}</p>
      ${botList(t, found.bots, { level: 2, matched: found.terms })} ${pagination(t, view.page, view.pages, href)}
      ${found.total > view.reachable && view.page === view.pages ? html`<p class="muted">${d.searchCapped(count(t, view.reachable))}</p>` : ''}`;
  }
  return html`<h1>${d.resultsFor(view.q)}</h1>
    ${form} ${results}`;
}
