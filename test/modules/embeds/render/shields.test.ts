import { describe, expect, it } from 'vitest';
import { shieldsEndpoint, type BadgeVariant } from '../../../../src/modules/embeds/render/index.js';
import { SHIELDS_COLOUR, validateShieldsEndpoint } from '../shields-schema.js';
import { HOSTILE_NAME, makeBot } from './fixtures.js';

const VARIANTS: BadgeVariant[] = ['servers', 'votes', 'rating', 'votes_total', 'status', 'rating_stars'];

describe('shieldsEndpoint', () => {
  it.each(VARIANTS)('answers the endpoint-badge schema for %s', (variant) => {
    for (const bot of [makeBot(), makeBot({ name: HOSTILE_NAME, isVerified: false, serverCount: 0, rating: { average: 0, count: 0 } })]) {
      const json = JSON.parse(JSON.stringify(shieldsEndpoint(bot, variant)));
      expect(validateShieldsEndpoint(json), JSON.stringify(validateShieldsEndpoint.errors)).toBe(true);
      expect(json.schemaVersion).toBe(1);
      expect(json.color).toMatch(SHIELDS_COLOUR);
      expect(json.cacheSeconds).toBeGreaterThanOrEqual(300);
    }
  });

  it('says what the badge says', () => {
    const bot = makeBot({ serverCount: 12_345, votesMonth: 1_234, votesTotal: 98_765, rating: { average: 4.66, count: 321 } });
    const pick = (variant: BadgeVariant, over = {}) => {
      const { label, message } = shieldsEndpoint({ ...bot, ...over }, variant);
      return [label, message];
    };
    expect(pick('servers')).toEqual(['servers', '12.3k']);
    expect(pick('votes')).toEqual(['votes', '1.2k/month']);
    expect(pick('votes_total')).toEqual(['votes', '98.7k total']);
    expect(pick('rating')).toEqual(['rating', '4.7 ★ (321)']);
    expect(pick('rating_stars')).toEqual(['rating', '★★★★★ (321)']);
    expect(pick('rating_stars', { rating: { average: 3.2, count: 5 } })).toEqual(['rating', '★★★☆☆ (5)']);
    expect(pick('rating_stars', { rating: { average: 0, count: 0 } })).toEqual(['rating', 'no ratings']);
    expect(pick('status')).toEqual(['status', 'verified']);
    expect(pick('status', { isVerified: false })).toEqual(['status', 'unverified']);
  });

  it('leaves the bot name out: shields.io escapes what it draws, and a name is no badge text', () => {
    expect(JSON.stringify(shieldsEndpoint(makeBot({ name: HOSTILE_NAME }), 'servers'))).not.toContain('img');
  });

  it('rejects what shields.io would reject (the schema in this test is not a rubber stamp)', () => {
    const good = { schemaVersion: 1, label: 'servers', message: '1.4M' };
    expect(validateShieldsEndpoint(good)).toBe(true);
    expect(validateShieldsEndpoint({ ...good, label: '' })).toBe(true);
    for (const bad of [
      { ...good, schemaVersion: 2 },
      { ...good, message: '' },
      { label: 'x', message: 'y' },
      { ...good, cacheSeconds: -1 },
      { ...good, cacheSeconds: 1.5 },
      { ...good, extra: true },
      { ...good, namedLogo: 'discord', logoSvg: '<svg/>' },
      { ...good, logoColor: 'red' },
    ]) {
      expect(validateShieldsEndpoint(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
