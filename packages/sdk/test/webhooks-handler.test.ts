/** The webhook handler's edges, with calls signed the way the service signs them. */
import { describe, expect, it, vi } from 'vitest';
import { createWebhookHandler, MemoryDedupeStore, verifyWebhook } from '@bot-directory/sdk/webhooks';
import { signatureHeaders } from '../../../src/modules/webhooks/delivery/signature.js';

const SECRET = 'whsec_handler_test_secret';
const now = () => Math.floor(Date.now() / 1000);
const vote = (id: string, flagged = false) =>
  JSON.stringify({
    event: 'vote',
    id,
    createdAt: new Date().toISOString(),
    botId: '1',
    user: '2',
    username: 'u',
    flagged,
    votedAt: new Date().toISOString(),
  });
const signed = (body: string, at = now()) => signatureHeaders(SECRET, at, body);
/** One body, signed as the service signs it, through a handler. */
const send = (handle: ReturnType<typeof createWebhookHandler>, body: string) => handle(body, signed(body));

describe('verifyWebhook', () => {
  it('accepts the service signature and refuses stale (400) and forged (401) calls', () => {
    const body = vote('a');
    expect(verifyWebhook(body, signed(body), SECRET)).toMatchObject({ ok: true });
    expect(verifyWebhook(Buffer.from(body), new Headers(signed(body)), SECRET)).toMatchObject({ ok: true });
    expect(verifyWebhook(body, signed(body, now() - 301), SECRET)).toEqual({
      ok: false,
      status: 400,
      reason: 'timestamp_out_of_tolerance',
    });
    expect(verifyWebhook(body, signed(body, now() - 301), SECRET, { toleranceSeconds: 600 })).toMatchObject({ ok: true });
    expect(verifyWebhook(`${body} `, signed(body), SECRET)).toEqual({ ok: false, status: 401, reason: 'signature_mismatch' });
    expect(verifyWebhook(body, {}, SECRET)).toEqual({ ok: false, status: 400, reason: 'missing_timestamp' });
    expect(verifyWebhook(body, { 'x-service-timestamp': String(now()) }, SECRET)).toEqual({
      ok: false,
      status: 401,
      reason: 'missing_signature',
    });
  });
});

