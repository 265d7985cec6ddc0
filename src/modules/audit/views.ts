/**
 * The audit log as the pages show it (the console's whole log, a bot's log on the dashboard): each
 * entry's time, who and from where, what and on what, and each changed field before → after. Every
 * value is text, escaped by the template (a bot's name or a note can only ever show as written).
 */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { fieldError, invalid } from '../../html/forms.js';
import { time } from '../../html/layout.js';
import { scrollingTable } from '../../html/table.js';
import { AUDIT_ACTIONS } from './entry.js';
import type { AuditLogEntry } from './schemas.js';

/** The longest text a value shows; a long description is cut (the whole of it is in the management API's answer). */
const SHOWN_LENGTH = 400;

export interface AuditTableOptions {
  /** Names of actors known to the page (the signed-in user's own), by platform ID. */
  names: ReadonlyMap<string, string>;
  /** The signed-in user: their own entries say "you". */
  viewerId?: string;
  /** A column with each entry's bot, linked where `botHref` says (the whole log). */
  botHref?: (botId: string) => string;
}

export function auditTable(t: Texts, entries: AuditLogEntry[], options: AuditTableOptions): Html {
  const a = t.audit;
  return scrollingTable(
    a.title,
    html`<table class="audit">
      <thead>
        <tr>
          <th scope="col">${a.when}</th>
          <th scope="col">${a.who}</th>
          ${options.botHref ? html`<th scope="col">${t.console.bot}</th>` : ''}
          <th scope="col">${a.what}</th>
          <th scope="col">${a.changes}</th>
        </tr>
      </thead>
      <tbody>
        ${entries.map(
          (entry) =>
            html`<tr>
              <td>${time(t, entry.at)}</td>
              <td>
                ${actorView(t, entry.actor, options)}
                <div class="muted">${a.viaLabel} ${a.via[entry.actor.via] ?? entry.actor.via}</div>
              </td>
              ${options.botHref ? html`<td>${entry.botId === null ? '' : html`<a href="${options.botHref(entry.botId)}">${entry.botId}</a>`}</td>` : ''}
              <td>${whatView(t, entry)}</td>
              <td>${changesView(t, entry)}</td>
            </tr>`,
        )}
      </tbody>
    </table>`,
  );
}

/** Who acted: a user by name where the page knows it, a key by its prefix, the operator, the directory itself. */
function actorView(t: Texts, actor: AuditLogEntry['actor'], options: AuditTableOptions): Html {
  const a = t.audit;
  const person = (id: string) => {
    const name = options.names.get(id);
    const you = id === options.viewerId ? html` <span class="muted">(${a.you})</span>` : '';
    return name === undefined ? html`${id}${you}` : html`${name} <span class="muted">${id}</span>${you}`;
  };
  switch (actor.kind) {
    case 'user':
      return person(actor.id ?? '');
    case 'key':
      return html`${a.actors.key} <code>${actor.id}</code>`;
    case 'operator':
      return actor.id === null ? html`${a.actors.token}` : html`${a.actors.operator}: ${person(actor.id)}`;
    case 'system':
      return html`${a.actors.system}`;
  }
}

/** The action, in words; a listing's transition with its step; and what it was on. */
function whatView(t: Texts, entry: AuditLogEntry): Html {
  const a = t.audit;
  const action = a.actions[entry.action] ?? entry.action;
  if (entry.action === 'listing.transition' && entry.target !== null) {
    const [track, step] = entry.target.startsWith('edit.') ? ['edit', entry.target.slice(5)] : ['listing', entry.target];
    const words = t.console.transitions[step] ?? step;
    return html`${action}: ${track === 'edit' ? html`${t.console.editState} ` : ''}${words}`;
  }
  return html`${action}${entry.target === null ? '' : html`<div class="muted">${a.on} <code>${entry.target}</code></div>`}`;
}

