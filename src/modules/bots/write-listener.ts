import type { Queryable } from '../../db/index.js';
import type { Actor } from '../audit/entry.js';
import type { BotWrite } from './schemas.js';

/** A write of a bot through the management API: what the bot was before (none: it was created) and is now. */
export interface BotWriteEvent {
  created: boolean;
  wasPublished: boolean;
  published: boolean;
  before: BotWrite | undefined;
  after: BotWrite;
  /** The `owners` this write set; undefined when it left them alone (a PATCH without them). */
  owners?: readonly string[];
}

/**
 * Told of every write of a bot through the management API (PUT, PATCH, DELETE), inside its
 * transaction, after the bot row was written: the listings module keeps each bot's listing in step
 * with it (a new bot gets its listing; `published` switched by the operator moves the listing's
 * state) and records the write in the audit log; the teams module the bot's team with the `owners`
 * the operator set. The composition root wires them (src/services.ts), so that this module knows
 * neither.
 */
export interface BotWriteListener {
  written(tx: Queryable, botId: string, write: BotWriteEvent, now: Date): Promise<void>;
  /** The bot is deleted, by `by` (the operator's token, or an owner on the dashboard). */
  deleted(tx: Queryable, botId: string, by: Actor, now: Date): Promise<void>;
}

/** Each listener in turn, in the same transaction. */
export function allOf(...listeners: BotWriteListener[]): BotWriteListener {
  return {
    async written(tx, botId, write, now) {
      for (const listener of listeners) await listener.written(tx, botId, write, now);
    },
    async deleted(tx, botId, by, now) {
      for (const listener of listeners) await listener.deleted(tx, botId, by, now);
    },
  };
}
