import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/index.js';

const CHANNEL = 'bot_changes';

/** A bot's public data changed, the nightly history was collected, an API key or the search synonyms changed. */
export type Change = { kind: 'bot'; botId: string } | { kind: 'history' } | { kind: 'keys' } | { kind: 'synonyms' };
export type ChangeListener = (change: Change) => void;

/**
 * Tells every process that a bot's public data changed. Writers call `notify(tx, change)` inside their
 * transaction (PostgreSQL delivers NOTIFY on commit, and drops it on rollback) and `emit(change)` after
 * the commit, so this process reacts at once and the others within moments. A process ignores its
 * own notifications: it already reacted.
 */
export class ChangeFeed {
  private readonly origin = randomUUID().slice(0, 8);
  private readonly listeners = new Set<ChangeListener>();
  private unlisten: (() => Promise<void>) | undefined;

  async start(db: Database): Promise<void> {
    this.unlisten = await db.listen(CHANNEL, (payload) => {
      const [origin, kind, botId] = payload.split(':');
      if (origin === this.origin) return;
      if (kind === 'bot' && botId) this.emit({ kind, botId });
      else if (kind === 'history' || kind === 'keys' || kind === 'synonyms') this.emit({ kind });
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  subscribe(listener: ChangeListener): void {
    this.listeners.add(listener);
  }

  async notify(tx: Queryable, change: Change): Promise<void> {
    const payload = change.kind === 'bot' ? `${this.origin}:bot:${change.botId}` : `${this.origin}:${change.kind}`;
    await tx.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
  }

  emit(change: Change): void {
    for (const listener of this.listeners) listener(change);
  }
}
