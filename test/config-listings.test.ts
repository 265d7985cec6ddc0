import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/index.js';
import { configProblem } from './support/config-problem.js';

describe("owners' listings (LISTING_EDITS, PLATFORM_*)", () => {
  it("defaults to edits going live at once and Discord's v10 API without a bot token", () => {
    expect(readConfig({}).listings).toEqual({ edits: 'live', platform: { apiUrl: 'https://discord.com/api/v10', botToken: undefined } });
  });

  it('reads review, a stand-in address (trailing slash dropped) and a token', () => {
    expect(
      readConfig({ LISTING_EDITS: 'review', PLATFORM_API_URL: 'http://127.0.0.1:4000/api/v10/', PLATFORM_BOT_TOKEN: 'x'.repeat(24) })
        .listings,
    ).toEqual({ edits: 'review', platform: { apiUrl: 'http://127.0.0.1:4000/api/v10', botToken: 'x'.repeat(24) } });
  });

  it.each([
    [{ LISTING_EDITS: 'later' }, 'LISTING_EDITS: must be one of live, review, got "later"'],
    [{ LISTING_EDITS: 'LIVE' }, 'LISTING_EDITS: must be one of live, review, got "LIVE"'],
    [{ PLATFORM_API_URL: 'discord.com/api' }, 'PLATFORM_API_URL: is not a valid URL'],
    [{ PLATFORM_API_URL: 'ftp://discord.com/api' }, 'PLATFORM_API_URL: must start with http:// or https://'],
    [{ PLATFORM_API_URL: 'javascript:alert(1)' }, 'PLATFORM_API_URL: must start with http:// or https://'],
    [{ PLATFORM_BOT_TOKEN: 'short' }, 'PLATFORM_BOT_TOKEN: must be a bot token of the platform (at least 20 characters)'],
  ])('refuses %j', (env, message) => {
    expect(configProblem(env)).toBe(message);
  });
});
