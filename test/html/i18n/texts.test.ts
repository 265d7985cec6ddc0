import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../../src/html/i18n/index.js';
import { codeText, problemText, reasonText } from '../../../src/html/problems.js';
import type { ErrorReason, ErrorReasonKind } from '../../../src/lib/error-reasons.js';
import { AppError, ERROR_STATUS, type ErrorCode } from '../../../src/lib/errors.js';
import type { AddressCategory } from '../../../src/modules/webhooks/endpoints/address-policy.js';
import { textsOf } from '../../support/ui-words.js';

/** Texts both languages write alike: names of things, not sentences. */
const SAME_IN_BOTH = [
  'Dashboard',
  'Bot',
  'Name',
  'Name (A–Z)',
  'Banner',
  'Website',
  'Webhooks',
  'Format',
  'Premium',
  'Test',
  'Links',
  'Tags',
  'Moderator',
  'Team',
  'API',
  'Shards',
  // The payment pages' column heads: German says Server and Status too.
  'Server',
  'Status',
];

/** One reason of every kind (the type makes the list complete). */
const REASONS: Record<ErrorReasonKind, ErrorReason> = {
  webhook_url_too_long: { kind: 'webhook_url_too_long', max: 2048 },
  webhook_url_not_absolute: { kind: 'webhook_url_not_absolute' },
  webhook_url_scheme: { kind: 'webhook_url_scheme', scheme: 'ftp' },
  webhook_url_credentials: { kind: 'webhook_url_credentials' },
  webhook_url_invalid_host: { kind: 'webhook_url_invalid_host', host: 'a..b' },
  webhook_url_unresolvable: { kind: 'webhook_url_unresolvable', host: 'nowhere.example' },
  webhook_url_forbidden_address: { kind: 'webhook_url_forbidden_address', host: 'hook.example', address: '10.0.0.5', category: 'private' },
  webhook_endpoint_limit: { kind: 'webhook_endpoint_limit', max: 10 },
  webhook_switched_off: { kind: 'webhook_switched_off' },
  delivery_pending: { kind: 'delivery_pending' },
  no_secret_overlap: { kind: 'no_secret_overlap' },
  tier_not_higher: { kind: 'tier_not_higher', tier: 2 },
  tier_request_open: { kind: 'tier_request_open' },
  sign_in_refused: { kind: 'sign_in_refused' },
  sign_in_unidentified: { kind: 'sign_in_unidentified' },
  user_banned: { kind: 'user_banned' },
  bot_banned: { kind: 'bot_banned' },
  report_limit: { kind: 'report_limit', max: 5 },
  report_open: { kind: 'report_open' },
  not_operator: { kind: 'not_operator' },
  team_not_member: { kind: 'team_not_member' },
  team_role_too_low: { kind: 'team_role_too_low', role: 'viewer' },
  team_last_owner: { kind: 'team_last_owner' },
  team_already_member: { kind: 'team_already_member', role: 'editor' },
  team_no_such_member: { kind: 'team_no_such_member' },
  team_role_unknown: { kind: 'team_role_unknown' },
  team_transfer_target: { kind: 'team_transfer_target' },
  team_full: { kind: 'team_full', max: 50 },
  team_leads_full: { kind: 'team_leads_full', max: 20 },
  team_invitations_full: { kind: 'team_invitations_full', max: 20 },
  invitation_unknown: { kind: 'invitation_unknown' },
  invitation_expired: { kind: 'invitation_expired' },
  invitation_used: { kind: 'invitation_used' },
  invitation_revoked: { kind: 'invitation_revoked' },
  review_exists: { kind: 'review_exists' },
  review_own_bot: { kind: 'review_own_bot' },
  review_body_length: { kind: 'review_body_length', min: 10, max: 2000 },
  review_body_characters: { kind: 'review_body_characters' },
  review_own_helpful: { kind: 'review_own_helpful' },
  review_report_open: { kind: 'review_report_open' },
};
/** A role a reason names is named in the page's words. */
const ROLE_NAMED = (lang: 'en' | 'de', value: unknown): string =>
  (TEXTS[lang].team.roles as Record<string, string>)[String(value)] ?? String(value);
const CATEGORIES: Record<Exclude<AddressCategory, 'public'>, true> = {
  unspecified: true,
  loopback: true,
  private: true,
  'link-local': true,
  shared: true,
  multicast: true,
  broadcast: true,
  reserved: true,
  documentation: true,
  benchmarking: true,
  metadata: true,
};

describe('the texts of the pages (src/html/i18n)', () => {
  it('every English text has a German one of its own; only names of things are the same in both', () => {
    const english = textsOf(TEXTS.en);
    const german = textsOf(TEXTS.de);
    expect(german).toHaveLength(english.length);
    const same = [...new Set(english.filter((text, index) => text === german[index]))];
    expect(same.sort()).toEqual([...SAME_IN_BOTH].sort());
  });

  it('every error code has a text of its own in each language', () => {
    for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
      const [en, de] = [codeText(TEXTS.en, code), codeText(TEXTS.de, code)];
      expect(en, code).toMatch(/\w/);
      expect(de, code).not.toBe(en);
    }
  });

  it('every reason has a text of its own in each language, with what it names', () => {
    for (const reason of Object.values(REASONS)) {
      const [en, de] = [reasonText(TEXTS.en, reason), reasonText(TEXTS.de, reason)];
      expect(de, reason.kind).not.toBe(en);
      for (const value of Object.values(reason).slice(1)) {
        expect(en, reason.kind).toContain(ROLE_NAMED('en', value));
        expect(de, reason.kind).toContain(value === 'private' ? 'private Adresse' : ROLE_NAMED('de', value));
      }
    }
    // An error with a reason is told by its reason; one without by its code.
    const refused = AppError.validation([{ field: 'url', message: 'forbidden_address: …' }]).because(REASONS.webhook_url_credentials);
    expect(problemText(TEXTS.de, refused)).toBe(TEXTS.de.reason.webhookUrlCredentials);
    expect(problemText(TEXTS.de, AppError.notFound())).toBe(TEXTS.de.error.notFound);
  });

  it('names every category of the address policy in each language; an embedded IPv4 address is named too', () => {
    for (const category of Object.keys(CATEGORIES)) {
      expect(TEXTS.en.reason.addressCategory[category], category).toBeDefined();
      expect(TEXTS.de.reason.addressCategory[category], category).toBeDefined();
      expect(TEXTS.de.reason.addressCategory[category]).not.toBe(TEXTS.en.reason.addressCategory[category]);
    }
    const mapped = reasonText(TEXTS.de, {
      kind: 'webhook_url_forbidden_address',
      host: '::ffff:7f00:1',
      address: '::ffff:7f00:1',
      category: 'loopback',
      embedded: { kind: 'ipv4-mapped', ipv4: '127.0.0.1' },
    });
    expect(mapped).toBe(
      '::ffff:7f00:1 (darin 127.0.0.1). Das ist eine Loopback-Adresse (dieser Rechner): Webhooks dürfen nur an öffentliche Adressen gehen.',
    );
  });
});
