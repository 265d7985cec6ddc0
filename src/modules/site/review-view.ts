/**
 * The bot page's reviews: the signed-in user's own review (its form, and what a moderator decided
 * about it), the reviews a page at a time in either order with the author's own pinned first on
 * the first page, and each review's helpful and report buttons. Every action is a form (no
 * script); a review's text is plain text, its links text too.
 */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { count, time } from '../../html/layout.js';
import { pagination } from '../../html/pagination.js';
import type { Bot } from '../bots/schemas.js';
import type { AdminReview, Review } from '../reviews/schemas.js';
import type { ReviewOrder } from '../reviews/service.js';
import { MAX_REVIEW_BODY, MIN_REVIEW_BODY } from '../reviews/text.js';
import { botPath } from './paths.js';

/** A page of the bot's reviews in one order. */
export interface ReviewsPage {
  reviews: Review[];
  order: ReviewOrder;
  page: number;
  pages: number;
  total: number;
}

/** What the signed-in user sees of their own part; undefined for a visitor. */
export interface ReviewerState {
  userId: string;
  /** Their review of this bot, whatever its status. */
  own: AdminReview | undefined;
  /** Reviews of this page they marked helpful. */
  marked: ReadonlySet<string>;
  csrf: string;
  /** The form refused (422, 403, 409): its errors beside the fields, and what it held. */
  form?: { errors: Record<string, string>; value: { rating?: string; body?: string } };
  /** What was just done (`?review=…` after the redirect), a key of t.reviews.done. */
  done?: string;
}

export function reviewsSection(t: Texts, bot: Bot, page: ReviewsPage, reviewer: ReviewerState | undefined, signInEnabled: boolean): Html {
  const d = t.directory;
  const path = botPath(t.lang, bot);
  const href = (order: ReviewOrder, n: number) => {
    const params = new URLSearchParams();
    if (order !== 'helpful') params.set('reviews', order);
    if (n > 1) params.set('rpage', String(n));
    const query = params.toString();
    return `${path}${query ? `?${query}` : ''}#reviews`;
  };
  const orders = (['helpful', 'newest'] as const).map((order) =>
    order === page.order
      ? html`<li><a href="${href(order, 1)}" aria-current="true">${d.reviewOrders[order]}</a></li>`
      : html`<li><a href="${href(order, 1)}">${d.reviewOrders[order]}</a></li>`,
  );
  // The author's own published review leads the first page, in either order, and is not repeated below.
  const own = reviewer?.own;
  const pinned = own?.published && page.page === 1 ? own : undefined;
  const listed = page.reviews.filter((review) => review.id !== own?.id);
  const shown = pinned ? [pinned, ...listed] : listed;
  const done = reviewer?.done !== undefined && Object.hasOwn(t.reviews.done, reviewer.done) ? t.reviews.done[reviewer.done] : undefined;
  return html`<section id="reviews" aria-labelledby="reviews-heading">
    <h2 id="reviews-heading">${t.bot.reviews} <span class="muted">(${count(t, page.total)})</span></h2>
    ${done ? html`<p class="ok" role="status">${done}</p>` : ''} ${ownSection(t, path, reviewer, signInEnabled)}
    ${
      page.total === 0 && shown.length === 0
        ? html`<p class="muted">${t.bot.noRating}</p>`
        : html`<nav class="review-order" aria-label="${d.reviewOrder}">
              <ul>
                ${orders}
              </ul>
            </nav>
            ${shown.map((review) => reviewView(t, path, review, reviewer, page))}
            ${pagination(t, page.page, page.pages, (n) => href(page.order, n))}`
    }
  </section>`;
}

