/**
 * An example bot: posts its server count with the autoposter, rewards votes from webhooks, and
 * gates a command behind a vote. Run it against the demo: see README.md beside this file.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { AutoPoster, BotDirectory, type StatsPoster } from '@bot-directory/sdk';
import { webhookMiddleware, type VoteEvent } from '@bot-directory/sdk/webhooks';
import { FakeGatewayClient, type FakeInteraction } from './fake-gateway.js';

export interface ExampleBotOptions {
  baseUrl: string;
  token: string;
  botId: string;
  webhookSecret?: string;
  port?: number;
  guilds?: number;
  log?: (line: string) => void;
}

export interface ExampleBot {
  client: FakeGatewayClient;
  poster: StatsPoster;
  webhookUrl: string | undefined;
  rewarded: VoteEvent[];
  stop(): Promise<void>;
}

export async function startExampleBot(options: ExampleBotOptions): Promise<ExampleBot> {
  const log = options.log ?? ((line: string) => console.log(line));
  const client = new FakeGatewayClient(options.botId, options.guilds ?? 42);
  const directory = new BotDirectory({ baseUrl: options.baseUrl, token: options.token, botId: options.botId });
  const rewarded: VoteEvent[] = [];

  // Stats: two lines in a real bot (import + this call).
  const poster = AutoPoster({ client: directory }, client);
  poster.on('posted', ({ serverCount, shardCount }) => log(`stats posted: ${serverCount} servers, ${shardCount} shard(s)`));
  poster.on('error', (error) => log(`stats not posted: ${error.message}`));

  // A command only voters may use; hasVoted asks the directory once per voter and 12 hours.
  client.on('interactionCreate', (interaction: FakeInteraction) => void answer(interaction));
  async function answer(interaction: FakeInteraction): Promise<void> {
    if (interaction.commandName !== 'treasure') return;
    const voted = await directory.hasVoted(interaction.user.id).catch(() => false);
    await interaction.reply(voted ? 'Here is your treasure!' : `Vote for me first: ${options.baseUrl}/api/widget/${options.botId}`);
  }

  // Votes: the middleware verifies, parses and deduplicates; flagged votes never reach onVote.
  let server: Server | undefined;
  let webhookUrl: string | undefined;
  if (options.webhookSecret) {
    const app = express();
    app.post(
      '/webhook',
      webhookMiddleware({
        secret: options.webhookSecret,
        onVote: (vote) => {
          rewarded.push(vote);
          log(`vote from ${vote.username} (${vote.user}): reward given`);
        },
        onFlaggedVote: (vote) => log(`flagged vote from ${vote.user}: no reward`),
        onTest: () => log('test call received'),
      }),
    );
    server = createServer(app);
    await new Promise<void>((resolve) => server!.listen(options.port ?? 0, '127.0.0.1', resolve));
    webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
    log(`webhook receiver on ${webhookUrl}`);
  }

  await client.login();
  log(`logged in as ${client.user?.tag} with ${client.guilds.cache.size} guilds`);
  return {
    client,
    poster,
    webhookUrl,
    rewarded,
    async stop() {
      poster.stop();
      client.destroy();
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = process.env;
  if (!env.BOT_DIRECTORY_TOKEN || !env.BOT_ID) {
    console.error('Set BOT_DIRECTORY_TOKEN and BOT_ID (the demo prints both); see examples/discord-bot/README.md');
    process.exit(1);
  }
  const bot = await startExampleBot({
    baseUrl: env.BOT_DIRECTORY_URL ?? 'http://127.0.0.1:3000',
    token: env.BOT_DIRECTORY_TOKEN,
    botId: env.BOT_ID,
    webhookSecret: env.WEBHOOK_SECRET,
    port: Number(env.PORT ?? 4000),
  });
  console.log(`/treasure for user 1: ${await bot.client.runCommand('100000000000000001', 'treasure')}`);
  process.once('SIGINT', () => void bot.stop().then(() => process.exit(0)));
  // The poster's timer does not hold the process open; the webhook server does when configured.
  if (!bot.webhookUrl) setInterval(() => {}, 1 << 30);
}
