/** `/dashboard/bots/{id}/reviews`: the bot's published reviews, all or only the unanswered, each with the form of the team's reply. */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import type { AdminBot } from '../bots/schemas.js';
import type { AdminReview } from '../reviews/schemas.js';
import { MAX_REVIEW_BODY } from '../reviews/text.js';

export interface BotReviewsState {
  unanswered: boolean;
  after: string | undefined;
  next: string | null;
  csrf: string;
  /** The reply form refused: its review, its error and what it held. */
  failed?: { reviewId: string; error: string; value: string };
  done?: string;
}

export function botReviewsView(t: Texts, bot: AdminBot, reviews: AdminReview[], state: BotReviewsState): Html {
  const r = t.reviews;
  const base = `/dashboard/bots/${bot.id}/reviews`;
  const url = (unanswered: boolean, after?: string) => {
    const params = new URLSearchParams({ lang: t.lang });
    if (unanswered) params.set('filter', 'unanswered');
    if (after) params.set('after', after);
    return `${base}?${params.toString()}`;
  };
  const tab = (unanswered: boolean, label: string) =>
    unanswered === state.unanswered
      ? html`<li><a href="${url(unanswered)}" aria-current="page">${label}</a></li>`
      : html`<li><a href="${url(unanswered)}">${label}</a></li>`;
  const done = state.done !== undefined && Object.hasOwn(r.replyDone, state.done) ? r.replyDone[state.done] : undefined;
  return html`<p><a href="/dashboard/bots/${bot.id}?lang=${t.lang}">← ${bot.name}</a></p>
    <h1>${r.dashTitle(bot.name)}</h1>
    <p class="muted">${r.dashLead}</p>
    ${done ? html`<p class="ok" role="status">${done}</p>` : ''}
    <nav class="review-order" aria-label="${r.filter}">
      <ul>
        ${tab(false, r.all)} ${tab(true, r.unanswered)}
      </ul>
    </nav>
    ${reviews.length === 0 ? html`<p>${r.none}</p>` : reviews.map((review) => reviewCard(t, base, review, state))}
    ${state.next !== null ? html`<p><a href="${url(state.unanswered, state.next)}" rel="next">${r.more} →</a></p>` : ''}`;
}

function reviewCard(t: Texts, base: string, review: AdminReview, state: BotReviewsState): Html {
  const r = t.reviews;
  const id = `reply-${review.id}`;
  const failed = state.failed?.reviewId === review.id ? state.failed : undefined;
  const reply = failed?.value ?? review.developerReply?.body ?? '';
  const query = `lang=${t.lang}${state.unanswered ? '&filter=unanswered' : ''}`;
  return html`<article class="card review" id="review-${review.id}">
    <p>
      <strong dir="auto">${review.username}</strong> ·
      <span role="img" aria-label="${t.bot.stars(review.rating)}">${'★'.repeat(review.rating)}${'☆'.repeat(5 - review.rating)}</span> ·
      ${time(t, review.createdAt)}
    </p>
    <p class="review-text" dir="auto">${review.body}</p>
    ${review.developerReply ? html`<p class="muted">${r.replied} · ${time(t, review.developerReply.repliedAt)}</p>` : ''}
    <form method="post" action="${base}/${review.id}/reply?${query}">
      <input type="hidden" name="_csrf" value="${state.csrf}" />
      <label for="${id}">${r.reply}</label>
      <textarea
        id="${id}"
        name="reply"
        rows="3"
        maxlength="${MAX_REVIEW_BODY}"
        required
        ${failed ? html`aria-invalid="true" aria-describedby="${id}-error"` : ''}
      >
${reply}</textarea>
      ${failed ? html`<p class="error" id="${id}-error">${failed.error}</p>` : ''}
      <p><button class="primary" type="submit">${r.replySave}</button></p>
    </form>
    ${
      review.developerReply
        ? html`<form method="post" action="${base}/${review.id}/reply/delete?${query}">
            <input type="hidden" name="_csrf" value="${state.csrf}" />
            <button type="submit">${r.replyDelete}</button>
          </form>`
        : ''
    }
  </article>`;
}
