/**
 * A stand-in for discord.js's `Client` with no network: the members the SDK reads (guilds,
 * user, ws.shards, isReady) and the two events a bot uses here. Swap in `new Client({...})` from
 * discord.js and nothing else changes.
 */
import { EventEmitter } from 'node:events';

export interface FakeInteraction {
  user: { id: string };
  commandName: string;
  reply(text: string): Promise<void>;
}

export class FakeGatewayClient extends EventEmitter {
  readonly guilds = { cache: new Map<string, { id: string; name: string }>() };
  readonly ws = { shards: { size: 1 } };
  user: { id: string; tag: string } | null = null;

  constructor(
    private readonly botId: string,
    private readonly guildCount: number,
  ) {
    super();
  }

  isReady(): boolean {
    return this.user !== null;
  }

  /** "Connects": fills the guild cache and emits `clientReady` as discord.js does. */
  async login(): Promise<string> {
    for (let i = 0; i < this.guildCount; i++) this.guilds.cache.set(`${9000 + i}`, { id: `${9000 + i}`, name: `Guild ${i}` });
    this.user = { id: this.botId, tag: 'ExampleBot#0001' };
    queueMicrotask(() => this.emit('clientReady', this));
    return 'fake-token';
  }

  /** What the gateway would deliver when someone runs a slash command. */
  async runCommand(userId: string, commandName: string): Promise<string> {
    let answer = '';
    await new Promise<void>((resolve) => {
      this.emit('interactionCreate', {
        user: { id: userId },
        commandName,
        reply: async (text: string) => {
          answer = text;
          resolve();
        },
      } satisfies FakeInteraction);
    });
    return answer;
  }

  destroy(): void {
    this.user = null;
    this.removeAllListeners();
  }
}
