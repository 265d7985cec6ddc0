import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnswerStore, EncodedJson, etagOf, type Answer, type Read } from '../../../src/lib/answers/index.js';
import { AppError } from '../../../src/lib/errors.js';

class Outage extends Error {}

function store(maxBytes = 1024 * 1024) {
  let now = 1_000_000;
  const answers = new AnswerStore({ maxBytes, isOutage: (error) => error instanceof Outage, now: () => now });
  return { answers, advance: (ms: number) => void (now += ms) };
}

const read = (key: string, more: Partial<Read<unknown>> = {}): Read<unknown> => ({ key, cacheControl: 'no-cache', ...more });
const text = async (answer: Answer | Promise<Answer>) => (await answer).body.toString();

function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

describe('AnswerStore', () => {
  it('encodes a value as JSON once, keeps the bytes with their ETag, and answers a kept one without a promise', async () => {
    const { answers } = store();
    let calls = 0;
    const compute = async () => ({ name: 'Grüße ✓', n: ++calls });
    const first = await answers.answer(read('k'), compute);
    expect(first.body.equals(Buffer.from(JSON.stringify({ name: 'Grüße ✓', n: 1 })))).toBe(true);
    expect(first.etag).toBe(etagOf(first.body));
    const again = answers.answer(read('k'), compute);
    expect(again).not.toBeInstanceOf(Promise);
    expect((again as Answer).body).toBe(first.body);
    expect(calls).toBe(1);
  });

  it('sends strings and buffers as they are, and an EncodedJson without a copy', async () => {
    const { answers } = store();
    expect(await text(answers.answer(read('svg'), async () => '<svg>ä</svg>'))).toBe('<svg>ä</svg>');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    expect((await answers.answer({ cacheControl: 'no-cache' }, () => png)).body).toBe(png);
    const held = new EncodedJson(Buffer.from('{"data":{"id":"1"}}'));
    const sent = answers.answer({ cacheControl: 'no-cache' }, () => held) as Answer;
    expect(sent.body).toBe(held.body);
    expect(sent.etag).toBe(held.etag);
  });

  it('copies EncodedJson parts into JSON byte for byte as JSON.stringify would write the values they hold', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 8 }), fc.jsonValue(), (items, rest) => {
        const { answers } = store();
        const parts = items.map((item) =>
          new EncodedJson(Buffer.from(`{"data":${JSON.stringify(item)}}`)).part(8, 8 + Buffer.byteLength(JSON.stringify(item))),
        );
        const answer = answers.answer({ cacheControl: 'no-cache' }, () => ({ data: parts, rest })) as Answer;
        expect(answer.body.toString()).toBe(JSON.stringify({ data: items, rest }));
      }),
    );
  });

  it('gives equal answers made of parts equal ETags, and an answer that differs in a part or around them another', () => {
    const { answers } = store();
    const page = (names: string[], total: number) =>
      answers.answer({ cacheControl: 'no-cache' }, () => ({
        data: names.map((name) => new EncodedJson(Buffer.from(JSON.stringify({ name })))),
        total,
      })) as Answer;
    expect(page(['a', 'b'], 2).etag).toBe(page(['a', 'b'], 2).etag);
    expect(page(['a', 'c'], 2).etag).not.toBe(page(['a', 'b'], 2).etag);
    expect(page(['a', 'b'], 3).etag).not.toBe(page(['a', 'b'], 2).etag);
  });

  it('still encodes right when a string of the value is a lone NUL, which looks like a part', () => {
    const { answers } = store();
    const part = new EncodedJson(Buffer.from('{"x":1}'));
    const answer = answers.answer({ cacheControl: 'no-cache' }, () => ({ a: '\u0000', b: part })) as Answer;
    expect(JSON.parse(answer.body.toString())).toEqual({ a: '\u0000', b: { x: 1 } });
  });

  it('drops every answer that shows a fact that changed, and only those', async () => {
    const { answers } = store();
    let n = 0;
    const compute = async () => `v${++n}`;
    await answers.answer(read('bot1', { facts: ['bot:1'] }), compute);
    await answers.answer(read('votes1', { facts: ['bot:1', 'votes:1'] }), compute);
    await answers.answer(read('bot2', { facts: ['bot:2'] }), compute);
    answers.changed(['votes:1']);
    expect(await text(answers.answer(read('bot1', { facts: ['bot:1'] }), compute))).toBe('v1');
    expect(await text(answers.answer(read('votes1', { facts: ['bot:1', 'votes:1'] }), compute))).toBe('v4');
    answers.changed(['bot:1']);
    expect(await text(answers.answer(read('bot1', { facts: ['bot:1'] }), compute))).toBe('v5');
    expect(await text(answers.answer(read('bot2', { facts: ['bot:2'] }), compute))).toBe('v3');
  });

  it('lets an answer lag behind a lagging fact for its lag, and no longer; unchanged, it lives its whole life', async () => {
    const { answers, advance } = store();
    let n = 0;
    const lagging = read('list', { lagging: { facts: ['counts'], ms: 2_000 }, ttlMs: Number.POSITIVE_INFINITY });
    const compute = async () => `page${++n}`;
    expect(await text(answers.answer(lagging, compute))).toBe('page1');
    advance(60_000);
    expect(await text(answers.answer(lagging, compute))).toBe('page1');
    answers.changed(['counts']);
    expect(await text(answers.answer(lagging, compute))).toBe('page2');
    answers.changed(['counts']);
    advance(1_999);
    expect(await text(answers.answer(lagging, compute))).toBe('page2');
    advance(1);
    expect(await text(answers.answer(lagging, compute))).toBe('page3');
  });

  it('ends an answer after its life, a number or a function of the value; 0 keeps nothing', async () => {
    const { answers, advance } = store();
    let n = 0;
    const compute = async () => ({ n: ++n, life: 5_000 });
    const byValue = read('by-value', { ttlMs: (value) => (value as { life: number }).life });
    await answers.answer(byValue, compute);
    advance(4_999);
    expect(JSON.parse(await text(answers.answer(byValue, compute))).n).toBe(1);
    advance(1);
    expect(JSON.parse(await text(answers.answer(byValue, compute))).n).toBe(2);
    await answers.answer(read('never', { ttlMs: 0 }), compute);
    expect(JSON.parse(await text(answers.answer(read('never', { ttlMs: 0 }), compute))).n).toBe(4);
    advance(30_000);
    expect(JSON.parse(await text(answers.answer(byValue, compute))).n).toBe(5);
  });

  it('shares one computation among concurrent asks of a key (single flight)', async () => {
    const { answers } = store();
    const g = gate();
    let calls = 0;
    const compute = async () => (await g.wait, `once${++calls}`);
    const asks = [answers.answer(read('k'), compute), answers.answer(read('k'), compute), answers.answer(read('k'), compute)];
    g.open();
    expect(await Promise.all(asks.map(text))).toEqual(['once1', 'once1', 'once1']);
    expect(calls).toBe(1);
  });

  it('hands a computation a change overtook to its callers only: a later ask starts another, and the old one is not kept', async () => {
    const { answers } = store();
    const g = gate();
    const before = answers.answer(read('k', { facts: ['bot:1'] }), async () => (await g.wait, 'before'));
    answers.changed(['bot:1']);
    const after = answers.answer(read('k', { facts: ['bot:1'] }), async () => 'after');
    g.open();
    expect(await text(before)).toBe('before');
    expect(await text(after)).toBe('after');
    expect(await text(answers.answer(read('k', { facts: ['bot:1'] }), async () => 'again'))).toBe('after');
  });

  it('passes a failure to every caller of its flight and keeps nothing; a 404 is not kept either', async () => {
    const { answers } = store();
    const g = gate();
    const failing = async () => {
      await g.wait;
      throw AppError.notFound();
    };
    const asks = [answers.answer(read('k'), failing), answers.answer(read('k'), failing)];
    g.open();
    for (const ask of asks) await expect(ask).rejects.toMatchObject({ code: 'not_found' });
    expect(await text(answers.answer(read('k'), async () => 'found'))).toBe('found');
  });

  it('serves the last answer past its life while the database does not answer, unless the read says it must not', async () => {
    const { answers, advance } = store();
    await answers.answer(read('a', { ttlMs: 1_000 }), async () => 'known');
    await answers.answer(read('b', { ttlMs: 1_000, staleWhenDown: false }), async () => 'known');
    advance(2_000);
    const down = async (): Promise<string> => {
      throw new Outage('down');
    };
    expect(await text(answers.answer(read('a', { ttlMs: 1_000 }), down))).toBe('known');
    expect(answers.stats.stale).toBe(1);
    await expect(answers.answer(read('b', { ttlMs: 1_000, staleWhenDown: false }), down)).rejects.toBeInstanceOf(Outage);
    await expect(answers.answer(read('a', { ttlMs: 1_000 }), async () => Promise.reject(new Error('a bug')))).rejects.toThrow('a bug');
  });

  it('once full, serves an answer asked for the first time without keeping it, keeps it the second time, pushing the oldest out', async () => {
    const entry = (c: string) => c.repeat(300);
    // Each answer costs its 300 bytes, its key and its bookkeeping: two fit in 2,000 bytes, three do not.
    const { answers } = store(2_000);
    await answers.answer(read('a'), async () => entry('a'));
    await answers.answer(read('b'), async () => entry('b'));
    expect(answers.size.entries).toBe(2);
    expect(await text(answers.answer(read('c'), async () => entry('c')))).toBe(entry('c'));
    expect(answers.size.entries).toBe(2);
    await answers.answer(read('c'), async () => entry('c'));
    expect(answers.size.entries).toBe(2);
    // 'a', the oldest, made room for 'c'; 'b' stays; 'a' asked again is new to the full store.
    expect(await text(answers.answer(read('b'), async () => 'b again'))).toBe(entry('b'));
    expect(await text(answers.answer(read('c'), async () => 'c again'))).toBe(entry('c'));
    expect(await text(answers.answer(read('a'), async () => entry('A')))).toBe(entry('A'));
    expect(await text(answers.answer(read('a'), async () => entry('α')))).toBe(entry('α'));
    expect(await text(answers.answer(read('a'), async () => 'never'))).toBe(entry('α'));
  });

  it('counts keys and facts in its bytes, and never keeps more than its bound', async () => {
    const { answers } = store(64 * 1024);
    for (let i = 0; i < 2_000; i++) {
      const key = `k${i}:${'x'.repeat(500)}`;
      // Asked twice, so that a full store takes each one in and pushes the oldest out.
      for (let ask = 0; ask < 2; ask++) await answers.answer(read(key, { facts: [`bot:${i}`, `votes:${i % 7}`] }), async () => `v${i}`);
      expect(answers.size.bytes).toBeLessThanOrEqual(64 * 1024);
    }
    expect(answers.size.entries).toBeLessThan(64);
  });

  it('leaves no index behind for answers pushed out, dropped or failed', async () => {
    const { answers } = store(16 * 1024);
    for (let i = 0; i < 5_000; i++) {
      for (let ask = 0; ask < 2; ask++) await answers.answer(read(`p${i}`, { facts: [`bot:${i % 50}`] }), async () => `page ${i}`);
      await expect(
        answers.answer(read(`x${i}`, { facts: [`bot:x${i}`] }), async () => Promise.reject(AppError.notFound())),
      ).rejects.toBeDefined();
      if (i % 10 === 0) answers.changed([`bot:${i % 50}`]);
    }
    const byFact = (answers as unknown as { byFact: Map<string, Set<string>> }).byFact;
    expect([...byFact.values()].reduce((n, keys) => n + keys.size, 0)).toBe(answers.size.entries);
  });

  it('lends a buffer to a long answer it does not keep, taken back once every request handed it has released it', async () => {
    const { answers } = store(1);
    const long = (c: string) => c.repeat(5_000);
    const g = gate();
    const first = answers.answer(read('x'), async () => (await g.wait, long('x')));
    const second = answers.answer(read('x'), async () => long('never computed'));
    g.open();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(a.body.toString()).toBe(long('x'));
    expect(a.etag).toBe(etagOf(long('x')));
    a.release!();
    const other = await answers.answer(read('y'), async () => long('y'));
    expect(other.body.buffer).not.toBe(a.body.buffer);
    expect(a.body.toString()).toBe(long('x'));
    other.release!();
    b.release!();
    const reused = await answers.answer(read('z'), async () => long('z'));
    expect([other.body.buffer, a.body.buffer]).toContain(reused.body.buffer);
    expect(reused.body.toString()).toBe(long('z'));
    expect((await answers.answer(read('w'), async () => 'short')).release).toBeUndefined();
  });
});
