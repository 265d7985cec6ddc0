import type { Queryable } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { reviewRepository, type ReviewAnchor, type ReviewOrder } from './repository.js';
import type { AdminReview } from './schemas.js';

const REVIEW_ORDERS: readonly ReviewOrder[] = ['helpful', 'newest'];

/** Reviews between two anchors: a deep page reads at most this many rows before its own. */
export const ANCHOR_STRIDE = 500;
/** Bots and orders whose anchors are kept; each costs a few bytes per 500 reviews. */
const MAX_BOTS = 10_000;
/** Anchors are also dropped after this long, should a change notification be lost. */
const ANCHOR_TTL_MS = 60_000;

/**
 * Seek positions into each bot's published reviews in each order, so that a page by number is an
 * index seek to the nearest anchor plus fewer than ANCHOR_STRIDE rows, whatever the page. A bot's
 * anchors in an order are made from one scan of its part of the order's index the first time a
 * page beyond the first stride is asked for. When its reviews change they serve on for at most
 * LIST_MAX_STALE_MS, as the lists' counters do: a page's rows are read at that moment, only where
 * it starts may be off by the reviews written or marked helpful meanwhile. A popular bot's reviews
 * change several times a second, and a scan per change made its deep pages cost a scan each.
 */
export class ReviewAnchors {
  /** By order and bot: `${order} ${botId}`; `staleSince`: when its reviews first changed after the scan. */
  private readonly byBot = new Map<string, { anchors: Promise<ReviewAnchor[]>; expiresAt: number; staleSince?: number }>();

  /** `reads`: anchors and pages are read only (Database.reads); `maxStaleMs`: LIST_MAX_STALE_MS. */
  constructor(
    private readonly reads: Queryable,
    private readonly clock: Clock,
    private readonly maxStaleMs: number,
  ) {}

  /** The page and the bot's published-review count; undefined for no published bot. */
  async page(
    botId: string,
    order: ReviewOrder,
    offset: number,
    limit: number,
  ): Promise<{ total: number; reviews: AdminReview[] } | undefined> {
    if (offset < ANCHOR_STRIDE) return reviewRepository.page(this.reads, botId, order, undefined, offset, limit);
    const anchors = await this.of(botId, order);
    const index = Math.min(Math.floor(offset / ANCHOR_STRIDE), anchors.length - 1);
    const from = anchors[index];
    // No anchor: the bot has no published review (or none at all), and the offset walks nothing.
    return reviewRepository.page(this.reads, botId, order, from, from ? offset - index * ANCHOR_STRIDE : offset, limit);
  }

  /** The bot's reviews changed: its anchors serve for at most `maxStaleMs` more. */
  forget(botId: string): void {
    const now = this.clock.now().getTime();
    for (const order of REVIEW_ORDERS) {
      const key = `${order} ${botId}`;
      const held = this.byBot.get(key);
      if (!held) continue;
      if (this.maxStaleMs === 0) this.byBot.delete(key);
      else held.staleSince ??= now;
    }
  }

  private of(botId: string, order: ReviewOrder): Promise<ReviewAnchor[]> {
    const key = `${order} ${botId}`;
    const now = this.clock.now().getTime();
    const held = this.byBot.get(key);
    if (held && held.expiresAt > now && (held.staleSince === undefined || now - held.staleSince < this.maxStaleMs)) return held.anchors;
    if (this.byBot.size >= MAX_BOTS) this.byBot.delete(this.byBot.keys().next().value as string);
    const anchors = reviewRepository.anchors(this.reads, botId, order, ANCHOR_STRIDE);
    const entry = { anchors, expiresAt: now + ANCHOR_TTL_MS };
    this.byBot.set(key, entry);
    anchors.catch(() => {
      if (this.byBot.get(key) === entry) this.byBot.delete(key);
    });
    return anchors;
  }
}
