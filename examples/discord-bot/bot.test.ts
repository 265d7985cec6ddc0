/** The example bot against a real service: stats posted, a vote received and rewarded, the command gated. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAST_ENV } from '../../test/modules/webhooks/harness.js';
import { startService, type RunningService } from '../../packages/sdk/test/service.js';
import { startExampleBot, type ExampleBot } from './bot.js';

describe('examples/discord-bot', () => {
  let service: RunningService;
  let bot: ExampleBot;
  let botId: string;
  const lines: string[] = [];

  beforeAll(async () => {
    service = await startService({ env: FAST_ENV, workers: true });
    botId = await service.createBot();
    const token = await service.createKey(botId, ['stats:write', 'votes:read']);
    // The management API takes a secret of ours, so the receiver can start first.
    const secret = `whsec_${'e'.repeat(43)}`;
    bot = await startExampleBot({
      baseUrl: service.baseUrl,
      token,
      botId,
      webhookSecret: secret,
      guilds: 17,
      log: (line) => lines.push(line),
    });
    const configured = await service.t.admin('PUT', `/admin/v1/bots/${botId}/webhook`, { url: bot.webhookUrl, secret });
    expect(configured.statusCode, configured.body).toBe(201);
  });
  afterAll(async () => {
    await bot?.stop();
    await service.close();
  });

  it('posts its server count on login', async () => {
    await vi.waitFor(() => expect(lines).toContain('stats posted: 17 servers, 1 shard(s)'));
    expect((await service.t.get(`/api/v1/bots/${botId}`)).json().data.serverCount).toBe(17);
  });

  it('gates the command behind a vote and rewards the vote from the webhook', async () => {
    const user = '100000000000000042';
    expect(await bot.client.runCommand(user, 'treasure')).toMatch(/^Vote for me first/);
    await service.vote(botId, user);
    expect(await bot.client.runCommand(user, 'treasure')).toBe('Here is your treasure!');
    await vi.waitFor(() => expect(bot.rewarded.map((vote) => vote.user)).toContain(user), { timeout: 15_000 });
  });
});
