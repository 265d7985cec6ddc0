import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { SORTS } from '../bots/schemas.js';
import type { BotGroup } from '../bots/groups.js';
import { currentUser } from '../auth/session.js';
import type { Html } from '../../html/html.js';
import { LANGS, TEXTS, type Lang } from '../../html/i18n/index.js';
import { sendPage } from '../../html/page.js';
import type { CategoryNames } from './category-names.js';
import { browseView, categoriesView, groupView, homeView, type ListPage } from './directory-views.js';
import { categoryPath, tagPath } from './paths.js';
import { assertPageExists, oneOf, pageNumber, type Query } from './page-input.js';

/** Bots per page of the list, a category and a tag. */
export const LIST_PAGE_SIZE = 24;
/** Bots in each list of the start page. */
export const HOME_LIST_SIZE = 6;
/** The longest category or tag a bot can carry (bots/schemas.ts `Label`): anything longer has no page. */
const MAX_LABEL_LENGTH = 40;
/** Anonymous pages may be kept this long (their counters lag anyway: LIST_MAX_STALE_MS). */
const PUBLIC_CACHE = 'public, max-age=30';

/**
 * The pages people browse, in each language: `/{lang}` (the start page), `/{lang}/bots` (every
 * bot in one of the API's five orders), `/{lang}/categories`, `/{lang}/categories/{id}` and
 * `/{lang}/tags/{tag}`. Every list is read from the catalog in memory (a page is a slice of a
 * maintained order, whatever its number); trending from the list the background refresh holds.
 */
export async function directoryRoutes(app: App, options: { names: CategoryNames }): Promise<void> {
  const { services } = app;
  const { names } = options;
  const hidden = { schema: { hide: true } };

  for (const lang of LANGS) {
    const t = TEXTS[lang];
    const send = (request: FastifyRequest, reply: FastifyReply, title: string, main: Html) => {
      const user = currentUser(request);
      if (!user) reply.header('cache-control', PUBLIC_CACHE);
      return sendPage(request, reply, { lang, user, title, alternate: otherLanguage(request, lang), main });
    };

    app.get(`/${lang}`, hidden, async (request, reply) => {
      const [top, trending, newest, verified] = await Promise.all([
        services.browse.list('votes_month', 0, HOME_LIST_SIZE),
        services.trending.top(HOME_LIST_SIZE),
        services.browse.list('new', 0, HOME_LIST_SIZE),
        services.browse.group({ kind: 'verified' }, 0, HOME_LIST_SIZE),
      ]);
      const lists = {
        total: top.total,
        top: top.bots,
        trending,
        newest: newest.bots,
        verified: verified.bots,
      };
      return send(request, reply, t.directory.homeTitle, homeView(t, lists, names));
    });

    app.get(`/${lang}/bots`, hidden, async (request, reply) => {
      const query = request.query as Query;
      const sort = oneOf(query, 'sort', SORTS, 'votes_month');
      const page = pageNumber(query);
      const { bots, total } = await services.browse.list(sort, (page - 1) * LIST_PAGE_SIZE, LIST_PAGE_SIZE);
      const list = listPage(bots, page, total);
      return send(request, reply, `${t.directory.allBots} · ${t.directory.sorts[sort]}`, browseView(t, sort, list));
    });

    app.get(`/${lang}/categories`, hidden, async (request, reply) => {
      const sizes = new Map<string, number>();
      for (const category of names.all(lang)) sizes.set(category.id, await services.browse.size({ kind: 'category', id: category.id }));
      return send(request, reply, t.directory.categories, categoriesView(t, names, sizes));
    });

    app.get(`/${lang}/categories/:id`, hidden, async (request, reply) => {
      const { id } = request.params as { id: string };
      if (!names.has(id)) throw AppError.notFound('No such category');
      const list = await groupPage({ kind: 'category', id }, request.query as Query);
      const title = names.label(lang, id);
      return send(request, reply, title, groupView(t, title, categoryPath(lang, id), list));
    });

    app.get(`/${lang}/tags/:tag`, hidden, async (request, reply) => {
      const { tag } = request.params as { tag: string };
      const group: BotGroup = { kind: 'tag', id: tag };
      if (tag.length > MAX_LABEL_LENGTH || (await services.browse.size(group)) === 0) throw AppError.notFound('No bot has that tag');
      const list = await groupPage(group, request.query as Query);
      const title = t.directory.tagTitle(tag);
      return send(request, reply, title, groupView(t, title, tagPath(lang, tag), list));
    });
  }

  async function groupPage(group: BotGroup, query: Query): Promise<ListPage> {
    const page = pageNumber(query);
    const { bots, total } = await services.browse.group(group, (page - 1) * LIST_PAGE_SIZE, LIST_PAGE_SIZE);
    return listPage(bots, page, total);
  }
}

/** The page of a list, or a 404 for a page number past its end. */
function listPage(bots: ListPage['bots'], page: number, total: number): ListPage {
  const pages = Math.ceil(total / LIST_PAGE_SIZE);
  assertPageExists(page, pages);
  return { bots, page, pages, total };
}

/** The same address in the other language: every browsing page has the same path and query in both. */
export function otherLanguage(request: FastifyRequest, lang: Lang): string {
  return `/${TEXTS[lang].other.lang}${request.url.slice(lang.length + 1)}`;
}
