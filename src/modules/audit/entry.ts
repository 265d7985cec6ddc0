/**
 * What one audit entry says: who did it (the actor) and from where, what (the action, from the
 * closed list below), to which bot and target, and for changes the diff. Every module that
 * changes something a team or the operator must be able to trace builds one of these and hands it
 * to `auditRepository.record` inside the transaction of the change.
 */
export const ACTOR_KINDS = ['user', 'key', 'operator', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export const VIAS = ['dashboard', 'api', 'console', 'admin_api', 'system'] as const;
export type Via = (typeof VIAS)[number];

/**
 * Who acted, from where. `id`: the platform user's id (`user`, and `operator` signed in to the
 * console), the API key's prefix (`key`), null for the operator token and the service itself.
 */
export type Actor =
  | { kind: 'user'; id: string; via: 'dashboard' }
  | { kind: 'key'; id: string; via: 'api' }
  | { kind: 'operator'; id: string | null; via: 'console' | 'admin_api' }
  | { kind: 'system'; id: null; via: 'system' };

/** A signed-in user in the dashboard: an owner or a member of the bot's team. */
export type UserActor = Extract<Actor, { kind: 'user' }>;
/** The operator: signed in to the console, or the operator token of the management API. */
export type OperatorActor = Extract<Actor, { kind: 'operator' }>;

export const SYSTEM: Actor = { kind: 'system', id: null, via: 'system' };
export const OPERATOR_TOKEN: OperatorActor = { kind: 'operator', id: null, via: 'admin_api' };
export const dashboardUser = (userId: string): UserActor => ({ kind: 'user', id: userId, via: 'dashboard' });
export const consoleOperator = (userId: string): OperatorActor => ({ kind: 'operator', id: userId, via: 'console' });

/**
 * Every action the log records; the filters of the log pages offer these. What each entry names
 * beside its bot (`target`) and carries (`diff`, `note`):
 *
 * - `listing.*`: target none; `listing.edit` the changed fields; `listing.transition` the
 *   transition as target (`approve`; `edit.approve` for the review of an edit), the state before
 *   and after as diff, the moderator's note.
 * - `key.*`: the key's id; note its prefix; `key.create` its name, scopes and tier, `key.tier` and
 *   `key.update` (scopes, name) the changed fields.
 * - `webhook.*`: the endpoint's id; the changed settings (a Discord URL's token hidden, a secret never).
 * - `report.resolve`: the report's id, the answer as note; `ban.*`: the user's or bot's platform
 *   ID, the reason as note; `tier_request.decide`: the request's id, the operator's note.
 * - `payments.connect`, `payments.donation_currency`: the Stripe account's id; the currency's
 *   change. `payments.tier_*`: the premium tier's id, its English name as note, what buyers see
 *   and pay (name, description, scope, interval, amountMinor, currency) as diff.
 */
export const AUDIT_ACTIONS = [
  'listing.create',
  'listing.edit',
  'listing.transition',
  'listing.delete',
  'key.create',
  'key.revoke',
  'key.tier',
  'key.update',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotate_secret',
  'webhook.end_overlap',
  'webhook.switch_off',
  'webhook.enable',
  'team.invite',
  'team.invite_revoke',
  'team.join',
  'team.role',
  'team.remove',
  'team.leave',
  'team.transfer',
  'report.resolve',
  'ban.create',
  'ban.lift',
  'tier_request.decide',
  'review.reply',
  'review.hide',
  'review.approve',
  'review.delete',
  'payments.connect',
  'payments.donation_currency',
  'payments.tier_create',
  'payments.tier_update',
  'payments.tier_archive',
  'payments.tier_delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One field's value before and after a change. */
export type Diff = Record<string, { before: unknown; after: unknown }>;

export interface AuditEntry {
  actor: Actor;
  action: AuditAction;
  botId: string | null;
  target?: string | null;
  diff?: Diff | null;
  note?: string | null;
}

/** The fields of `after` whose value differs from `before`'s, as a diff; null when none does. */
export function diffOf<T extends object>(before: Partial<T>, after: Partial<T>, fields: readonly (keyof T & string)[]): Diff | null {
  const diff: Diff = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const was = before[field] ?? null;
    const now = after[field] ?? null;
    if (canonical(was) !== canonical(now)) diff[field] = { before: was, after: now };
  }
  return Object.keys(diff).length > 0 ? diff : null;
}

/** What something new was made with: each given field from nothing to its value. */
export function diffOfNew(values: Record<string, unknown>): Diff {
  const diff: Diff = {};
  for (const [field, value] of Object.entries(values)) if (value !== undefined) diff[field] = { before: null, after: value };
  return diff;
}

/** What something deleted had: each given field from its value to nothing. */
export function diffOfGone(values: Record<string, unknown>): Diff {
  const diff: Diff = {};
  for (const [field, value] of Object.entries(values)) if (value !== undefined) diff[field] = { before: value, after: null };
  return diff;
}

/**
 * A value as text with the keys of its objects sorted: the database hands back a jsonb object's
 * keys in its own order, so `{en, de}` and `{de, en}` must compare equal.
 */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
