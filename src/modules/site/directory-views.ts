import type { Bot, BotSort } from '../bots/schemas.js';
import { SORTS } from '../bots/schemas.js';
import type { TrendingBot } from '../votes/trending-service.js';
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { count } from '../../html/layout.js';
import { pagination } from '../../html/pagination.js';
import { botCard, botList } from './bot-card.js';
import type { CategoryNames } from './category-names.js';
import { browsePath, categoryPath } from './paths.js';

/** A page of a list: its bots, its number, how many pages there are and how many bots in all. */
export interface ListPage {
  bots: readonly Bot[];
  page: number;
  pages: number;
  total: number;
}

export interface HomeLists {
  total: number;
  top: readonly Bot[];
  trending: readonly TrendingBot[];
  newest: readonly Bot[];
  verified: readonly Bot[];
}

/** The start page: top this month, trending, newest, verified, and the categories. */
export function homeView(t: Texts, lists: HomeLists, names: CategoryNames): Html {
  const d = t.directory;
  const lang = t.lang;
  const section = (id: string, title: string, body: Html, more?: string) =>
    html`<section class="home-section" aria-labelledby="${id}">
      <h2 id="${id}">${title}</h2>
      ${body} ${more ? html`<p class="more"><a href="${more}">${d.seeAll} →</a></p>` : ''}
    </section>`;
  const trending =
    lists.trending.length === 0
      ? html`<p class="muted">${d.noTrend}</p>`
      : html`<ul class="bot-list">
          ${lists.trending.map(({ bot, rise }) => botCard(t, bot, { level: 3, note: d.rise(count(t, rise), rise) }))}
        </ul>`;
  return html`<h1>${d.homeTitle}</h1>
    <p class="lead">${d.homeLead(count(t, lists.total))}</p>
    ${section('top', d.top, botList(t, lists.top, { level: 3 }), `/${lang}/bots`)}
    ${section(
      'trending',
      d.trending,
      html`<p class="muted">${d.trendingLead}</p>
        ${trending}`,
    )}
    ${section('newest', d.newest, botList(t, lists.newest, { level: 3 }), `/${lang}/bots?sort=new`)}
    ${section('verified', d.verified, botList(t, lists.verified, { level: 3 }))}
    ${section('categories', d.categories, categoryLinks(t, names, undefined), `/${lang}/categories`)}`;
}

/** `/{lang}/bots`: every published bot in the chosen order, a page at a time. */
export function browseView(t: Texts, sort: BotSort, list: ListPage): Html {
  const d = t.directory;
  const lang = t.lang;
  const href = (page: number) => browsePath(lang, sort, page);
  return html`<h1>${d.allBots}</h1>
    <form class="sort-form" method="get" action="/${lang}/bots">
      <label for="sort">${d.sortLabel}</label>
      <select id="sort" name="sort">
        ${SORTS.map((s) => html`<option value="${s}" ${s === sort ? html`selected` : ''}>${d.sorts[s]}</option>`)}
      </select>
      <button type="submit">${d.show}</button>
    </form>
    <p class="muted">${d.botCount(count(t, list.total), list.total)}</p>
    ${botList(t, list.bots, { level: 2 })} ${pagination(t, list.page, list.pages, href)}`;
}

/** `/{lang}/categories`: the operator's categories by name, each with how many bots it has. */
export function categoriesView(t: Texts, names: CategoryNames, sizes: ReadonlyMap<string, number>): Html {
  return html`<h1>${t.directory.categories}</h1>
    <p class="lead">${t.directory.categoriesLead}</p>
    ${categoryLinks(t, names, sizes)}`;
}

/** The categories as links to their pages; with `sizes`, each with its number of bots. */
function categoryLinks(t: Texts, names: CategoryNames, sizes: ReadonlyMap<string, number> | undefined): Html {
  return html`<ul class="chips categories">
    ${names
      .all(t.lang)
      .map(
        (category) =>
          html`<li>
            <a href="${categoryPath(t.lang, category.id)}">${category.label[t.lang]}</a>${
              sizes ? html` <span class="muted">(${count(t, sizes.get(category.id) ?? 0)})</span>` : ''
            }
          </li>`,
      )}
  </ul>`;
}

/** A category's or a tag's page: its bots, most votes this month first, a page at a time. */
export function groupView(t: Texts, title: string, path: string, list: ListPage): Html {
  const d = t.directory;
  const href = (page: number) => (page > 1 ? `${path}?page=${page}` : path);
  return html`<h1>${title}</h1>
    <p class="muted">${d.botCount(count(t, list.total), list.total)} · ${d.byVotesMonth}</p>
    ${botList(t, list.bots, { level: 2 })} ${pagination(t, list.page, list.pages, href)}`;
}
