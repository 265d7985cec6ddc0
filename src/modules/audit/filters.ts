/**
 * The log pages' filter form (a GET form: its fields are the page's query) read into the service's
 * filters, each field's error in the page's language beside it. Times are UTC, as the pages show
 * them: a day, or a day and a time; a day given as "until" counts whole.
 */
import type { Texts } from '../../html/i18n/index.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import { AUDIT_ACTIONS, type AuditAction } from './entry.js';

/** The form's fields, as text. */
export interface AuditFilterForm {
  bot?: string;
  user?: string;
  action?: string;
  from?: string;
  to?: string;
}

export interface AuditFilters {
  botId?: string;
  actorId?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}

const ACTOR = /^[A-Za-z0-9_-]{1,64}$/;
const TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?))?$/;
const DAY_MS = 86_400_000;

/** The filters the form asks for, or the errors of its fields (by field name); `value` is the form as given, trimmed. */
export function readAuditFilters(
  t: Texts,
  form: AuditFilterForm,
): { value: AuditFilterForm; filters: AuditFilters; errors: Record<string, string> } {
  const value: AuditFilterForm = {};
  for (const field of ['bot', 'user', 'action', 'from', 'to'] as const) {
    const text = form[field]?.trim();
    if (text) value[field] = text;
  }
  const errors: Record<string, string> = {};
  const filters: AuditFilters = {};
  if (value.bot !== undefined) {
    if (isSnowflakeId(value.bot)) filters.botId = value.bot;
    else errors.bot = t.console.botIdInvalid;
  }
  if (value.user !== undefined) {
    if (ACTOR.test(value.user)) filters.actorId = value.user;
    else errors.user = t.audit.actorInvalid;
  }
  if (value.action !== undefined) {
    if ((AUDIT_ACTIONS as readonly string[]).includes(value.action)) filters.action = value.action as AuditAction;
    else errors.action = t.console.chooseOne;
  }
  const from = value.from === undefined ? undefined : instant(value.from, false);
  const to = value.to === undefined ? undefined : instant(value.to, true);
  if (from === null) errors.from = t.audit.timeInvalid;
  if (to === null) errors.to = t.audit.timeInvalid;
  if (from && to && to <= from) errors.to = t.audit.toBeforeFrom;
  if (from) filters.from = from.toISOString();
  if (to) filters.to = to.toISOString();
  return { value, filters, errors };
}

/** The instant a field names (UTC); a bare day as an end means the end of that day. null: no time. */
function instant(text: string, end: boolean): Date | null {
  const match = TIME.exec(text);
  if (!match) return null;
  const date = new Date(`${match[1]}T${match[2] ?? '00:00'}Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[1]) return null;
  return end && match[2] === undefined ? new Date(date.getTime() + DAY_MS) : date;
}
