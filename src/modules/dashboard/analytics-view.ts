/**
 * `/dashboard/bots/{id}/analytics`: a bot's audience over 7, 30 or 90 days: totals, conversion,
 * a chart per day of views, unique visitors, invite clicks and votes, and the top lists.
 */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { formatsOf } from '../../html/i18n/formats.js';
import { count } from '../../html/layout.js';
import { scrollingTable } from '../../html/table.js';
import { ANALYTICS_WINDOWS } from '../analytics/metrics.js';
import type { AnalyticsDay, BotAnalytics, TopEntry } from '../analytics/schemas.js';
import type { AdminBot } from '../bots/schemas.js';
import { renderSeriesSvg } from '../embeds/render/index.js';

/** The charts' size: two side by side on a wide screen, one a line on a phone (scaled to its width). */
const CHART = { width: 480, height: 240 };
const CHARTED = ['views', 'visitors', 'invites', 'votes'] as const;

export interface AnalyticsPage {
  days: number;
  /** The window asked for was none of 7, 30, 90: the page says so and shows 30 days. */
  badDays: boolean;
  /** undefined: the bot is not published, nothing is counted. */
  analytics: BotAnalytics | undefined;
}

export function analyticsView(t: Texts, bot: AdminBot, page: AnalyticsPage): Html {
  const a = t.analytics;
  const base = `/dashboard/bots/${bot.id}/analytics`;
  const { analytics, days } = page;
  return html`<p><a href="/dashboard/bots/${bot.id}?lang=${t.lang}">← ${bot.name}</a></p>
    <h1>${a.title(bot.name)}</h1>
    <p class="muted">${a.lead}</p>
    ${page.badDays ? html`<p class="notice" role="status">${a.badDays}</p>` : ''}
    <nav class="console-nav" aria-label="${a.window}">
      <ul>
        ${ANALYTICS_WINDOWS.map(
          (n) =>
            html`<li>
              <a href="${base}?days=${n}&amp;lang=${t.lang}" ${n === days ? html`aria-current="page"` : ''}>${a.days(n)}</a>
            </li>`,
        )}
      </ul>
      ${analytics ? html`<a class="button" href="${base}.csv?days=${days}&amp;lang=${t.lang}" download>${a.download}</a>` : ''}
    </nav>
    ${analytics === undefined ? html`<p>${a.unpublished}</p>` : body(t, bot, analytics)}`;
}

function body(t: Texts, bot: AdminBot, analytics: BotAnalytics): Html {
  const a = t.analytics;
  const { totals, conversion } = analytics;
  const percent = (share: number | null) => (share === null ? '–' : formatsOf(t.locale).percent.format(share));
  const figure = (label: string, value: string, hint?: string) =>
    html`<div>
      <dt>${label}</dt>
      <dd>${value}</dd>
      ${hint ? html`<dd class="muted hint">${hint}</dd>` : ''}
    </div>`;
  const noViews = totals.views === 0 ? a.noRateHint : undefined;
  return html`<h2>${a.lastDays(analytics.days)}</h2>
    <h3 class="visually-hidden">${a.figures}</h3>
    <dl class="facts">
      ${figure(a.views, count(t, totals.views))} ${figure(a.visitors, count(t, totals.visitors))}
      ${figure(a.invites, count(t, totals.invites))} ${figure(a.votes, count(t, totals.votes))}
    </dl>
    <h3>${a.conversion}</h3>
    <dl class="facts">
      ${figure(a.inviteRate, percent(conversion.invites), noViews)} ${figure(a.voteRate, percent(conversion.votes), noViews)}
    </dl>
    <dl class="facts">
      ${figure(a.searchImpressions, count(t, totals.searchImpressions))} ${figure(a.searchClicks, count(t, totals.searchClicks))}
      ${figure(a.widgetViews, count(t, totals.widgetViews))} ${figure(a.cardViews, count(t, totals.cardViews))}
      ${figure(a.badgeViews, count(t, totals.badgeViews))}
    </dl>
    <h3>${a.charts}</h3>
    <div class="charts">${CHARTED.map((metric) => chart(t, bot, analytics, metric))}</div>
    <div class="tops">
      ${top(t, 'referrers', a.referrers, a.referrersLead, a.host, analytics.referrers)}
      ${top(t, 'search-terms', a.searchTerms, a.searchTermsLead, a.term, analytics.searchTerms)}
      ${top(t, 'embed-referrers', a.embedReferrers, undefined, a.host, analytics.embedReferrers)}
    </div>`;
}

/**
 * One count per day as an image of the chart renderer's SVG, inline as a data: address: no second
 * request that would need the session, and the SVG's own style (light or dark, as the viewer's
 * system) is no inline style of the page, which its CSP forbids.
 */
function chart(t: Texts, bot: AdminBot, analytics: BotAnalytics, metric: (typeof CHARTED)[number]): Html {
  const a = t.analytics;
  const name = a[metric];
  const total = count(t, analytics.totals[metric]);
  const description = a.chartDescription(name, bot.name, analytics.days, total);
  const svg = renderSeriesSvg(
    {
      points: analytics.daily.map((day: AnalyticsDay) => ({ date: day.date, value: day[metric] })),
      rangeDays: analytics.days,
      title: name,
      subtitle: a.chartSubtitle(analytics.days),
      headline: { value: total, detail: a.total },
      legend: a.perDay(name),
      message: { title: a.chartEmpty, detail: a.chartEmptyDetail },
      description,
    },
    { theme: 'auto', lang: t.lang, ...CHART },
  );
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return html`<img class="chart" src="${src}" alt="${description}" width="${CHART.width}" height="${CHART.height}" />`;
}

function top(t: Texts, id: string, title: string, lead: string | undefined, column: string, entries: TopEntry[]): Html {
  const a = t.analytics;
  return html`<section aria-labelledby="${id}">
    <h3 id="${id}">${title}</h3>
    ${lead ? html`<p class="muted">${lead}</p>` : ''}
    ${
      entries.length === 0
        ? html`<p class="muted">${a.none}</p>`
        : scrollingTable(
            title,
            html`<table>
              <thead>
                <tr>
                  <th scope="col">${column}</th>
                  <th scope="col" class="number">${a.count}</th>
                </tr>
              </thead>
              <tbody>
                ${entries.map(
                  (entry) =>
                    html`<tr>
                      <td class="top-value">${entry.value}</td>
                      <td class="number">${count(t, entry.count)}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`,
          )
    }
  </section>`;
}