/** The user's own review: sign-in for a visitor, else the form (write or change) and what a moderator decided. */
function ownSection(t: Texts, path: string, reviewer: ReviewerState | undefined, signInEnabled: boolean): Html | string {
  const r = t.reviews;
  if (!reviewer) {
    return signInEnabled
      ? html`<p><a class="button" href="/auth/sign-in?return=${encodeURIComponent(`${path}#your-review`)}">${r.signIn}</a></p>`
      : '';
  }
  const { own, form } = reviewer;
  const errors = form?.errors ?? {};
  const rating = form?.value.rating ?? (own ? String(own.rating) : '');
  const body = form?.value.body ?? own?.body ?? '';
  return html`<div class="card" id="your-review">
    <h3>${r.yours}</h3>
    ${own ? statusNote(t, own) : html`<p class="muted">${r.lead}</p>`}
    ${errors.form ? html`<p class="error" role="alert">${errors.form}</p>` : ''}
    <form method="post" action="${path}/review">
      <input type="hidden" name="_csrf" value="${reviewer.csrf}" />
      <input type="hidden" name="mode" value="${own ? 'edit' : 'create'}" />
      <label for="review-rating">${r.rating}</label>
      <select id="review-rating" name="rating" required ${invalid('review-rating', errors.rating)}>
        <option value="">${r.chooseRating}</option>
        ${[5, 4, 3, 2, 1].map((n) =>
          String(n) === rating
            ? html`<option value="${n}" selected>${r.starsOption(n)}</option>`
            : html`<option value="${n}">${r.starsOption(n)}</option>`,
        )}
      </select>
      ${fieldError('review-rating', errors.rating)}
      <label for="review-body">${r.body}</label>
      <p class="muted" id="review-body-hint">${r.bodyHint(MIN_REVIEW_BODY, MAX_REVIEW_BODY)}</p>
      <textarea
        id="review-body"
        name="body"
        rows="5"
        minlength="${MIN_REVIEW_BODY}"
        maxlength="${MAX_REVIEW_BODY}"
        required
        aria-describedby="review-body-hint${errors.body ? ' review-body-error' : ''}"
        ${errors.body ? html`aria-invalid="true"` : ''}
      >
${body}</textarea>
      ${fieldError('review-body', errors.body)}
      <p><button class="primary" type="submit">${own ? r.save : r.publish}</button></p>
    </form>
    ${
      own
        ? html`<form method="post" action="${path}/review/delete">
            <input type="hidden" name="_csrf" value="${reviewer.csrf}" />
            <button type="submit">${r.delete}</button>
          </form>`
        : ''
    }
  </div>`;
}

/** What the author is told about their review that is not public: waiting (and why), or hidden with the reason. */
function statusNote(t: Texts, own: AdminReview): Html | string {
  const r = t.reviews;
  if (own.status === 'held') {
    const why = own.heldFor.map((rule) => r.rules[rule] ?? rule);
    return html`<p class="notice" role="status">${r.waiting}${why.length > 0 ? html` ${r.heldFor}: ${why.join(', ')}.` : ''}</p>`;
  }
  if (own.status === 'hidden') {
    return html`<div class="notice" role="status">
      <p>${r.hidden}</p>
      <p class="review-text">${own.hideReason ?? ''}</p>
      <p>${r.hiddenEdit}</p>
    </div>`;
  }
  return '';
}

function reviewView(t: Texts, path: string, review: Review, reviewer: ReviewerState | undefined, page: ReviewsPage): Html {
  const r = t.reviews;
  const mine = reviewer?.userId === review.user;
  const marked = reviewer?.marked.has(review.id) ?? false;
  // The team's reply stamps `updatedAt` too (the API's contract): only a later change is the author's.
  const edited = review.updatedAt !== review.createdAt && review.updatedAt !== review.developerReply?.repliedAt;
  return html`<article class="review${mine ? ' own' : ''}" id="review-${review.id}">
    <p>
      <strong dir="auto">${review.username}</strong> ·
      <span role="img" aria-label="${t.bot.stars(review.rating)}">${'★'.repeat(review.rating)}${'☆'.repeat(5 - review.rating)}</span> ·
      ${time(t, review.createdAt)}${edited ? html` · <span class="muted">${r.edited}</span>` : ''}
    </p>
    <p class="review-text" dir="auto">${review.body}</p>
    ${
      review.developerReply
        ? html`<blockquote>
            <strong>${t.bot.reply}:</strong> <span class="review-text" dir="auto">${review.developerReply.body}</span>
          </blockquote>`
        : ''
    }
    <div class="review-actions">
      ${review.helpfulCount > 0 ? html`<span class="muted">${r.helpfulCount(review.helpfulCount)}</span>` : ''}
      ${
        reviewer && !mine
          ? html`<form method="post" action="${path}/reviews/${review.id}/helpful">
                <input type="hidden" name="_csrf" value="${reviewer.csrf}" />
                <input type="hidden" name="on" value="${marked ? '0' : '1'}" />
                <input type="hidden" name="reviews" value="${page.order}" />
                <input type="hidden" name="rpage" value="${page.page}" />
                <button
                  type="submit"
                  aria-pressed="${marked ? 'true' : 'false'}"
                  aria-label="${marked ? r.unmarkHelpfulOf(review.username) : r.markHelpfulOf(review.username)}"
                >
                  ${marked ? r.unmarkHelpful : r.markHelpful}
                </button>
              </form>
              <a href="${path}/reviews/${review.id}/report" rel="nofollow" aria-label="${r.reportOf(review.username)}">${r.report}</a>`
          : ''
      }
    </div>
  </article>`;
}

function fieldError(id: string, message: string | undefined): Html | string {
  return message ? html`<p class="error" id="${id}-error">${message}</p>` : '';
}

function invalid(id: string, message: string | undefined): Html | string {
  return message ? html` aria-invalid="true" aria-describedby="${id}-error"` : '';
}
