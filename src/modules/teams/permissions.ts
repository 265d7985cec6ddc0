/**
 * What each role of a bot's team may do: one table, asked through `may` by every check (the
 * dashboard's `memberBot`, the listings service, the team service). A role not in a row's list
 * may not do it; a new action is a new row, and the test of this table lists every pair.
 */

/** Strongest first: the order the team page lists members in, and the order of `bots.owners`. */
export const ROLES = ['owner', 'manager', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ACTIONS = [
  /** The bot's dashboard page: figures, chart, recent votes (analytics). */
  'bot.view',
  /** The listing editor and its steps (submit, withdraw, unlist, relist, drop an edit). */
  'listing.edit',
  /** API keys: create, revoke. */
  'keys.manage',
  /** Webhook endpoints: address, on/off, secret, test, redeliver, the delivery log. */
  'webhooks.manage',
  /** Asking the operator for a higher rate tier of a key. */
  'tiers.request',
  /** Premium and payment settings. */
  'payments.manage',
  /** Replying to reviews as the developer. */
  'reviews.reply',
  /** The bot's audit log. */
  'audit.view',
  /** The bot's analytics: views, visitors, invite clicks, votes, referrers, search terms, their CSV export. */
  'analytics.view',
  /** Who is on the team, in which role; leaving it. */
  'team.view',
  /** Inviting, changing and removing members who are not owners, into roles below owner; revoking invitations. */
  'team.manage',
  /** The same for owners: inviting owners, making a member owner, demoting or removing an owner. */
  'team.manage_owners',
  /** Handing the ownership to another member. */
  'bot.transfer',
  /** Deleting the bot. */
  'bot.delete',
] as const;
export type Action = (typeof ACTIONS)[number];

const ALL: readonly Role[] = ROLES;
const MANAGERS: readonly Role[] = ['owner', 'manager'];
const OWNERS: readonly Role[] = ['owner'];

/**
 * owner: everything. manager: everything but owners, transfer and deletion. editor: the listing
 * only (and seeing the bot and its team). viewer: figures and analytics only (and the team).
 */
const ALLOWED: Record<Action, readonly Role[]> = {
  'bot.view': ALL,
  'listing.edit': ['owner', 'manager', 'editor'],
  'keys.manage': MANAGERS,
  'webhooks.manage': MANAGERS,
  'tiers.request': MANAGERS,
  'payments.manage': MANAGERS,
  'reviews.reply': MANAGERS,
  'audit.view': MANAGERS,
  'analytics.view': ALL,
  'team.view': ALL,
  'team.manage': MANAGERS,
  'team.manage_owners': OWNERS,
  'bot.transfer': OWNERS,
  'bot.delete': OWNERS,
};

export function may(role: Role | undefined, action: Action): boolean {
  return role !== undefined && ALLOWED[action].includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The roles `bots.owners` lists (owners, then managers) and whose number MAX_LEADS bounds. */
export function isLead(role: Role): boolean {
  return role === 'owner' || role === 'manager';
}

/** What it takes to give or take `role`: owners only for the owner role, managers for the rest. */
export function actionFor(role: Role): Action {
  return role === 'owner' ? 'team.manage_owners' : 'team.manage';
}
