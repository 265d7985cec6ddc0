import type { Queryable } from '../../db/index.js';
import type { BotWrite } from './schemas.js';

/** A write of a bot through the management API: what the bot was before (none: it was created) and is now. */
export interface BotWriteEvent {
  created: boolean;
  wasPublished: boolean;
  published: boolean;
  before: BotWrite | undefined;
  after: BotWrite;
}

/**
 * Told of every write of a bot through the management API (PUT, PATCH, DELETE), inside its
 * transaction, after the bot row was written: the listings module keeps each bot's listing in step
 * with it (a new bot gets its listing; `published` switched by the operator moves the listing's
 * state) and records the write in the audit log. The composition root wires it (src/services.ts),
 * so that this module knows nothing of listings.
 */
export interface BotWriteListener {
  written(tx: Queryable, botId: string, write: BotWriteEvent, now: Date): Promise<void>;
  deleted(tx: Queryable, botId: string, now: Date): Promise<void>;
}
