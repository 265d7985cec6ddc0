import type { Bot } from '../bots/schemas.js';
import type { Review } from '../reviews/schemas.js';
import { botIcon } from '../../html/bot-icon.js';
import { botFacts } from '../../html/bot-facts.js';
import { html, type Html } from '../../html/html.js';
import type { Lang, Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';

export interface VoteState {
  /** Undefined: nobody is signed in. */
  status: { voted: boolean; expiresAt: string | null } | undefined;
  /** The form's CSRF token (signed in only). */
  csrf: string | undefined;
  /** Right after a vote (the redirect says so). */
  justVoted: boolean;
  signInEnabled: boolean;
}

export function botPath(lang: Lang, bot: Bot): string {
  return `/${lang}/bots/${encodeURIComponent(bot.slugs[lang])}`;
}

/** The public bot page: who it is, its figures, the vote, links, history chart and reviews. */
export function botView(t: Texts, bot: Bot, reviews: Review[], vote: VoteState): Html {
  const lang = t.lang;
  const rating =
    bot.rating.count === 0
      ? t.bot.noRating
      : t.bot.ratingOf(bot.rating.average.toLocaleString(t.locale, { maximumFractionDigits: 2 }), bot.rating.count);
  return html`<article>
    <div class="bot-head">
      ${botIcon(bot.name, bot.iconUrl, 'large')}
      <div>
        <h1>${bot.name}</h1>
        <p>${bot.shortDescription[lang]}</p>
        ${bot.isVerified ? html`<p class="ok">✓ ${t.bot.verified}</p>` : ''}
      </div>
    </div>
    ${botFacts(t, bot, rating)} ${voteSection(t, bot, vote)}
    <p class="actions">
      <a class="button primary" href="${bot.inviteUrl}" rel="noopener">${t.bot.invite}</a>
      <a href="${bot.supportServerUrl}" rel="noopener">${t.bot.support}</a> ·
      <a href="${bot.websiteUrl}" rel="noopener">${t.bot.website}</a>
    </p>
    ${chips(t.bot.categories, bot.categories)}${chips(t.bot.tags, bot.tags)}
    <h2>${t.bot.history}</h2>
    <img
      class="chart"
      src="/api/chart/${encodeURIComponent(bot.id)}?range=30"
      alt="${t.bot.historyAlt(bot.name)}"
      width="600"
      height="300"
      loading="lazy"
    />
    <h2>${t.bot.reviews}</h2>
    ${reviews.length === 0 ? html`<p class="muted">${t.bot.noRating}</p>` : reviews.map((review) => reviewView(t, review))}
  </article>`;
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

function chips(label: string, items: string[]): Html | string {
  if (items.length === 0) return '';
  return html`<h3>${label}</h3>
    <ul class="chips">
      ${items.map((item) => html`<li>${item}</li>`)}
    </ul>`;
}

function reviewView(t: Texts, review: Review): Html {
  return html`<div class="review">
    <p>
      <strong>${review.username}</strong> ·
      <span role="img" aria-label="${t.bot.stars(review.rating)}">${'★'.repeat(review.rating)}${'☆'.repeat(5 - review.rating)}</span> ·
      ${time(t, review.createdAt)}
    </p>
    <p>${review.body}</p>
    ${review.developerReply ? html`<blockquote><strong>${t.bot.reply}:</strong> ${review.developerReply.body}</blockquote>` : ''}
  </div>`;
}
