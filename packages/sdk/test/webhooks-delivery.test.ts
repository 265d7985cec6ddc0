/**
 * The webhook middlewares (node http, express, Fastify) receiving real deliveries: the service
 * runs with its delivery worker, its webhooks point at loopback receivers built with the SDK.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fastifyWebhook, webhookMiddleware, type WebhookHandlerOptions } from '@bot-directory/sdk/webhooks';
import { configureWebhook, deliveryLog, FAST_ENV, settled } from '../../../test/modules/webhooks/harness.js';
import { nextUser, startService, type RunningService } from './service.js';

interface Receiver {
  url: string;
  close(): Promise<void>;
}

/** The secret is only known once the webhook is configured, after the receiver listens: a getter reads it late. */
type Options = WebhookHandlerOptions & { path: string };

async function listen(server: Server): Promise<Receiver> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const receivers: Record<string, (options: Options) => Promise<Receiver>> = {
  'node http': (options) => listen(createServer(webhookMiddleware(options))),
  express: (options) => {
    const app = express();
    app.post('/hook', webhookMiddleware(options));
    return listen(createServer(app));
  },
  fastify: async (options) => {
    const app = Fastify();
    await app.register(fastifyWebhook, options);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/hook`, close: () => app.close() };
  },
};

describe.each(Object.keys(receivers))('webhook receiver with %s, real deliveries', (kind) => {
  let service: RunningService;
  let receiver: Receiver;
  let botId: string;
  const holder = { secret: 'whsec_not_configured_yet' };
  const handlers = { onVote: vi.fn(), onFlaggedVote: vi.fn(), onPremium: vi.fn(), onDonation: vi.fn(), onTest: vi.fn(), onEvent: vi.fn() };

  beforeAll(async () => {
    service = await startService({ env: FAST_ENV, workers: true });
    const options = {
      path: '/hook',
      get secret() {
        return holder.secret;
      },
      ...handlers,
    };
    receiver = await receivers[kind]!(options);
    botId = await service.createBot();
    holder.secret = await configureWebhook(service.t, botId, receiver.url);
  });
  afterAll(async () => {
    await receiver.close();
    await service.close();
  });

  it('verifies a vote, answers 200 and passes the typed event to onVote; a redelivery is a duplicate', async () => {
    const user = nextUser();
    await service.vote(botId, user);
    const [delivery] = await settled(service.t, botId);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: [expect.objectContaining({ statusCode: 200 })] });
    await vi.waitFor(() => expect(handlers.onVote).toHaveBeenCalledTimes(1));
    const event = handlers.onVote.mock.calls[0]![0];
    expect(event).toMatchObject({ event: 'vote', botId, user, flagged: false, id: delivery!.event.id });
    expect(handlers.onEvent).toHaveBeenCalledWith(event);

    const redeliver = await service.t.admin('POST', `/admin/v1/webhook/deliveries/${delivery!.id}/redeliver`);
    expect(redeliver.statusCode, redeliver.body).toBe(202);
    const log = await settled(service.t, botId, 2);
    expect(log.every((d) => d.status === 'succeeded')).toBe(true);
    expect(handlers.onVote).toHaveBeenCalledTimes(1);
    expect(handlers.onEvent).toHaveBeenCalledTimes(1);
  });

  it('sends a flagged vote to onFlaggedVote, never to onVote', async () => {
    await service.vote(botId, nextUser(), true);
    await vi.waitFor(() => expect(handlers.onFlaggedVote).toHaveBeenCalledTimes(1));
    expect(handlers.onFlaggedVote.mock.calls[0]![0]).toMatchObject({ event: 'vote', flagged: true });
    expect(handlers.onVote).toHaveBeenCalledTimes(1);
  });

  it('passes premium, donation and test events to their handlers', async () => {
    const user = nextUser();
    const subscription = await service.t.admin('POST', `/admin/v1/bots/${botId}/subscriptions`, {
      userId: user,
      tierId: '0190a4e4-0000-7000-8000-000000000001',
      tierName: 'Gold',
      interval: 'month',
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      active: true,
    });
    expect(subscription.statusCode, subscription.body).toBeLessThan(300);
    const donation = await service.t.admin('POST', `/admin/v1/bots/${botId}/donations`, { user, amount: 4.5, currency: 'EUR' });
    expect(donation.statusCode, donation.body).toBeLessThan(300);
    const test = await service.t.admin('POST', `/admin/v1/bots/${botId}/webhook/test`);
    expect(test.statusCode, test.body).toBe(202);
    await vi.waitFor(() => {
      expect(handlers.onPremium).toHaveBeenCalledWith(expect.objectContaining({ event: 'premium', user, tierName: 'Gold', active: true }));
      expect(handlers.onDonation).toHaveBeenCalledWith(expect.objectContaining({ event: 'donation', user, amount: 4.5, currency: 'EUR' }));
      expect(handlers.onTest).toHaveBeenCalledWith(expect.objectContaining({ event: 'test', botId }));
    });
  });

  it('answers 401 to a call signed with another secret (the delivery fails at once)', async () => {
    const other = await service.createBot();
    await configureWebhook(service.t, other, receiver.url);
    await service.vote(other, nextUser());
    const [delivery] = await settled(service.t, other);
    expect(delivery).toMatchObject({ status: 'failed', attempts: [expect.objectContaining({ statusCode: 401 })] });
    const log = await deliveryLog(service.t, other);
    expect(log.data).toHaveLength(1);
  });
});
