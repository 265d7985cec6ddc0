import { describe, expect, it } from 'vitest';
import { isSnowflakeId } from '../../src/lib/schemas.js';

describe('isSnowflakeId', () => {
  it.each(['12345678901234567', '12345678901234567890'])('accepts %s', (id) => expect(isSnowflakeId(id)).toBe(true));
  it.each(['1234567890123456', '123456789012345678901', 'abc', '12345678901234567\u0000', '', ' 12345678901234567'])('rejects %j', (id) =>
    expect(isSnowflakeId(id)).toBe(false),
  );
});
