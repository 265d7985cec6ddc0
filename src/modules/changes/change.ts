import type { ChangeCodec, ChangeFeed } from '../../lib/change-feed.js';

/**
 * What changed about a bot: `votes` (a vote; `userId` is the voter), `stats` (a server-count
 * report), `reviews` (a review and the rating), `premium` (a subscription: the owner's premium
 * reads only), `profile` (anything else, including publication and deletion: every answer about
 * the bot may differ).
 */
export type BotAspect = 'profile' | 'votes' | 'stats' | 'reviews' | 'premium';

/**
 * The bot's counters as the write left them, so that no process needs to read the bot back:
 * `changedUs` (bots.changed_at) orders reports that arrive out of order. `votesMonth` counts the
 * UTC month `month` (a back-dated vote may count an earlier one).
 */
export type BotCounters =
  | { votesTotal: number; votesMonth: number; month: string; changedUs: number }
  | { serverCount: number; shardCount: number; changedUs: number };

export type Change =
  /** `routing`: the write left an event that awaits routing to the bot's webhook endpoints. */
  | { kind: 'bot'; botId: string; aspect: BotAspect; userId?: string; counters?: BotCounters; routing?: true }
  /** The nightly history collection (every bot's history grew a day). */
  | { kind: 'history' }
  | { kind: 'keys' }
  | { kind: 'synonyms' }
  /** A user or bot was banned, or a ban lifted: every process reads the bans in force again. */
  | { kind: 'bans' };

/** The feed every module writes its changes through (src/lib/change-feed.ts carries them). */
export type Changes = ChangeFeed<Change>;

const ASPECTS: readonly string[] = ['profile', 'votes', 'stats', 'reviews', 'premium'];

/** Votes and stats reports arrive at traffic rates: announced after their commit, many per notification. */
export const changeCodec: ChangeCodec<Change> = {
  batched: (change) => change.kind === 'bot' && (change.aspect === 'votes' || change.aspect === 'stats'),

  encode(change) {
    if (change.kind !== 'bot') return change.kind;
    const { aspect, botId, userId, counters, routing } = change;
    return `bot:${aspect}:${botId}:${userId ?? ''}:${counters ? encodeCounters(counters) : ''}${routing ? ':r' : ''}`;
  },

  decode(line) {
    const [kind, aspect, botId, userId, counters, routing] = line.split(':');
    if (kind === 'bot' && aspect && ASPECTS.includes(aspect) && botId) {
      const change: Change = { kind, aspect: aspect as BotAspect, botId };
      if (userId) change.userId = userId;
      const decoded = counters ? decodeCounters(counters) : undefined;
      if (decoded) change.counters = decoded;
      if (routing === 'r') change.routing = true;
      return change;
    }
    if (kind === 'history' || kind === 'keys' || kind === 'synonyms' || kind === 'bans') return { kind };
    return undefined;
  },
};

function encodeCounters(c: BotCounters): string {
  return 'votesTotal' in c
    ? `v,${c.votesTotal},${c.votesMonth},${c.month},${c.changedUs}`
    : `s,${c.serverCount},${c.shardCount},${c.changedUs}`;
}

function decodeCounters(text: string): BotCounters | undefined {
  const [type, ...fields] = text.split(',');
  const whole = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined);
  if (type === 'v' && fields.length === 4 && /^\d{4}-\d{2}-01$/.test(fields[2]!)) {
    const [votesTotal, votesMonth, changedUs] = [whole(fields[0]), whole(fields[1]), whole(fields[3])];
    if (votesTotal !== undefined && votesMonth !== undefined && changedUs !== undefined) {
      return { votesTotal, votesMonth, month: fields[2]!, changedUs };
    }
  }
  if (type === 's' && fields.length === 3) {
    const [serverCount, shardCount, changedUs] = fields.map(whole);
    if (serverCount !== undefined && shardCount !== undefined && changedUs !== undefined) return { serverCount, shardCount, changedUs };
  }
  return undefined;
}
