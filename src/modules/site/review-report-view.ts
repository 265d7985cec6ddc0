/** `/{lang}/bots/{slug}/reviews/{reviewId}/report`: the form that reports one review (a reason from the list and the user's words). */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import type { Bot } from '../bots/schemas.js';
import { MAX_REVIEW_REPORT_DETAILS, REVIEW_REPORT_REASONS, type AdminReview } from '../reviews/schemas.js';

export interface ReviewReportFormState {
  errors: Record<string, string>;
  value: { reason?: string; details?: string };
  csrf: string;
}

export function reviewReportView(t: Texts, bot: Bot, botPath: string, review: AdminReview, state: ReviewReportFormState): Html {
  const r = t.reviews;
  const { errors, value } = state;
  return html`<p><a href="${botPath}#review-${review.id}">← ${r.back}</a></p>
    <h1>${r.reportTitle}</h1>
    <p class="muted">${bot.name}</p>
    <blockquote>
      <p><strong dir="auto">${review.username}</strong> · ${t.bot.stars(review.rating)}</p>
      <p class="review-text" dir="auto">${review.body}</p>
    </blockquote>
    <p>${r.reportLead}</p>
    ${errors.form ? html`<p class="error" role="alert">${errors.form}</p>` : ''}
    <form method="post" action="${botPath}/reviews/${review.id}/report">
      <input type="hidden" name="_csrf" value="${state.csrf}" />
      <label for="review-report-reason">${r.reportReason}</label>
      <select id="review-report-reason" name="reason" required ${invalid('review-report-reason', errors.reason)}>
        <option value="">${r.chooseRating}</option>
        ${REVIEW_REPORT_REASONS.map((reason) =>
          reason === value.reason
            ? html`<option value="${reason}" selected>${r.reasons[reason]}</option>`
            : html`<option value="${reason}">${r.reasons[reason]}</option>`,
        )}
      </select>
      ${fieldError('review-report-reason', errors.reason)}
      <label for="review-report-details">${r.reportDetails}</label>
      <textarea
        id="review-report-details"
        name="details"
        rows="5"
        maxlength="${MAX_REVIEW_REPORT_DETAILS}"
        required
        ${invalid('review-report-details', errors.details)}
      >
${value.details ?? ''}</textarea>
      ${fieldError('review-report-details', errors.details)}
      <p><button class="primary" type="submit">${r.reportSend}</button></p>
    </form>`;
}

function fieldError(id: string, message: string | undefined): Html | string {
  return message ? html`<p class="error" id="${id}-error">${message}</p>` : '';
}

function invalid(id: string, message: string | undefined): Html | string {
  return message ? html` aria-invalid="true" aria-describedby="${id}-error"` : '';
}
