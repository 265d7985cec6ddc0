/** The in-memory parts of counting: the sketch, the bounded top list, what a request tells. */
import { describe, expect, it } from 'vitest';
import {
  imageProxySite,
  isCountable,
  MAX_HOST_LENGTH,
  referrerHost,
  searchFromReferrer,
  searchTerm,
} from '../../../src/modules/analytics/request-facts.js';
import { addHash, emptySketch, estimate, mergeSketch } from '../../../src/modules/analytics/sketch.js';
import { TopList } from '../../../src/modules/analytics/top-list.js';
import { DayCounts } from '../../../src/modules/analytics/day-counts.js';
import { saltSeed, visitorHash } from '../../../src/modules/analytics/visitor-hash.js';
import { TOP_KEPT } from '../../../src/modules/analytics/metrics.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('visitor sketch', () => {
  const seed = saltSeed(Buffer.alloc(32, 7));
  const words = new Uint32Array(2);
  const add = (sketch: Uint8Array, address: string) => {
    visitorHash(seed, address, BROWSER, words);
    addHash(sketch, words[0]!, words[1]!);
  };

  it.each([1, 10, 100, 1000, 20_000])('estimates %i visitors within 10 %', (visitors) => {
    const sketch = emptySketch();
    for (let i = 0; i < visitors; i++) add(sketch, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    // The same visitors again change nothing.
    for (let i = 0; i < visitors; i++) add(sketch, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expect(Math.abs(estimate(sketch) - visitors)).toBeLessThanOrEqual(Math.max(1, visitors * 0.1));
  });

  it('merges register-wise: two halves with an overlap count as their union', () => {
    const [first, second] = [emptySketch(), emptySketch()];
    for (let i = 0; i < 600; i++) add(first, `192.0.2.${i}`);
    for (let i = 300; i < 1000; i++) add(second, `192.0.2.${i}`);
    mergeSketch(first, second);
    expect(Math.abs(estimate(first) - 1000)).toBeLessThan(100);
  });

  it('depends on the salt: another day hashes the same visitor elsewhere', () => {
    const other = new Uint32Array(2);
    visitorHash(seed, '203.0.113.7', BROWSER, words);
    visitorHash(saltSeed(Buffer.alloc(32, 8)), '203.0.113.7', BROWSER, other);
    expect([...other]).not.toEqual([...words]);
  });
});

describe('bounded top list', () => {
  // Space-saving keeps every key seen more than total ÷ TOP_KEPT times: here 5,000 of 105,000.
  it('keeps at most TOP_KEPT keys under a flood of 100,000 unique ones, and the heavy keys', () => {
    const top = new TopList();
    for (let i = 0; i < 100_000; i++) {
      top.add(`flood-${i}.example`);
      if (i % 20 === 0) top.add('steady.example');
    }
    expect(top.counts.size).toBe(TOP_KEPT);
    expect(top.counts.get('steady.example')).toBeGreaterThanOrEqual(5000);
  });
});

describe("a flush interval's counts", () => {
  it('hold at most so many bots and days, ask for a flush when full, and take back a failed batch', () => {
    let full = 0;
    const counts = new DayCounts(3, () => full++);
    for (let bot = 0; bot < 5; bot++) counts.add('views', `bot-${bot}`, 20_000);
    counts.add('views', 'bot-0', 20_000);
    expect(counts.botDays).toBe(3);
    expect([counts.dropped, full]).toEqual([2, 2]);
    const batch = counts.take();
    expect(batch.map((entry) => entry.counts[0])).toEqual([2, 1, 1]);
    expect(counts.botDays).toBe(0);
    counts.add('views', 'bot-9', 20_001);
    counts.restore(batch);
    // bot-9 came first: one of the batch's three no longer fits.
    expect(counts.botDays).toBe(3);
    expect(counts.take().map((entry) => `${entry.botId} ${entry.counts[0]}`)).toEqual(['bot-9 1', 'bot-0 2', 'bot-1 1']);
  });
});

describe('request facts', () => {
  const headers = (extra: Record<string, string> = {}) => ({ 'user-agent': BROWSER, ...extra });

  it('counts a GET from a browser only', () => {
    expect(isCountable('GET', headers())).toBe(true);
    expect(isCountable('HEAD', headers())).toBe(false);
    expect(isCountable('GET', {})).toBe(false);
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'kube-probe/1.31',
      'BotDirectory/1.0.0 (+https://bots.example.org)',
      'Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
      'ELB-HealthChecker/2.0',
      'curl/8.5.0',
    ]) {
      expect(isCountable('GET', { 'user-agent': agent }), agent).toBe(false);
    }
  });

  it("counts an image proxy's fetch, for the proxy's site", () => {
    for (const [agent, site] of [
      ['github-camo (876f3a9c)', 'github.com'],
      ['Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)', 'mail.google.com'],
    ]) {
      expect(isCountable('GET', { 'user-agent': agent }), agent).toBe(true);
      expect(imageProxySite(agent)).toBe(site);
    }
    expect(imageProxySite(BROWSER)).toBeUndefined();
    expect(imageProxySite(undefined)).toBeUndefined();
  });

  it('does not count prefetches (the page may never be looked at)', () => {
    expect(isCountable('GET', headers({ 'sec-purpose': 'prefetch' }))).toBe(false);
    expect(isCountable('GET', headers({ 'sec-purpose': 'prefetch;prerender' }))).toBe(false);
    expect(isCountable('GET', headers({ purpose: 'prefetch' }))).toBe(false);
    expect(isCountable('GET', headers({ 'x-moz': 'prefetch' }))).toBe(false);
  });

  it('reads the referring host: lowercased, without user or port, at most 253 characters', () => {
    expect(referrerHost('https://Blog.Example.COM:8443/post?id=1')).toBe('blog.example.com');
    expect(referrerHost('http://user:pw@news.example.org/')).toBe('news.example.org');
    expect(referrerHost('https://example.net.')).toBe('example.net');
    expect(referrerHost('android-app://com.example')).toBeUndefined();
    expect(referrerHost('not a url')).toBeUndefined();
    expect(referrerHost('https://exa mple.org/')).toBeUndefined();
    expect(referrerHost(`https://${'a'.repeat(10_000)}.example/`)).toBeUndefined();
    expect(referrerHost(`https://${'a'.repeat(MAX_HOST_LENGTH)}/`)).toHaveLength(MAX_HOST_LENGTH);
    expect(referrerHost(`https://example.org/${'x'.repeat(10_000)}`)).toBe('example.org');
  });

  it('normalises search terms and cuts them at 64 characters', () => {
    expect(searchTerm('  Music   BOT\t ')).toBe('music bot');
    expect(searchTerm('   ')).toBeUndefined();
    expect(searchTerm('m'.repeat(100))).toBe('m'.repeat(64));
    // Never half a character.
    expect(Array.from(searchTerm('😀'.repeat(100))!)).toHaveLength(64);
    expect(searchFromReferrer('https://bots.example.org/en/search?q=Music+%20Bot&page=2')).toBe('music bot');
    expect(searchFromReferrer('https://bots.example.org/en/search?q=%FF%FE')).toBe('\uFFFD\uFFFD');
    expect(searchFromReferrer('https://bots.example.org/en/bots?q=music')).toBeUndefined();
  });
});
