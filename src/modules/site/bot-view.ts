import type { Bot } from '../bots/schemas.js';
import type { PublicListing } from '../listings/service.js';
import { botIcon } from '../../html/bot-icon.js';
import { botFacts } from '../../html/bot-facts.js';
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import type { CategoryNames } from './category-names.js';
import { botPath, categoryPath, invitePath, tagPath } from './paths.js';
import { reviewsSection, type ReviewerState, type ReviewsPage } from './review-view.js';

export interface VoteState {
  /** Undefined: nobody is signed in. */
  status: { voted: boolean; expiresAt: string | null } | undefined;
  /** The form's CSRF token (signed in only). */
  csrf: string | undefined;
  /** Right after a vote (the redirect says so). */
  justVoted: boolean;
  signInEnabled: boolean;
}

/**
 * The public bot page: its banner, who it is, its figures, links, categories and tags, what its
 * owner wrote about it (long description, screenshots; bots listed by their owners), the vote,
 * history chart and reviews.
 */
export function botView(
  t: Texts,
  bot: Bot,
  reviews: ReviewsPage,
  vote: VoteState,
  names: CategoryNames,
  listing: PublicListing | undefined,
  reviewer: ReviewerState | undefined,
  premium: Html | '' = '',
): Html {
  const lang = t.lang;
  const banner = httpsUrl(bot.bannerUrl);
  return html`<article>
    ${banner ? html`<img class="banner" src="${banner}" alt="" width="960" height="240" />` : ''}
    <div class="bot-head">
      ${botIcon(bot.name, bot.iconUrl, 'large')}
      <div>
        <h1>${bot.name}</h1>
        <p>${bot.shortDescription[lang]}</p>
        ${bot.isVerified ? html`<p class="ok">✓ ${t.bot.verified}</p>` : ''}
      </div>
    </div>
    ${botFacts(t, bot)}
    <p class="actions">
      <a class="button primary" href="${invitePath(lang, bot)}" rel="nofollow">${t.bot.invite}</a>
      <a href="${bot.supportServerUrl}" rel="noopener">${t.bot.support}</a> ·
      <a href="${bot.websiteUrl}" rel="noopener">${t.bot.website}</a>
    </p>
    ${labels([
      {
        name: t.bot.categories,
        items: bot.categories.map((id) => (names.has(id) ? { text: names.label(lang, id), href: categoryPath(lang, id) } : { text: id })),
      },
      { name: t.bot.tags, items: bot.tags.map((tag) => ({ text: tag, href: tagPath(lang, tag) })) },
    ])}
    ${listing ? aboutSection(t, bot.name, listing) : ''} ${voteSection(t, bot, vote)} ${premium}
    <p class="report-link"><a href="${botPath(lang, bot)}/report" rel="nofollow">${t.report.link}</a></p>
    <h2>${t.bot.history}</h2>
    <img
      class="chart"
      src="/api/chart/${encodeURIComponent(bot.id)}?range=30&amp;lang=${lang}"
      alt="${t.bot.historyAlt(bot.name)}"
      width="600"
      height="300"
      loading="lazy"
    />
    ${reviewsSection(t, bot, reviews, reviewer, vote.signInEnabled)}
  </article>`;
}

/** An https address as given, else undefined: the pages' CSP loads no other images from elsewhere. */
/** The owner's long description in the page's language (sanitised when it was accepted) and the screenshots. */
function aboutSection(t: Texts, name: string, listing: PublicListing): Html | '' {
  const text = listing.longDescription[t.lang];
  const shots = listing.screenshots.flatMap((url) => httpsUrl(url) ?? []);
  if (text.value.trim() === '' && shots.length === 0) return '';
  return html`<section aria-labelledby="about">
    <h2 id="about">${t.bot.about}</h2>
    ${text.value.trim() === '' ? '' : html`<div class="markdown">${text}</div>`}
    ${
      shots.length === 0
        ? ''
        : html`<h3>${t.bot.screenshots}</h3>
            <ul class="screenshots">
              ${shots.map(
                (url, i) =>
                  html`<li><img src="${url}" alt="${t.bot.screenshotOf(name, i + 1)}" loading="lazy" width="640" height="360" /></li>`,
              )}
            </ul>`
    }
  </section>`;
}

function httpsUrl(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

function voteSection(t: Texts, bot: Bot, vote: VoteState): Html {
  let body: Html;
  if (vote.status === undefined) {
    body = vote.signInEnabled
      ? html`<p>
          <a class="button primary" href="/auth/sign-in?return=${encodeURIComponent(botPath(t.lang, bot))}">${t.bot.signInToVote}</a>
        </p>`
      : html`<p class="muted">${t.signInOff}</p>`;
  } else if (vote.status.voted) {
    body = html`${vote.justVoted ? html`<p class="ok" role="status">${t.bot.votedNow}</p>` : ''}
      <p id="next-vote">${t.bot.voted} ${time(t, vote.status.expiresAt)}.</p>`;
  } else {
    body = html`<p>${t.bot.canVote}</p>
      <form method="post" action="${botPath(t.lang, bot)}/vote">
        <input type="hidden" name="_csrf" value="${vote.csrf}" /> <button class="primary" type="submit">${t.bot.vote}</button>
      </form>`;
  }
  return html`<section class="card" id="vote" aria-labelledby="vote-heading">
    <h2 id="vote-heading">${t.bot.voteHeading}</h2>
    <p class="muted">${t.bot.voteRule}</p>
    ${body}
  </section>`;
}

/**
 * The bot's categories and tags, named beside their chips, as part of who the bot is: above the
 * vote, not under a heading of their own that would read as part of the section before them.
 */
function labels(lists: { name: string; items: { text: string; href?: string }[] }[]): Html | string {
  const shown = lists.filter((list) => list.items.length > 0);
  if (shown.length === 0) return '';
  return html`<dl class="labels">
    ${shown.map(
      (list) =>
        html`<div>
          <dt>${list.name}</dt>
          <dd>
            <ul class="chips">
              ${list.items.map((item) => html`<li>${item.href ? html`<a href="${item.href}">${item.text}</a>` : item.text}</li>`)}
            </ul>
          </dd>
        </div>`,
    )}
  </dl>`;
}
