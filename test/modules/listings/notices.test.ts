/**
 * The owner is told of each step: a `listing` webhook event, signed like every other (Standard
 * Webhooks), to endpoints that subscribe to it; and of a moderator's decision an e-mail to the
 * address they gave, sent by the existing mailer right after the decision.
 */
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backends, testApp, type TestApp } from '../../helpers.js';
import { expectDocumentedBodies, FAST_ENV, Receivers, waitFor } from '../webhooks/harness.js';
import { startSmtpSink, type SmtpSink } from '../webhooks/smtp-sink.js';
import { completeContent, newApplication, newUser, platformPerFile } from './harness.js';
import { dashboardUser } from '../../../src/modules/audit/entry.js';

const eventId = (request: { rawBody: string }) => (JSON.parse(request.rawBody) as { id: string }).id;

describe.each(backends())('telling the owner (%s)', (backend) => {
  const platform = platformPerFile();
  const receivers = new Receivers();
  let smtp: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await testApp(backend, {
      workers: true,
      env: { ...FAST_ENV, ...platform.env, SMTP_URL: smtp.url, OPERATOR_EMAIL: 'ops@example.org' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => receivers.closeAll());

  it('sends signed listing events to a subscribed endpoint and e-mails decisions to the contact address', async () => {
    const owner = newUser();
    const botId = newApplication(platform.standIn, 'Hollowbrook');
    const listings = t.app.services.listings;
    await listings.create(dashboardUser(owner), botId);
    await listings.edit(dashboardUser(owner), botId, { ...completeContent({ name: 'Hollowbrook' }), contactEmail: 'owner@example.org' });
    const receiver = await receivers.start();
    const endpoint = await t.admin('POST', `/admin/v1/bots/${botId}/webhooks`, { url: `${receiver.url}/listing`, events: ['listing'] });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const secret = endpoint.json().data.secret as string;

    const submitted = await listings.submit(dashboardUser(owner), botId);
    await t.admin('POST', `/admin/v1/submissions/${submitted.submissionId}/request-changes`, {
      note: 'Please add screenshots <b>now</b>.',
    });
    const mail = await waitFor(() => smtp.messages.find((m) => m.to.includes('owner@example.org')), 'the e-mail to the owner');
    expect(mail.data).toContain('Hollowbrook');
    expect(mail.data).toContain('Please add screenshots <b>now</b>.');
    expect(mail.data).toContain('braucht =C3=84nderungen');

    const again = await listings.submit(dashboardUser(owner), botId);
    await t.admin('POST', `/admin/v1/submissions/${again.submissionId}/approve`, {});
    await waitFor(() => smtp.messages.filter((m) => m.to.includes('owner@example.org')).length === 2, 'the approval e-mail');
    // The owner's own steps are not e-mailed; nothing went to the operator.
    expect(smtp.messages.filter((m) => m.to.includes('ops@example.org'))).toEqual([]);

    // Delivery is at least once: a call repeated after a slow answer has the id of the first.
    const firstOfEach = () => receiver.received.filter((r, i, all) => all.findIndex((o) => eventId(o) === eventId(r)) === i);
    const requests = await waitFor(() => (firstOfEach().length >= 4 ? firstOfEach() : undefined), 'four listing events');
    const bodies = requests.map((r) => JSON.parse(r.rawBody) as Record<string, unknown>);
    // Events are delivered concurrently: in any order.
    const steps = (list: unknown[][]) => list.map((step) => JSON.stringify(step)).sort();
    expect(steps(bodies.map((b) => [b.transition, b.status, b.reason]))).toEqual(
      steps([
        ['submit', 'submitted', null],
        ['request_changes', 'changes_requested', 'Please add screenshots <b>now</b>.'],
        ['submit', 'submitted', null],
        ['approve', 'published', null],
      ]),
    );
    for (const request of requests) {
      expect(new StandardWebhook(secret).verify(request.rawBody, request.headers as Record<string, string>)).toEqual(
        JSON.parse(request.rawBody),
      );
    }
    expectDocumentedBodies(requests);
  });

  it('sends no listing event to an endpoint that did not subscribe (listing is opt-in)', async () => {
    const owner = newUser();
    const botId = newApplication(platform.standIn);
    await t.app.services.listings.create(dashboardUser(owner), botId);
    const receiver = await receivers.start();
    expect((await t.admin('PUT', `/admin/v1/bots/${botId}/webhook`, { url: `${receiver.url}/default` })).statusCode).toBe(201);
    await t.app.services.listings.edit(dashboardUser(owner), botId, completeContent());
    await t.app.services.listings.submit(dashboardUser(owner), botId);
    expect((await t.admin('POST', `/admin/v1/bots/${botId}/webhook/test`)).statusCode).toBeLessThan(300);
    const [only] = await waitFor(() => (receiver.received.length > 0 ? receiver.received : undefined), 'the test call');
    expect(JSON.parse(only!.rawBody).event).toBe('test');
  });
});
