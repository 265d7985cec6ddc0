/** The Discord adapter against the platform stand-in, which answers in Discord's shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformStandIn, type PlatformStandIn } from '../../../scripts/platform-stand-in.js';
import { AppError } from '../../../src/lib/errors.js';
import { DiscordAdapter } from '../../../src/modules/platform/discord.js';

const APP = '1300000000000000101';
const NO_BOT = '1300000000000000102';
const USER = '1300000000000000103';
const NOBODY = '1300000000000000104';
const ICON = '0123456789abcdef0123456789abcdef';

describe('the Discord platform adapter', () => {
  let platform: PlatformStandIn;
  beforeAll(async () => {
    platform = await startPlatformStandIn({
      applications: [
        { id: APP, name: '  Lantern  ', description: 'Quizzes.', icon: ICON },
        { id: NO_BOT, name: 'Only RPC', bot: false },
      ],
      users: [{ id: USER, name: 'Somebody' }],
    });
  });
  afterAll(() => platform.stop());
  const adapter = (token = true) =>
    new DiscordAdapter(platform.env.PLATFORM_API_URL, token ? platform.env.PLATFORM_BOT_TOKEN : undefined, 'test');

  it('answers an application with its name, icon and description; ownership is left to the moderator', async () => {
    expect(await adapter().lookup(APP, '200000000000000001')).toEqual({
      kind: 'found',
      application: {
        id: APP,
        name: 'Lantern',
        iconUrl: `https://cdn.discordapp.com/app-icons/${APP}/${ICON}.png`,
        description: 'Quizzes.',
        isBot: true,
      },
      ownership: 'unchecked',
    });
  });

  it('gives an application without an icon the default avatar, and tells one without a bot user', async () => {
    const found = await adapter().lookup(NO_BOT, '200000000000000001');
    expect(found).toMatchObject({ kind: 'found', application: { isBot: false } });
    if (found.kind === 'found') expect(found.application.iconUrl).toMatch(/^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/[0-5]\.png$/);
  });

  it("tells a user's ID from an unknown one with a bot token, and calls both unknown without", async () => {
    expect(await adapter().lookup(USER, '1')).toEqual({ kind: 'user' });
    expect(await adapter().lookup(NOBODY, '1')).toEqual({ kind: 'unknown' });
    const before = platform.calls.users;
    expect(await adapter(false).lookup(USER, '1')).toEqual({ kind: 'unknown' });
    expect(platform.calls.users).toBe(before);
  });

  it('is a 503 when the platform is down or answers something else', async () => {
    platform.failWith(502);
    try {
      const error = await adapter()
        .lookup(APP, '1')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('service_unavailable');
    } finally {
      platform.failWith(undefined);
    }
    const closed = new DiscordAdapter('http://127.0.0.1:1/api/v10', undefined, 'test');
    expect(((await closed.lookup(APP, '1').catch((e: unknown) => e)) as AppError).code).toBe('service_unavailable');
  });

  it('invites the bot through the platform', () => {
    expect(adapter().inviteUrl(APP)).toBe(`https://discord.com/oauth2/authorize?client_id=${APP}`);
  });
});
