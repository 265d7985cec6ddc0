import { ConfigError } from './errors.js';

const PLATFORM_ID = /^[0-9]{17,20}$/;

/**
 * OPERATOR_USER_IDS: the platform user IDs of the operators, each 17 to 20 digits, separated by
 * commas (spaces around them are fine; the same ID twice counts once). Unset: nobody.
 */
export function readOperatorIds(value: string | undefined): readonly string[] {
  if (value === undefined) return [];
  const ids = value.split(',').map((entry) => entry.trim());
  for (const id of ids) {
    if (!PLATFORM_ID.test(id)) {
      throw new ConfigError(
        'OPERATOR_USER_IDS',
        `must be platform user IDs (17 to 20 digits) separated by commas, got ${id === '' ? 'an empty entry' : `"${id}"`}`,
      );
    }
  }
  return Object.freeze([...new Set(ids)]);
}
