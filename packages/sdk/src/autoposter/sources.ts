/**
 * Where the autoposter reads server and shard counts. The shapes below are the few members of
 * discord.js and discord-hybrid-sharding objects it touches (duck typing: the SDK depends on
 * neither library, and any object of the same shape works).
 */

/** What one post reports. */
export interface StatsSnapshot {
  serverCount: number;
  shardCount?: number;
}

/** A plain callback: any library, any sharding scheme. */
export type StatsCallback = () => StatsSnapshot | Promise<StatsSnapshot>;

/** IPC of a shard process (discord.js `client.shard`) or a cluster (discord-hybrid-sharding `client.cluster`). */
interface FetchesFromAll {
  fetchClientValues(property: string): Promise<unknown[]>;
}

/** A discord.js `Client`, possibly one shard or cluster of several. */
export interface DiscordClientLike {
  guilds: { cache: { size: number } };
  user?: { id: string } | null;
  isReady?(): boolean;
  once?(event: string, listener: (...args: unknown[]) => void): unknown;
  ws?: { shards?: { size: number } };
  /** discord.js ShardingManager's shard processes: `ShardClientUtil`. */
  shard?: (FetchesFromAll & { ids: number[]; count: number }) | null;
  /** discord-hybrid-sharding's `ClusterClient`. */
  cluster?: (FetchesFromAll & { id: number; count?: number; info?: { TOTAL_SHARDS?: number } }) | null;
}

/** discord.js `ShardingManager` or discord-hybrid-sharding `ClusterManager`, in the manager process. */
export interface ShardManagerLike extends FetchesFromAll {
  totalShards: number | 'auto';
  shards?: { size: number; values(): Iterable<{ ready?: boolean }> };
  clusters?: { size: number; values(): Iterable<{ ready?: boolean }> };
  totalClusters?: number | 'auto';
}

export type StatsSource = DiscordClientLike | ShardManagerLike | StatsCallback;

/** The autoposter's view of a source. */
export interface StatsReader {
  /** Whether this process posts: one shard or cluster posts for all (the one holding shard/cluster 0). */
  readonly leader: boolean;
  /** Whether the counts can be read yet (the client logged in, every shard spawned). */
  ready(): boolean;
  /** The counts of all shards together. */
  read(): Promise<StatsSnapshot>;
  /** The shard count as known locally, without IPC: a change triggers an early post. */
  shardCount(): number | undefined;
  /** The bot's application ID when the source knows it. */
  botId(): Promise<string | undefined>;
}

export function statsReader(source: StatsSource): StatsReader {
  if (typeof source === 'function') return callbackReader(source);
  if (typeof source === 'object' && source !== null && 'guilds' in source) return clientReader(source);
  if (typeof source === 'object' && source !== null && typeof source.fetchClientValues === 'function') {
    return managerReader(source);
  }
  throw new TypeError(
    'AutoPoster: the source must be a discord.js Client, a ShardingManager/ClusterManager, or a function returning {serverCount, shardCount}',
  );
}

function callbackReader(callback: StatsCallback): StatsReader {
  let lastShardCount: number | undefined;
  return {
    leader: true,
    ready: () => true,
    async read() {
      const snapshot = await callback();
      lastShardCount = snapshot.shardCount;
      return snapshot;
    },
    shardCount: () => lastShardCount,
    botId: async () => undefined,
  };
}

function clientReader(client: DiscordClientLike): StatsReader {
  const ipc = client.cluster ?? client.shard ?? undefined;
  const leader = client.cluster ? client.cluster.id === 0 : client.shard ? client.shard.ids.includes(0) : true;
  const shardCount = (): number => client.cluster?.info?.TOTAL_SHARDS ?? client.shard?.count ?? Math.max(1, client.ws?.shards?.size ?? 1);
  return {
    leader,
    ready: () => (typeof client.isReady === 'function' ? client.isReady() : Boolean(client.user)),
    async read() {
      const serverCount = ipc ? sum(await ipc.fetchClientValues('guilds.cache.size')) : client.guilds.cache.size;
      return { serverCount, shardCount: shardCount() };
    },
    shardCount,
    botId: async () => client.user?.id,
  };
}

function managerReader(manager: ShardManagerLike): StatsReader {
  const children = (): { size: number; values(): Iterable<{ ready?: boolean }> } | undefined => manager.clusters ?? manager.shards;
  const expected = (): number | 'auto' | undefined => (manager.clusters ? manager.totalClusters : manager.totalShards);
  const shardCount = (): number | undefined => (typeof manager.totalShards === 'number' ? manager.totalShards : manager.shards?.size);
  return {
    leader: true,
    ready() {
      const spawned = children();
      const total = expected();
      if (!spawned || spawned.size === 0 || (typeof total === 'number' && spawned.size < total)) return false;
      // Counting before every shard is ready would post a partial count.
      return [...spawned.values()].every((child) => child.ready !== false);
    },
    async read() {
      return { serverCount: sum(await manager.fetchClientValues('guilds.cache.size')), shardCount: shardCount() };
    },
    shardCount,
    async botId() {
      const ids = await manager.fetchClientValues('user.id');
      return ids.find((id): id is string => typeof id === 'string');
    },
  };
}

function sum(values: unknown[]): number {
  let total = 0;
  for (const value of values) {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError(`a shard reported a server count of ${String(value)}`);
    total += value;
  }
  return total;
}
