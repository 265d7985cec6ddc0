/** The reporter's pages: the report form of a bot, and their own reports with the operators' answers. */
import type { Bot } from '../bots/schemas.js';
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import { scrollingTable } from '../../html/table.js';
import { MAX_REPORT_DETAILS, REPORT_REASONS } from './schemas.js';
import type { OwnReport } from './service.js';

export interface ReportFormState {
  /** The user's reports of this bot, newest first. */
  own: OwnReport[];
  sent: boolean;
  errors: Record<string, string>;
  value: { reason?: string; details?: string };
  csrf: string;
}

function fieldError(id: string, message: string | undefined): Html | string {
  return message ? html`<p class="error" id="${id}-error">${message}</p>` : '';
}

function invalid(id: string, message: string | undefined): Html | string {
  return message ? html` aria-invalid="true" aria-describedby="${id}-error"` : '';
}

/** `/{lang}/bots/{slug}/report`: the form, or the report that waits for an answer; earlier answers below. */
export function reportFormView(t: Texts, bot: Bot, botPath: string, state: ReportFormState): Html {
  const r = t.report;
  const { errors, value } = state;
  // A refused form is shown again with its error beside the field, even when a report waits.
  const open = Object.keys(errors).length === 0 && state.own.some((entry) => entry.report.status === 'open');
  return html`<p><a href="${botPath}">← ${r.back}</a></p>
    <h1>${r.title(bot.name)}</h1>
    ${state.sent ? html`<p class="ok" role="status">${r.sent}</p>` : ''}
    ${
      open
        ? html`<p class="notice">${r.waiting}</p>`
        : html`<p class="muted">${r.lead}</p>
            <form method="post" action="${botPath}/report">
              <input type="hidden" name="_csrf" value="${state.csrf}" />
              <label for="report-reason">${r.reason}</label>
              <select id="report-reason" name="reason" ${invalid('report-reason', errors.reason)}>
                ${REPORT_REASONS.map((reason) =>
                  reason === value.reason
                    ? html`<option value="${reason}" selected>${r.reasons[reason]}</option>`
                    : html`<option value="${reason}">${r.reasons[reason]}</option>`,
                )}
              </select>
              ${fieldError('report-reason', errors.reason)}
              <label for="report-details">${r.details}</label>
              <textarea
                id="report-details"
                name="details"
                rows="5"
                maxlength="${MAX_REPORT_DETAILS}"
                ${invalid('report-details', errors.details)}
              >
${value.details ?? ''}</textarea>
              ${fieldError('report-details', errors.details)}
              <p><button class="primary" type="submit">${r.send}</button></p>
            </form>`
    }
    ${state.own.length === 0 ? '' : ownTable(t, state.own, false)}
    <p><a href="/dashboard/reports?lang=${t.lang}">${r.mine}</a></p>`;
}

/** On `/dashboard`: the way to the user's reports, and how many answers they have not seen yet. */
export function reportsLink(t: Texts, newAnswers: number): Html {
  return html`<p>
    <a href="/dashboard/reports?lang=${t.lang}">${t.report.mine}</a>
    ${newAnswers > 0 ? html`<strong class="badge">${t.report.newAnswers(newAnswers)}</strong>` : ''}
  </p>`;
}

/** `/dashboard/reports`: every report of the user, newest first, answers new to them marked. */
export function ownReportsView(t: Texts, own: OwnReport[]): Html {
  const r = t.report;
  return html`<p><a href="/dashboard?lang=${t.lang}">← ${t.dash.back}</a></p>
    <h1>${r.mine}</h1>
    <p class="muted">${r.mineLead}</p>
    ${own.length === 0 ? html`<p>${r.none}</p>` : ownTable(t, own, true)}`;
}

function ownTable(t: Texts, own: OwnReport[], withBot: boolean): Html {
  const r = t.report;
  return scrollingTable(
    r.mine,
    html`<table class="own-reports">
      <thead>
        <tr>
          ${withBot ? html`<th scope="col">${t.console.bot}</th>` : ''}
          <th scope="col">${r.sentAt}</th>
          <th scope="col">${r.reason}</th>
          <th scope="col">${t.dash.state}</th>
          <th scope="col">${r.answer}</th>
        </tr>
      </thead>
      <tbody>
        ${own.map(
          ({ report, slugs, newAnswer }) =>
            html`<tr>
              ${withBot ? html`<td><a href="/${t.lang}/bots/${encodeURIComponent(slugs[t.lang])}">${report.botName}</a></td>` : ''}
              <td>${time(t, report.createdAt)}</td>
              <td>
                ${r.reasons[report.reason]}
                <div class="value muted">${report.details}</div>
              </td>
              <td>${report.status === 'resolved' ? r.resolutions[report.resolution ?? ''] : r.status.open}</td>
              <td>
                ${newAnswer ? html`<strong class="badge">${r.newAnswer}</strong> ` : ''}${report.answer ? html`<div class="value">${report.answer}</div>` : ''}
              </td>
            </tr>`,
        )}
      </tbody>
    </table>`,
  );
}
