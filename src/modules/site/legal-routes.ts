import { LEGAL_PAGES } from '../../config/index.js';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { html, type Html } from '../../html/html.js';
import { LANGS, TEXTS } from '../../html/i18n/index.js';
import { sendPage } from '../../html/page.js';
import { currentUser } from '../auth/session.js';

/**
 * `/{lang}/imprint`, `/{lang}/privacy`, `/{lang}/terms`: the operator's own text (SITE_IMPRINT,
 * SITE_PRIVACY, SITE_TERMS), the same in both languages. A page without text is a 404 page, and
 * the footer does not link it.
 */
export async function legalRoutes(app: App): Promise<void> {
  const { legal } = app.config.site;
  for (const lang of LANGS) {
    const t = TEXTS[lang];
    for (const page of LEGAL_PAGES) {
      app.get(`/${lang}/${page}`, { schema: { hide: true } }, async (request, reply) => {
        const text = legal[page];
        if (text === undefined) throw AppError.notFound(`No ${page} page`);
        reply.header('cache-control', 'public, max-age=300');
        return sendPage(request, reply, {
          lang,
          user: currentUser(request),
          title: t.legal[page],
          alternate: `/${t.other.lang}/${page}`,
          main: html`<h1>${t.legal[page]}</h1>
            <div class="legal-text">${paragraphs(text)}</div>`,
        });
      });
    }
  }
}

/** Plain text as paragraphs (a blank line between them) and line breaks, every character escaped. */
function paragraphs(text: string): Html[] {
  return text
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => html`<p>${paragraph.split('\n').map((line, i) => html`${i > 0 ? html`<br />` : ''}${line}`)}</p>`);
}