/** Each changed field before → after (a field of both languages as one line each), then the note. */
function changesView(t: Texts, entry: AuditLogEntry): Html | string {
  const lines: Html[] = [];
  for (const [field, { before, after }] of Object.entries(entry.diff ?? {})) {
    if (isRecord(before) || isRecord(after)) {
      const was = isRecord(before) ? before : {};
      const now = isRecord(after) ? after : {};
      for (const key of [...new Set([...Object.keys(was), ...Object.keys(now)])]) {
        if (JSON.stringify(was[key] ?? null) === JSON.stringify(now[key] ?? null)) continue;
        lines.push(change(t, entry.action, field, `${fieldName(t, field)} (${t.console.inLang[key] ?? key})`, was[key], now[key]));
      }
    } else {
      lines.push(change(t, entry.action, field, fieldName(t, field), before, after));
    }
  }
  const note = entry.note === null ? '' : html`<div class="value">${shortened(entry.note)}</div>`;
  if (lines.length === 0) return note;
  return html`<ul class="changes">
      ${lines}
    </ul>
    ${note}`;
}

function change(t: Texts, action: string, field: string, name: string, before: unknown, after: unknown): Html {
  return html`<li>
    <strong>${name}</strong>: <span class="before">${valueView(t, action, field, before)}</span> →
    <span class="after">${valueView(t, action, field, after)}</span>
  </li>`;
}

function fieldName(t: Texts, field: string): string {
  return t.audit.fields[field] ?? t.console.fields[field] ?? field;
}

/** Fields whose values are words people wrote: shown as text. */
const WRITTEN = new Set(['name', 'description', 'shortDescription', 'longDescription', 'tags']);
/**
 * The words of the values an action's fields hold (a listing's, a report's, a tier request's
 * states; a member's role; a webhook's events, format and language; a premium tier's scope and
 * interval).
 */
function statesOf(t: Texts, action: string, field: string): Record<string, string> | undefined {
  if (action === 'listing.transition')
    return field === 'status' ? t.console.states : field === 'editStatus' ? t.console.editStates : undefined;
  if (action === 'report.resolve') return field === 'status' ? t.report.status : field === 'resolution' ? t.console.resolutions : undefined;
  if (action === 'tier_request.decide' && field === 'status') return t.dash.status;
  if (action.startsWith('team.') && field === 'role') return t.team.roles;
  if (action.startsWith('payments.tier_'))
    return field === 'scope' ? t.payments.scopes : field === 'interval' ? t.payments.intervals : undefined;
  if (action.startsWith('webhook.')) {
    const words: Record<string, Record<string, string>> = {
      events: t.delivery.event,
      format: t.hooks.formats,
      language: t.hooks.languages,
    };
    return Object.hasOwn(words, field) ? words[field] : undefined;
  }
  return undefined;
}

/**
 * A value as the page shows it: nothing as "none", a yes or no, a state, a role or a webhook's
 * settings in the page's words, what people wrote as text, and anything else (addresses, scopes,
 * codes) as machine text.
 */
function valueView(t: Texts, action: string, field: string, value: unknown): Html {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return html`<span class="muted">${t.audit.none}</span>`;
  if (typeof value === 'boolean') return html`${value ? t.audit.yes : t.audit.no}`;
  if (typeof value === 'number') return html`${value}`;
  const states = statesOf(t, action, field);
  if (states && typeof value === 'string') return html`${states[value] ?? value}`;
  if (states && Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return html`${value.map((item: string) => states[item] ?? item).join(', ')}`;
  const text = Array.isArray(value)
    ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ')
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);
  return WRITTEN.has(field) ? html`${shortened(text)}` : html`<code>${shortened(text)}</code>`;
}

function shortened(text: string): string {
  return text.length <= SHOWN_LENGTH ? text : `${text.slice(0, SHOWN_LENGTH - 1)}…`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The log's action filter, every action in the page's words: the console's and the dashboard's forms. */
export function actionSelect(t: Texts, selected: string | undefined, error: string | undefined): Html {
  const a = t.audit;
  return html`<label for="audit-action">${a.action}</label>
    <select id="audit-action" name="action" ${invalid('audit-action', error)}>
      <option value="">${a.anyAction}</option>
      ${AUDIT_ACTIONS.map((action) =>
        action === selected
          ? html`<option value="${action}" selected>${a.actions[action] ?? action}</option>`
          : html`<option value="${action}">${a.actions[action] ?? action}</option>`,
      )}
    </select>
    ${fieldError('audit-action', error)}`;
}
