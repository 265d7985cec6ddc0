import { etagOf, type CachedResponse } from '../../lib/read-cache.js';

/** Bytes of single-bot answers kept by default (about 10,000 bots' answers). */
const MAX_BYTES = 16 * 1024 * 1024;

/** A catalog entry, as far as its answer is concerned. */
export interface EncodableBot {
  readonly id: string;
  /** The bot's JSON. */
  readonly json: string;
}

interface Held extends CachedResponse {
  readonly entry: EncodableBot;
}

/**
 * `{data: Bot}` of the bots asked for lately, encoded once: sending a Buffer costs Node nothing
 * per request, while a string is concatenated, flattened and UTF-8 encoded on each (8% of a
 * single-bot read's CPU in a profile). Bounded by bytes, the oldest first, so that 100,000 bots do
 * not hold a second copy of the catalog; an answer belongs to the catalog entry it was made from,
 * so a changed bot (a new entry) is encoded again on its next request.
 */
export class SingleBodies {
  private readonly held = new Map<string, Held>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** The answer never expires by itself: a change to the bot makes a new entry. */
  of(entry: EncodableBot): CachedResponse {
    const hit = this.held.get(entry.id);
    if (hit?.entry === entry) return hit;
    const body = Buffer.from(`{"data":${entry.json}}`);
    const made: Held = { entry, body, etag: etagOf(body), expiresAt: Number.POSITIVE_INFINITY };
    if (hit) this.drop(entry.id, hit);
    this.held.set(entry.id, made);
    this.bytes += body.length;
    // Maps iterate in insertion order: the first answers are the oldest.
    for (const [id, oldest] of this.held) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(id, oldest);
    }
    return made;
  }

  clear(): void {
    this.held.clear();
    this.bytes = 0;
  }

  private drop(id: string, held: Held): void {
    this.held.delete(id);
    this.bytes -= held.body.length;
  }
}
