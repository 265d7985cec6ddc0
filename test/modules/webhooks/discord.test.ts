/** Discord-channel endpoints: formatted messages a Discord stand-in accepts, no secret, 429 retry_after. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backends, testApp, type TestApp } from '../../helpers.js';
import { discordMessage, escapeMarkdown } from '../../../src/modules/webhooks/delivery/discord.js';
import { isDiscordWebhookUrl, redactUrl } from '../../../src/modules/webhooks/endpoints/discord-url.js';
import { defaultFormat } from '../../../src/modules/webhooks/endpoints/service.js';
import { createBot, deliveryLog, FAST_ENV, Receivers, waitFor } from './harness.js';
import { answerLikeDiscord, discordProblem } from './discord-stand-in.js';
import type { ReceivedRequest } from './loopback-receiver.js';

const HOOK_PATH = '/api/webhooks/112233445566778899/AbC-def_123';

describe('Discord webhook URLs and messages', () => {
  it('recognises Discord channel webhooks on the known hosts only, over https', () => {
    for (const host of ['discord.com', 'ptb.discord.com', 'canary.discord.com', 'discordapp.com', 'canary.discordapp.com']) {
      expect(isDiscordWebhookUrl(`https://${host}${HOOK_PATH}`), host).toBe(true);
      expect(defaultFormat(`https://${host}/api/v10/webhooks/112233445566778899/tok`)).toBe('discord');
    }
    for (const url of [
      `http://discord.com${HOOK_PATH}`,
      `https://discord.com.evil.example${HOOK_PATH}`,
      'https://discord.com/api/webhooks/12/tok',
      'https://discord.com/channels/1/2',
      'not a url',
    ]) {
      expect(isDiscordWebhookUrl(url), url).toBe(false);
    }
    expect(defaultFormat('https://example.org/hook')).toBe('json');
  });

  it('hides the token of a Discord URL where it would be shown or logged', () => {
    expect(redactUrl(`https://discord.com${HOOK_PATH}?wait=true`)).toBe('https://discord.com/api/webhooks/112233445566778899/***');
    expect(redactUrl('https://example.org/a/b')).toBe('https://example.org/a/b');
  });

  it('escapes what users wrote, so their text cannot format or link the message', () => {
    expect(escapeMarkdown('**bold** [x](http://e) @everyone <@1>')).toBe('\\*\\*bold\\*\\* \\[x\\]\\(http\\://e\\) \\@everyone \\<\\@1\\>');
  });

  it('every event becomes a message the stand-in accepts, in German and English', () => {
    const payloads: Record<string, Record<string, unknown>> = {
      vote: {
        user: '123456789012345678',
        username: 'Ann',
        flagged: true,
        votedAt: '2026-01-01T00:00:00.000Z',
        votesTotal: 5,
        votesMonth: 2,
        expiresAt: '2026-01-01T12:00:00.000Z',
      },
      'vote.reminder': { user: '123456789012345678', username: 'Ann', flagged: false, votedAt: '2026-01-01T00:00:00.000Z' },
      premium: {
        user: '123456789012345678',
        guildId: null,
        tierId: 'x',
        tierName: 'Gold',
        interval: 'month',
        active: true,
        expiresAt: '2026-02-01T00:00:00.000Z',
        cancelAtPeriodEnd: false,
      },
      donation: { user: '123456789012345678', username: null, amount: 4.5, currency: 'EUR' },
      review: { action: 'updated', reviewId: 'r', user: '123456789012345678', username: 'Bo', rating: 4, body: 'x'.repeat(5000) },
      test: { message: 'hello' },
    };
    for (const language of ['de', 'en'] as const) {
      for (const [type, payload] of Object.entries(payloads)) {
        const message = discordMessage({ type: type as never, id: 'id', createdAt: new Date(0), payload }, 'My *Bot*', language);
        const request: ReceivedRequest = {
          method: 'POST',
          url: HOOK_PATH,
          headers: { 'content-type': 'application/json' },
          rawBody: JSON.stringify(message),
        };
        expect(discordProblem(request), `${language} ${type}`).toBeUndefined();
        expect(JSON.stringify(message)).toContain('My \\\\*Bot\\\\*');
      }
    }
    const de = discordMessage({ type: 'vote', id: 'id', createdAt: new Date(0), payload: payloads.vote! }, 'B', 'de') as {
      embeds: Array<Record<string, any>>;
    };
    expect(de.embeds[0]!.title).toBe('Neue Stimme für B');
    expect(de.embeds[0]!.fields.map((f: { name: string; value: string }) => [f.name, f.value])).toEqual([
      ['Stimmen diesen Monat', '2'],
      ['Stimmen insgesamt', '5'],
      ['Wieder abstimmen ab', '<t:1767268800:f>'],
      ['Markiert (nicht belohnen)', 'ja'],
    ]);
    const donation = discordMessage({ type: 'donation', id: 'id', createdAt: new Date(0), payload: payloads.donation! }, 'B', 'en') as {
      embeds: Array<Record<string, any>>;
    };
    expect(donation.embeds[0]!.fields).toContainEqual({ name: 'Amount', value: '€4.50', inline: true });
  });
});

describe.each(backends())('Discord endpoints (%s)', (backend) => {
  let t: TestApp;
  /** The address policy as in production (FAST_ENV allows loopback receivers). */
  let strict: TestApp;
  const receivers = new Receivers();

  beforeAll(async () => {
    [t, strict] = await Promise.all([
      testApp(backend, { workers: true, env: FAST_ENV }),
      testApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE: '0' } }),
    ]);
  });
  afterAll(() => Promise.all([t.close(), strict.close()]));
  afterEach(() => receivers.closeAll());

  async function discordEndpoint(respond: Parameters<Receivers['start']>[0], language: 'de' | 'en' = 'en') {
    const standIn = await receivers.start(respond);
    const botId = await createBot(t);
    const created = await t.admin('POST', `/admin/v1/bots/${botId}/webhooks`, {
      url: `${standIn.url}${HOOK_PATH}`,
      format: 'discord',
      language,
    });
    expect(created.statusCode, created.body).toBe(201);
    return { standIn, botId, secret: created.json().data.secret as string };
  }

  it('posts a vote as an embed Discord accepts, with the totals, and without any signature or secret', async () => {
    const { standIn, botId, secret } = await discordEndpoint(answerLikeDiscord, 'de');
    const voted = await t.admin('POST', `/admin/v1/bots/${botId}/votes`, { user: '123456789012345678', username: '**Ann**' });
    expect(voted.statusCode).toBe(201);
    await waitFor(() => standIn.received.length === 1, 'the Discord call');
    const [delivery] = await waitFor(async () => {
      const log = await deliveryLog(t, botId);
      return log.data[0]?.status === 'succeeded' ? log.data : undefined;
    }, 'a succeeded delivery');
    expect(delivery!.attempts[0].statusCode).toBe(204);
    const request = standIn.received[0]!;
    const message = JSON.parse(request.rawBody);
    expect(message.embeds[0].title).toMatch(/^Neue Stimme für /);
    expect(message.embeds[0].description).toBe('\\*\\*Ann\\*\\* (<@123456789012345678>) hat abgestimmt.');
    expect(message.embeds[0].fields.slice(0, 2)).toEqual([
      { name: 'Stimmen diesen Monat', value: '1', inline: true },
      { name: 'Stimmen insgesamt', value: '1', inline: true },
    ]);
    expect(message.allowed_mentions).toEqual({ parse: [] });
    const everything = JSON.stringify(request.headers) + request.rawBody;
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(secret.slice('whsec_'.length));
    for (const header of ['x-service-signature', 'x-service-timestamp', 'webhook-signature', 'webhook-id', 'webhook-timestamp']) {
      expect(request.headers).not.toHaveProperty(header);
    }
  });

  it("waits at least Discord's retry_after after a 429, then delivers", async () => {
    let calls = 0;
    const { standIn, botId } = await discordEndpoint((res, request) => {
      calls += 1;
      if (calls === 1)
        res
          .writeHead(429, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: 'You are being rate limited.', retry_after: 1.2, global: false }));
      else answerLikeDiscord(res, request);
    });
    await t.admin(
      'POST',
      `/admin/v1/bots/${botId}/webhooks/${(await t.admin('GET', `/admin/v1/bots/${botId}/webhooks`)).json().data[0].id}/test`,
    );
    const [delivery] = await waitFor(async () => {
      const log = await deliveryLog(t, botId);
      return log.data[0]?.status === 'succeeded' ? log.data : undefined;
    }, 'the retried delivery');
    expect(delivery!.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([429, 204]);
    const gap = Date.parse(delivery!.attempts[1].attemptedAt) - Date.parse(delivery!.attempts[0].attemptedAt);
    // retry_after 1.2 s, rounded up to whole seconds; the schedule alone would wait 0.05 s.
    expect(gap).toBeGreaterThanOrEqual(2000);
    expect(standIn.received).toHaveLength(2);
  });

  it('keeps the address policy: a Discord-format endpoint on a forbidden address is refused', async () => {
    const botId = await createBot(strict);
    const response = await strict.admin('POST', `/admin/v1/bots/${botId}/webhooks`, {
      url: `http://127.0.0.1:9${HOOK_PATH}`,
      format: 'discord',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details[0].message).toMatch(/^forbidden_address/);
  });
});
