/**
 * The servers a user may manage, from the chat platform at sign-in (Discord's `guilds` scope, asked
 * only while payments are on): a server tier's checkout offers them instead of a typed server ID.
 * Kept no longer than a session of that sign-in can live.
 */
import type { Database } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { managedGuildRepository, type ManagedGuild } from './managed-guilds-repository.js';

export type { ManagedGuild };

/** Discord lists at most 200 servers a page; more than that is typed by ID. */
export const MAX_MANAGED_GUILDS = 200;
const PRUNE_BATCH = 5000;

export class ManagedGuilds {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly keptSeconds: number,
  ) {}

  async replace(userId: string, guilds: ManagedGuild[]): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction((tx) => managedGuildRepository.replace(tx, userId, guilds.slice(0, MAX_MANAGED_GUILDS), now));
  }

  of(userId: string): Promise<ManagedGuild[]> {
    return managedGuildRepository.of(this.db.reads, userId);
  }

  /** Forgets the lists of sign-ins whose sessions have all ended; answers how many servers. */
  async prune(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.keptSeconds * 1000);
    let total = 0;
    for (;;) {
      const deleted = await managedGuildRepository.prune(this.db, before, PRUNE_BATCH);
      total += deleted;
      if (deleted < PRUNE_BATCH) return total;
    }
  }
}
