/** `/console/reports`: the open reports, oldest first, each with the form that resolves it; or the resolved ones. */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import type { ReasonTemplate } from '../reason-templates/schemas.js';
import { MAX_REPORT_ANSWER, RESOLUTIONS, type Report, type ReportList } from '../reports/schemas.js';
import { csrfField, describedBy, fieldError, missing, reasonField, type FieldErrors, type ReasonValue } from './fields.js';
import { consoleUrl, nextPage } from './frame.js';

export interface ReportsState {
  status: 'open' | 'resolved';
  after: string | undefined;
  templates: ReasonTemplate[];
  /** The report whose form was refused, its errors and what it held. */
  failed?: { id: string; errors: FieldErrors; value: ReasonValue & { resolution?: string } };
  csrf: string;
}

export function reportsView(t: Texts, page: ReportList, state: ReportsState): Html {
  const c = t.console;
  const tab = (status: 'open' | 'resolved', label: string) =>
    status === state.status
      ? html`<li><a href="${consoleUrl(t, '/console/reports', { status })}" aria-current="page">${label}</a></li>`
      : html`<li><a href="${consoleUrl(t, '/console/reports', { status })}">${label}</a></li>`;
  return html`<h1>${c.sections.reports}</h1>
    <p class="muted">${c.reportsLead}</p>
    ${missing(page.data, state.failed)}
    <nav class="review-order" aria-label="${c.sections.reports}">
      <ul>
        ${tab('open', c.openReports)} ${tab('resolved', c.resolvedReports)}
      </ul>
    </nav>
    ${
      page.data.length === 0
        ? html`<p>${state.status === 'open' ? c.reportsEmpty : c.resolvedEmpty}</p>`
        : page.data.map((report) => reportView(t, report, state))
    }
    ${nextPage(t, '/console/reports', page.next, { status: state.status }, state.after)}`;
}

function reportView(t: Texts, report: Report, state: ReportsState): Html {
  const c = t.console;
  const id = `report-${report.id}`;
  const failed = state.failed?.id === report.id ? state.failed : undefined;
  const errors = failed?.errors ?? {};
  return html`<article class="card" id="${id}" aria-labelledby="${id}-title">
    <h2 id="${id}-title"><a href="${consoleUrl(t, `/console/bots/${report.botId}`)}">${report.botName}</a></h2>
    <dl class="meta">
      <div>
        <dt>${c.reason}</dt>
        <dd>${t.report.reasons[report.reason] ?? report.reason}</dd>
      </div>
      <div>
        <dt>${c.reporter}</dt>
        <dd>${report.reporterName} <span class="muted">${report.reporterId}</span></dd>
      </div>
      <div>
        <dt>${c.when}</dt>
        <dd>${time(t, report.createdAt)}</dd>
      </div>
    </dl>
    <blockquote class="value">${report.details}</blockquote>
    ${
      report.status === 'resolved'
        ? html`<p>
              <strong>${c.resolutions[report.resolution ?? ''] ?? ''}</strong> · ${time(t, report.resolvedAt)}
              ${report.resolvedBy ?? c.byToken}
            </p>
            <h3>${c.answered}</h3>
            <p class="value">${report.answer}</p>`
        : html`<form method="post" action="${consoleUrl(t, `/console/reports/${report.id}/resolve`, { after: state.after })}">
            ${csrfField(state.csrf)} ${errors.form ? html`<p class="error" role="alert">${errors.form}</p>` : ''}
            <fieldset ${describedBy(`${id}-resolution`, errors.resolution)}>
              <legend>${c.resolution}</legend>
              ${RESOLUTIONS.map(
                (resolution) =>
                  html`<label
                    ><input
                      type="radio"
                      name="resolution"
                      value="${resolution}"
                      ${failed?.value.resolution === resolution ? 'checked' : ''}
                    />
                    ${c.resolutions[resolution]}</label
                  >`,
              )}
            </fieldset>
            ${fieldError(`${id}-resolution`, errors.resolution)}
            ${reasonField(t, id, { label: c.answer, templates: state.templates, errors, value: failed?.value, max: MAX_REPORT_ANSWER })}
            <p><button class="primary" type="submit">${c.resolve}</button></p>
          </form>`
    }
  </article>`;
}
