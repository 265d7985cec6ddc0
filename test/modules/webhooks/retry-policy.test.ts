import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from '../../../src/config/index.js';
import {
  classifyResponse,
  MAX_RETRY_AFTER_SECONDS,
  nextDelaySeconds,
  parseRetryAfter,
} from '../../../src/modules/webhooks/delivery/retry-policy.js';
import { ForbiddenAddressError } from '../../../src/modules/webhooks/endpoints/resolve-host.js';
import { classifyAddress } from '../../../src/modules/webhooks/endpoints/address-policy.js';

const noJitter = { random: () => 0.5 };
const now = Date.parse('2026-01-01T00:00:00Z');

describe('classifyResponse', () => {
  it.each([
    [200, 'success'],
    [201, 'success'],
    [204, 'success'],
    [299, 'success'],
    [500, 'retry'],
    [502, 'retry'],
    [503, 'retry'],
    [599, 'retry'],
    [429, 'retry'],
    [400, 'final'],
    [401, 'final'],
    [404, 'final'],
    [410, 'final'],
    [301, 'final'],
    [302, 'final'],
    [304, 'final'],
    [100, 'final'],
  ])('%i → %s', (status, outcome) => {
    expect(classifyResponse(status)).toBe(outcome);
  });

  it('repeats after timeouts and network errors', () => {
    expect(classifyResponse(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe('retry');
    expect(classifyResponse(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe('retry');
    expect(classifyResponse(Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' }))).toBe('retry');
    expect(classifyResponse('something odd')).toBe('retry');
    expect(classifyResponse(null)).toBe('retry');
  });

  it('does not repeat a refusal by the address policy', () => {
    expect(classifyResponse(new ForbiddenAddressError('evil.test', classifyAddress('10.0.0.1')))).toBe('final');
  });
});

describe('nextDelaySeconds', () => {
  it('follows 10·n² for six repeats, then stops', () => {
    expect(DEFAULT_RETRY_SCHEDULE).toEqual([10, 40, 90, 160, 250, 360]);
    const delays = [1, 2, 3, 4, 5, 6, 7].map((n) => nextDelaySeconds(n, undefined, undefined, noJitter));
    expect(delays).toEqual([10, 40, 90, 160, 250, 360, null]);
  });

  it.each([0, -1, 1.5, Number.NaN])('has no delay for the attempt number %s', (n) => {
    expect(nextDelaySeconds(n, undefined, undefined, noJitter)).toBeNull();
  });

  it('spreads the scheduled delay by at most ±10 %', () => {
    expect(nextDelaySeconds(1, undefined, undefined, { random: () => 0 })).toBe(9);
    expect(nextDelaySeconds(1, undefined, undefined, { random: () => 0.999999 })).toBeCloseTo(11, 3);
    for (let i = 0; i < 100; i++) {
      const delay = nextDelaySeconds(4, undefined, undefined)!;
      expect(delay).toBeGreaterThanOrEqual(144);
      expect(delay).toBeLessThanOrEqual(176);
    }
  });

  it('uses a custom schedule', () => {
    expect(nextDelaySeconds(2, [0.1, 0.2], undefined, noJitter)).toBe(0.2);
    expect(nextDelaySeconds(3, [0.1, 0.2], undefined, noJitter)).toBeNull();
  });

  it.each([
    ['a longer Retry-After in seconds wins', 1, '120', 120],
    ['a shorter Retry-After does not shorten the schedule', 3, '5', 90],
    ['an HTTP-date two minutes ahead', 1, 'Thu, 01 Jan 2026 00:02:00 GMT', 120],
    ['an HTTP-date in the past', 2, 'Wed, 31 Dec 2025 23:00:00 GMT', 40],
    ['a huge ask is capped at one hour', 1, '999999999', MAX_RETRY_AFTER_SECONDS],
    ['an absurd number is capped too', 1, '99999999999999999999999', MAX_RETRY_AFTER_SECONDS],
    ['a date a year ahead is capped', 1, 'Fri, 01 Jan 2027 00:00:00 GMT', MAX_RETRY_AFTER_SECONDS],
    ['garbage is ignored', 2, 'later, please', 40],
    ['a negative number is ignored', 2, '-30', 40],
    ['a fraction is ignored', 2, '1.5', 40],
    ['an empty header is ignored', 2, '', 40],
  ])('%s', (_label, attempt, header, expected) => {
    expect(nextDelaySeconds(attempt, undefined, header, { ...noJitter, now })).toBe(expected);
  });

  it('does not lift the schedule limit because of a Retry-After', () => {
    expect(nextDelaySeconds(7, undefined, '60', { ...noJitter, now })).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120],
    [' 0 ', 0],
    ['Thu, 01 Jan 2026 00:00:30 GMT', 30],
    ['Thursday, 01-Jan-26 00:00:30 GMT', 30],
    ['garbage', null],
    ['2026', 2026],
    ['2026-01-01', null],
    ['-1', null],
  ])('%j → %s', (header, seconds) => {
    expect(parseRetryAfter(header, now)).toBe(seconds);
  });
});

describe('parseRetrySchedule', () => {
  it.each([
    [undefined, [10, 40, 90, 160, 250, 360]],
    ['', [10, 40, 90, 160, 250, 360]],
    ['  ', [10, 40, 90, 160, 250, 360]],
    ['1,2,3', [1, 2, 3]],
    [' 0 , 0.05 ,1 ', [0, 0.05, 1]],
    ['5', [5]],
    ['86400', [86400]],
  ])('%j → %j', (value, schedule) => {
    expect(parseRetrySchedule(value)).toEqual(schedule);
  });

  it.each(['1,,2', '1,x', '-1', '1e3', '10s', '1,2,', 'NaN', '86401', Array.from({ length: 21 }, () => '1').join(',')])(
    'refuses %j',
    (value) => {
      expect(() => parseRetrySchedule(value)).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    },
  );
});
