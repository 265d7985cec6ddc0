import { describe, expect, it } from 'vitest';
import { sortKey } from '../../../src/modules/bots/repository.js';

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
