import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/index.js';
import { configProblem } from './support/config-problem.js';

describe('operators (OPERATOR_USER_IDS)', () => {
  it('has no operator unless set (an empty value is unset)', () => {
    expect(readConfig({}).operatorUserIds).toEqual([]);
    expect(readConfig({ OPERATOR_USER_IDS: '' }).operatorUserIds).toEqual([]);
  });

  it('reads a comma list, spaces around the IDs allowed, each ID once', () => {
    expect(readConfig({ OPERATOR_USER_IDS: '170000000000000001' }).operatorUserIds).toEqual(['170000000000000001']);
    expect(readConfig({ OPERATOR_USER_IDS: ' 170000000000000001 , 12345678901234567890,170000000000000001' }).operatorUserIds).toEqual([
      '170000000000000001',
      '12345678901234567890',
    ]);
  });

  it.each([
    [{ OPERATOR_USER_IDS: ' ' }, 'an empty entry'],
    [{ OPERATOR_USER_IDS: '170000000000000001,' }, 'an empty entry'],
    [{ OPERATOR_USER_IDS: '170000000000000001;170000000000000002' }, '"170000000000000001;170000000000000002"'],
    [{ OPERATOR_USER_IDS: 'admin' }, '"admin"'],
    [{ OPERATOR_USER_IDS: '1234567890123456' }, '"1234567890123456"'],
    [{ OPERATOR_USER_IDS: '123456789012345678901' }, '"123456789012345678901"'],
    [{ OPERATOR_USER_IDS: '１７００００００００００００００００１' }, '"１７００００００００００００００００１"'],
  ])('refuses %j', (env, got) => {
    expect(configProblem(env)).toBe(`OPERATOR_USER_IDS: must be platform user IDs (17 to 20 digits) separated by commas, got ${got}`);
  });
});
