import type { Bot } from '../bots/schemas.js';
import type { SearchDoc } from './engine/index.js';

/** What of a bot the search index reads. */
export type DocSource = Pick<Bot, keyof SearchDoc>;

/** The search document of a published bot (the service's index and the search bench alike). */
export function toDoc(bot: DocSource): SearchDoc {
  return {
    id: bot.id,
    name: bot.name,
    slugs: bot.slugs,
    shortDescription: bot.shortDescription,
    categories: bot.categories,
    tags: bot.tags,
    votesMonth: bot.votesMonth,
    serverCount: bot.serverCount,
  };
}
