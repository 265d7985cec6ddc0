/**
 * The permissions table, pair by pair: what each role may do is written out here once more, by
 * hand, so that a change of the table is a change of this test too.
 */
import { describe, expect, it } from 'vitest';
import { ACTIONS, actionFor, may, ROLES, type Action, type Role } from '../../../src/modules/teams/permissions.js';

const Y = true;
const N = false;

/** owner, manager, editor, viewer */
const EXPECTED: Record<Action, [boolean, boolean, boolean, boolean]> = {
  'bot.view': [Y, Y, Y, Y],
  'listing.edit': [Y, Y, Y, N],
  'keys.manage': [Y, Y, N, N],
  'webhooks.manage': [Y, Y, N, N],
  'tiers.request': [Y, Y, N, N],
  'payments.manage': [Y, Y, N, N],
  'reviews.reply': [Y, Y, N, N],
  'audit.view': [Y, Y, N, N],
  'analytics.view': [Y, Y, Y, Y],
  'team.view': [Y, Y, Y, Y],
  'team.manage': [Y, Y, N, N],
  'team.manage_owners': [Y, N, N, N],
  'bot.transfer': [Y, N, N, N],
  'bot.delete': [Y, N, N, N],
};

describe('who may do what on a bot (teams/permissions.ts)', () => {
  it('lists the four roles, strongest first, and every action of the table', () => {
    expect(ROLES).toEqual(['owner', 'manager', 'editor', 'viewer']);
    expect([...ACTIONS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const action of ACTIONS) {
    for (const [n, role] of ROLES.entries()) {
      it(`${role} ${EXPECTED[action][n] ? 'may' : 'may not'} ${action}`, () => {
        expect(may(role, action)).toBe(EXPECTED[action][n]);
      });
    }
  }

  it('nobody outside the team may do anything, not even look', () => {
    for (const action of ACTIONS) expect(may(undefined, action)).toBe(false);
  });

  it('giving or taking the owner role takes an owner; any other role a manager', () => {
    const expected: Record<Role, Action> = {
      owner: 'team.manage_owners',
      manager: 'team.manage',
      editor: 'team.manage',
      viewer: 'team.manage',
    };
    for (const role of ROLES) expect(actionFor(role)).toBe(expected[role]);
  });
});
