/** `/console/reviews`: the held reviews or the reported ones, the longest waiting first, each with approve, hide (a reason for its author) and delete. */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import type { ReasonTemplate } from '../reason-templates/schemas.js';
import { MAX_HIDE_REASON, type AdminReview, type ReviewReport } from '../reviews/schemas.js';
import { csrfField, missing, reasonField, type FieldErrors, type ReasonValue } from './fields.js';
import { consoleUrl, nextPage } from './frame.js';

export type ReviewQueue = 'held' | 'reported';

export interface ReviewQueueState {
  queue: ReviewQueue;
  after: string | undefined;
  next: string | null;
  templates: ReasonTemplate[];
  /** The review whose form was refused, its errors and what it held. */
  failed?: { id: string; errors: FieldErrors; value: ReasonValue };
  csrf: string;
}

/** One entry of a queue: a held review, or a report with its review. */
export type QueueEntry = { review: AdminReview; report?: ReviewReport };

export function reviewQueueView(t: Texts, entries: QueueEntry[], state: ReviewQueueState): Html {
  const r = t.reviews;
  const c = t.console;
  const tab = (queue: ReviewQueue, label: string) =>
    queue === state.queue
      ? html`<li><a href="${consoleUrl(t, '/console/reviews', { queue })}" aria-current="page">${label}</a></li>`
      : html`<li><a href="${consoleUrl(t, '/console/reviews', { queue })}">${label}</a></li>`;
  return html`<h1>${c.sections.reviews}</h1>
    <p class="muted">${r.queueLead}</p>
    ${missing(
      entries.map((entry) => entry.review),
      state.failed,
    )}
    <nav class="review-order" aria-label="${c.sections.reviews}">
      <ul>
        ${tab('held', r.heldTab)} ${tab('reported', r.reportedTab)}
      </ul>
    </nav>
    ${
      entries.length === 0
        ? html`<p>${state.queue === 'held' ? r.heldEmpty : r.reportsEmpty}</p>`
        : entries.map((entry) => entryView(t, entry, state))
    }
    ${nextPage(t, '/console/reviews', state.next, { queue: state.queue }, state.after)}`;
}

function entryView(t: Texts, { review, report }: QueueEntry, state: ReviewQueueState): Html {
  const r = t.reviews;
  const c = t.console;
  const id = `${report ? `report-${report.id}` : 'review'}-${review.id}`;
  const failed = state.failed?.id === review.id ? state.failed : undefined;
  const errors = failed?.errors ?? {};
  const action = (name: string) => consoleUrl(t, `/console/reviews/${review.id}/${name}`, { queue: state.queue, after: state.after });
  return html`<article class="card" id="${id}" aria-labelledby="${id}-title">
    <h2 id="${id}-title"><a href="${consoleUrl(t, `/console/bots/${review.botId}`)}">${review.botId}</a></h2>
    <dl class="meta">
      <div>
        <dt>${r.author}</dt>
        <dd><span dir="auto">${review.username}</span> <span class="muted">${review.user}</span></dd>
      </div>
      <div>
        <dt>${r.rating}</dt>
        <dd>${t.bot.stars(review.rating)}</dd>
      </div>
      <div>
        <dt>${c.when}</dt>
        <dd>${time(t, review.updatedAt)}</dd>
      </div>
      <div>
        <dt>${t.dash.state}</dt>
        <dd>
          ${r.statuses[review.status] ?? review.status}${
            review.heldFor.length > 0 ? html` · ${r.heldFor}: ${review.heldFor.map((rule) => r.rules[rule] ?? rule).join(', ')}` : ''
          }
        </dd>
      </div>
      ${
        report
          ? html`<div>
                <dt>${r.reportedBy}</dt>
                <dd>${report.reporterName} <span class="muted">${report.reporterId}</span> · ${time(t, report.createdAt)}</dd>
              </div>
              <div>
                <dt>${c.reason}</dt>
                <dd>${r.reasons[report.reason] ?? report.reason}</dd>
              </div>`
          : ''
      }
    </dl>
    <blockquote class="value review-text" dir="auto">${review.body}</blockquote>
    ${report ? html`<p class="value review-text" dir="auto">${report.details}</p>` : ''}
    ${errors.form ? html`<p class="error" role="alert">${errors.form}</p>` : ''}
    <form method="post" action="${action('approve')}">
      ${csrfField(state.csrf)}
      <button class="primary" type="submit">${review.status === 'published' ? r.approveReported : r.approve}</button>
    </form>
    <form method="post" action="${action('hide')}">
      ${csrfField(state.csrf)}
      ${reasonField(t, id, { label: r.hideReason, templates: state.templates, errors, value: failed?.value, max: MAX_HIDE_REASON })}
      <p><button type="submit">${r.hide}</button></p>
    </form>
    <form method="post" action="${action('delete')}">
      ${csrfField(state.csrf)}
      <button type="submit">${r.remove}</button>
    </form>
  </article>`;
}
