/**
 * What every change of a team does, whoever makes it: one transaction under the team's lock (so
 * its rules hold under races), the change and its audit entries, and `bots.owners` rewritten from
 * the team before the commit. When that changed the bot row, the bot's profile change is announced
 * on the change feed: the public API shows `owners`, so every process shows the new list at once.
 */
import type { Database, Queryable } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { Change, Changes } from '../changes/change.js';
import { teamRepository } from './repository.js';

export class TeamWriter {
  constructor(
    private readonly db: Database,
    readonly clock: Clock,
    private readonly feed: Changes,
  ) {}

  async change<T>(botId: string, fn: (tx: Queryable, now: Date) => Promise<T>): Promise<T> {
    const now = this.clock.now();
    const done = await this.feed.commit(
      this.db,
      (result: { ownersChanged: boolean }): Change | undefined =>
        result.ownersChanged ? { kind: 'bot', botId, aspect: 'profile' } : undefined,
      async (tx) => {
        await teamRepository.lock(tx, botId);
        const value = await fn(tx, now);
        return { value, ownersChanged: await teamRepository.writeOwners(tx, botId) };
      },
    );
    return done.value;
  }
}
