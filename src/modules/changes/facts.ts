import type { Change } from './change.js';

/**
 * The facts answers depend on, named once: a read lists the facts its answer shows, and a change
 * drops every answer that shows a fact it made untrue (`factsOf`). A bot's `profile` fact is part
 * of every answer about the bot: publication, deletion and text change them all.
 */
export const fact = {
  /** The bot's profile and publication. */
  bot: (botId: string) => `bot:${botId}`,
  /** Any vote for the bot (counts, recent votes). */
  votes: (botId: string) => `votes:${botId}`,
  /** One user's vote for the bot (that user's vote status). */
  voter: (botId: string, userId: string) => `voter:${botId}:${userId}`,
  /** The bot's server and shard counts. */
  stats: (botId: string) => `stats:${botId}`,
  /** The bot's reviews and rating. */
  reviews: (botId: string) => `reviews:${botId}`,
  /** The bot's premium subscriptions. */
  premium: (botId: string) => `premium:${botId}`,
  /** The text of any published bot: name, descriptions, slugs, tags, categories, links, publication. */
  catalogText: 'catalog:text',
  /** The counters of any published bot: votes, server counts, rating (answers may lag behind them). */
  catalogCounts: 'catalog:counts',
  /** The collected days of every bot's history. */
  history: 'history',
  /** The operator's search synonyms. */
  synonyms: 'synonyms',
} as const;

/** The facts a change makes untrue. */
export function factsOf(change: Change): string[] {
  switch (change.kind) {
    case 'bot': {
      const { botId, aspect, userId } = change;
      switch (aspect) {
        case 'profile':
          return [fact.bot(botId), fact.catalogText];
        case 'votes':
          return userId === undefined ? [fact.votes(botId)] : [fact.votes(botId), fact.voter(botId, userId)];
        case 'stats':
          return [fact.stats(botId)];
        case 'reviews':
          return [fact.reviews(botId)];
        case 'premium':
          return [fact.premium(botId)];
      }
      break;
    }
    case 'history':
      return [fact.history];
    case 'synonyms':
      return [fact.synonyms];
  }
  return [];
}