describe('createWebhookHandler', () => {
  it('answers 400 to a verified body that is not an event, and acknowledges unknown kinds', async () => {
    const onUnknownEvent = vi.fn();
    const handle = createWebhookHandler({ secret: SECRET, onUnknownEvent, waitForHandlers: true });
    for (const body of ['not json', '[]', '{"event":"vote"}', '']) {
      expect((await handle(body, signed(body))).status).toBe(400);
    }
    const future = JSON.stringify({ event: 'payout', id: 'r1', createdAt: 'x', botId: '1', amount: 5 });
    expect(await handle(future, signed(future))).toMatchObject({ status: 200, body: { ok: true, id: 'r1' } });
    expect(onUnknownEvent).toHaveBeenCalledWith(expect.objectContaining({ event: 'payout', amount: 5 }));
  });

  it('hands review and vote.reminder events to onReview and onVoteReminder, typed', async () => {
    const onReview = vi.fn();
    const onVoteReminder = vi.fn();
    const onUnknownEvent = vi.fn();
    const handle = createWebhookHandler({ secret: SECRET, onReview, onVoteReminder, onUnknownEvent, waitForHandlers: true });
    const at = new Date().toISOString();
    const review = JSON.stringify({
      event: 'review',
      id: 'rv1',
      createdAt: at,
      botId: '1',
      action: 'replied',
      reviewId: '00000000-0000-4000-8000-000000000001',
      user: '2',
      username: 'u',
      rating: 4,
      body: 'Good.',
      developerReply: { body: 'Thanks!', repliedAt: at },
    });
    const reminder = JSON.stringify({
      event: 'vote.reminder',
      id: 'vr1',
      createdAt: at,
      botId: '1',
      user: '2',
      username: 'u',
      flagged: false,
      votedAt: at,
    });
    expect(await send(handle, review)).toMatchObject({ status: 200, body: { ok: true, id: 'rv1' } });
    expect(await send(handle, reminder)).toMatchObject({ status: 200, body: { ok: true, id: 'vr1' } });
    expect(onReview).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'replied', developerReply: { body: 'Thanks!', repliedAt: at } }),
    );
    expect(onVoteReminder).toHaveBeenCalledWith(expect.objectContaining({ user: '2', votedAt: at }));
    expect(onUnknownEvent).not.toHaveBeenCalled();
  });

  it('hands a listing event to onListing, typed', async () => {
    const onListing = vi.fn();
    const onEvent = vi.fn();
    const handle = createWebhookHandler({ secret: SECRET, onListing, onEvent, waitForHandlers: true });
    const body = JSON.stringify({
      event: 'listing',
      id: 'l1',
      createdAt: new Date().toISOString(),
      botId: '1',
      status: 'changes_requested',
      editStatus: 'none',
      transition: 'request_changes',
      edit: false,
      reason: 'Add a German description.',
    });
    expect(await send(handle, body)).toMatchObject({ status: 200, body: { ok: true, id: 'l1', duplicate: false } });
    expect(onListing).toHaveBeenCalledWith(expect.objectContaining({ status: 'changes_requested', reason: 'Add a German description.' }));
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it('answers before a slow handler finishes; a failing handler releases the id so a repeat is handled', async () => {
    let release!: () => void;
    const onVote = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const onError = vi.fn();
    const handle = createWebhookHandler({ secret: SECRET, onVote, onError });
    const body = vote('slow');
    const outcome = await handle(body, signed(body));
    expect(outcome).toMatchObject({ status: 200, body: { ok: true, duplicate: false } });
    await vi.waitFor(() => expect(onVote).toHaveBeenCalledTimes(1));
    release();
    await outcome.handled;

    const failing = createWebhookHandler({ secret: SECRET, onVote: () => Promise.reject(new Error('db down')), onError });
    const first = await send(failing, vote('x'));
    await first.handled;
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'db down' }), expect.objectContaining({ id: 'x' }));
    // Released: the repeat is not taken for a duplicate.
    expect((await send(failing, vote('x'))).body).toMatchObject({ duplicate: false });
  });

  it('with waitForHandlers, a failing handler makes the answer 500 (the service repeats the call)', async () => {
    const handle = createWebhookHandler({
      secret: SECRET,
      waitForHandlers: true,
      onVote: () => {
        throw new Error('no');
      },
      onError: () => {},
    });
    expect(await send(handle, vote('y'))).toMatchObject({ status: 500, body: { ok: false, reason: 'handler_failed' } });
    // Released, so the repeat runs the handler again (instead of being acknowledged as a duplicate).
    expect((await send(handle, vote('y'))).status).toBe(500);
  });

  it('deduplicates through a pluggable store, for its TTL', async () => {
    let clock = 0;
    const store = new MemoryDedupeStore({ now: () => clock, maxEntries: 2 });
    const onVote = vi.fn();
    const handle = createWebhookHandler({ secret: SECRET, onVote, dedupe: store, dedupeTtlMs: 1000, waitForHandlers: true });
    expect((await send(handle, vote('d1'))).body).toMatchObject({ duplicate: false });
    expect((await send(handle, vote('d1'))).body).toMatchObject({ duplicate: true });
    clock = 1001;
    expect((await send(handle, vote('d1'))).body).toMatchObject({ duplicate: false });
    expect(onVote).toHaveBeenCalledTimes(2);
    await send(handle, vote('d2'));
    await send(handle, vote('d3'));
    expect(store.size).toBe(2);
    const shared = { claim: vi.fn(async () => false), release: vi.fn() };
    const elsewhere = createWebhookHandler({ secret: SECRET, onVote, dedupe: shared });
    expect((await send(elsewhere, vote('d4'))).body).toMatchObject({ duplicate: true });
    expect(shared.claim).toHaveBeenCalledWith('d4', 24 * 3600_000);
  });
});
