import { describe, expect, it } from 'vitest';
import { isBotId, sortKey } from '../../../src/modules/bots/repository.js';

describe('sortKey', () => {
  it.each([
    ['Äpfel', 'apfel'],
    ['ÄRGER', 'arger'],
    ['Éclair', 'eclair'],
    ['Œuvre', 'œuvre'],
    ['ﬁnder', 'finder'],
    ['Zoë', 'zoe'],
    ['BOT', 'bot'],
  ])('%s → %s', (name, key) => {
    expect(sortKey(name)).toBe(key);
  });
});

describe('isBotId', () => {
  it.each(['12345678901234567', '12345678901234567890'])('accepts %s', (id) => expect(isBotId(id)).toBe(true));
  it.each(['1234567890123456', '123456789012345678901', 'abc', '12345678901234567\u0000', '', ' 12345678901234567'])(
    'rejects %j',
    (id) => expect(isBotId(id)).toBe(false),
  );
});
