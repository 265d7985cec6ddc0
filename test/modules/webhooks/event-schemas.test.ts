import { describe, expect, it } from 'vitest';
import { openapiWebhooks } from '../../../src/modules/webhooks/delivery/event-schemas.js';
import { DEFAULT_RETRY_SCHEDULE } from '../../../src/config/index.js';

const retries = (schedule: readonly number[]) => openapiWebhooks(schedule).vote.post.responses['5XX'].description;

describe('the webhooks of the OpenAPI document', () => {
  it('describe the default retry schedule', () => {
    expect(retries(DEFAULT_RETRY_SCHEDULE)).toBe('Repeated: six repeats at most, after 10, 40, 90, 160, 250 and 360 seconds.');
  });

  it('follow WEBHOOK_RETRY_SCHEDULE', () => {
    expect(retries([5, 30])).toBe('Repeated: two repeats at most, after 5 and 30 seconds.');
    expect(retries([60])).toBe('Repeated: one repeat at most, after 60 seconds.');
    expect(retries([])).toBe('Not repeated: the delivery fails at once.');
    expect(retries(Array.from({ length: 12 }, (_, i) => i + 1))).toMatch(/^Repeated: 12 repeats at most, after 1, 2, .* and 12 seconds\.$/);
  });
});
