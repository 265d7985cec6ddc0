import type { Queryable } from '../../db/index.js';

/**
 * Told of every write of a bot through the management API (PUT, PATCH), inside its transaction,
 * after the bot row was written: the listings module keeps each bot's listing in step with it
 * (a new bot gets its listing; `published` switched by the operator moves the listing's state),
 * the teams module the bot's team with the `owners` the operator set (undefined: not set by this
 * write). The composition root wires them (src/services.ts), so that this module knows neither.
 */
export interface BotWriteListener {
  written(tx: Queryable, botId: string, write: BotWritten, now: Date): Promise<void>;
}

export interface BotWritten {
  created: boolean;
  wasPublished: boolean;
  published: boolean;
  owners?: readonly string[];
}

/** Each listener in turn, in the same transaction. */
export function allOf(...listeners: BotWriteListener[]): BotWriteListener {
  return {
    async written(tx, botId, write, now) {
      for (const listener of listeners) await listener.written(tx, botId, write, now);
    },
  };
}
