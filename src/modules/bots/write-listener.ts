import type { Queryable } from '../../db/index.js';

/**
 * Told of every write of a bot through the management API (PUT, PATCH), inside its transaction,
 * after the bot row was written: the listings module keeps each bot's listing in step with it
 * (a new bot gets its listing; `published` switched by the operator moves the listing's state).
 * The composition root wires it (src/services.ts), so that this module knows nothing of listings.
 */
export interface BotWriteListener {
  written(tx: Queryable, botId: string, write: { created: boolean; wasPublished: boolean; published: boolean }, now: Date): Promise<void>;
}
