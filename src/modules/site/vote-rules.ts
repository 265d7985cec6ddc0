/**
 * The vote page's abuse rules (docs/decisions.md "Vote page: limits and flagged votes"). Counters
 * live in the rate-limit store: Redis when REDIS_URL is set (shared by every process), else this
 * process's memory.
 */
import { AppError } from '../../lib/errors.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import { snowflakeTime } from '../../lib/snowflake.js';
import { clientBucket } from '../ratelimit/client-address.js';
import type { RateLimitStore } from '../ratelimit/index.js';

const MINUTE = 60_000;
/** Vote attempts per signed-in user, over all bots, per 10 minutes. */
export const USER_VOTES_PER_10_MIN = 10;
/** Vote attempts per client address (IPv6: per /64), over all users and bots, per 10 minutes. */
export const ADDRESS_VOTES_PER_10_MIN = 30;
/** From this many accounts voting for one bot from one address within 10 minutes, their votes are flagged. */
export const SHARED_ADDRESS_FLAG_FROM = 3;
/** Accounts younger than this (the platform's id says when it was made) vote flagged. */
export const NEW_ACCOUNT_DAYS = 7;

async function over(store: RateLimitStore, bucket: string, limit: number): Promise<number | undefined> {
  const hit = await store.hit(bucket, limit, 10 * MINUTE);
  return hit.count > limit ? Math.ceil(hit.resetMs / 1000) : undefined;
}

/** 429 (with Retry-After) when this user or this address has tried to vote too often. */
export async function checkVoteLimits(store: RateLimitStore, userId: string, ip: string): Promise<void> {
  const retry =
    (await over(store, `vote-user:${userId}`, USER_VOTES_PER_10_MIN)) ??
    (await over(store, `vote-ip:${clientBucket(ip)}`, ADDRESS_VOTES_PER_10_MIN));
  if (retry !== undefined) {
    throw new AppError('rate_limited', `Too many votes; retry in ${retry} s`, undefined, { 'retry-after': String(retry) });
  }
}

/** When the account was made, for a platform id (a snowflake); undefined for other ids (OIDC subjects). */
export function accountCreatedAt(userId: string): Date | undefined {
  return isSnowflakeId(userId) ? snowflakeTime(userId) : undefined;
}

/**
 * Whether a vote about to be written is flagged: the account is less than NEW_ACCOUNT_DAYS old,
 * or it is at least the SHARED_ADDRESS_FLAG_FROM-th account voting for this bot from this address
 * within 10 minutes (one account votes for a bot once in 12 hours, so each count is another account).
 * Call only for a user who may vote now, so refused repeats do not count.
 */
export async function isFlagged(store: RateLimitStore, botId: string, userId: string, ip: string, now: Date): Promise<boolean> {
  const created = accountCreatedAt(userId);
  const young = created !== undefined && now.getTime() - created.getTime() < NEW_ACCOUNT_DAYS * 86_400_000;
  const shared = await store.hit(`vote-addr:${clientBucket(ip)}:${botId}`, SHARED_ADDRESS_FLAG_FROM, 10 * MINUTE);
  return young || shared.count >= SHARED_ADDRESS_FLAG_FROM;
}
