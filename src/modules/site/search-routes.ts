import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { currentUser } from '../auth/session.js';
import { MAX_QUERY_LENGTH } from '../search/schemas.js';
import { LANGS, TEXTS } from '../../html/i18n/index.js';
import { sendPage } from '../../html/page.js';
import { otherLanguage } from './directory-routes.js';
import { assertPageExists, pageNumber, searchText, type Query } from './page-input.js';
import { searchView } from './search-page.js';

/** Results per page of the search. */
export const SEARCH_PAGE_SIZE = 20;
/** Pages of results reachable: the engine ranks the first pages × size results for the last of them. */
export const SEARCH_MAX_PAGES = 10;

/**
 * `/{lang}/search?q=&page=`: the API's search engine (the same index, ranking, typos, synonyms,
 * with `lang` the page's language), its results a page at a time with the words the query matched
 * marked; "did you mean" when nothing matches. Without `q`, the search form alone. Each bot shown
 * is a search impression; opening one from here is a search click, told by this page as the bot
 * page's Referer (links stay the canonical addresses).
 */
export async function searchPageRoutes(app: App): Promise<void> {
  for (const lang of LANGS) {
    const t = TEXTS[lang];
    app.get(`/${lang}/search`, { schema: { hide: true } }, async (request, reply) => {
      const query = request.query as Query;
      const q = searchText(query, MAX_QUERY_LENGTH);
      const page = pageNumber(query);
      if (page > SEARCH_MAX_PAGES) throw AppError.notFound('No such page of results');
      const found = q === '' ? undefined : await app.services.search.page(q, lang, (page - 1) * SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE);
      if (q === '' && page > 1) throw AppError.notFound('No such page of results');
      const reachable = SEARCH_MAX_PAGES * SEARCH_PAGE_SIZE;
      const pages = found ? Math.ceil(Math.min(found.total, reachable) / SEARCH_PAGE_SIZE) : 1;
      assertPageExists(page, pages);
      if (found)
        app.services.analytics.shown(
          found.bots.map((bot) => bot.id),
          request,
        );
      const user = currentUser(request);
      if (!user) reply.header('cache-control', 'public, max-age=30');
      return sendPage(request, reply, {
        lang,
        user,
        title: q === '' ? t.directory.searchTitle : t.directory.resultsFor(q),
        alternate: otherLanguage(request, lang),
        search: q,
        main: searchView(t, { q, page, pages, reachable, found }),
      });
    });
  }
}
