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

export const SYSTEM: Actor = { kind: 'system', id: null, via: 'system' };
export const OPERATOR_TOKEN: Actor = { kind: 'operator', id: null, via: 'admin_api' };
export const dashboardUser = (userId: string): Actor => ({ kind: 'user', id: userId, via: 'dashboard' });

/** Every action the log records; the filters of the log pages offer these. */
export const AUDIT_ACTIONS = [
  'listing.create',
  'listing.edit',
  'listing.transition',
  'key.create',
  'key.revoke',
  'key.tier',
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
    if (JSON.stringify(was) !== JSON.stringify(now)) diff[field] = { before: was, after: now };
  }
  return Object.keys(diff).length > 0 ? diff : null;
}
