/** Reading the dashboard's forms (application/x-www-form-urlencoded, parsed by @fastify/formbody). */
import { SCOPES, type KeyCreate, type Scope } from '../keys/schemas.js';
import { MAX_REASON_LENGTH, type TierRequestCreate } from '../tiers/schemas.js';
import { MAX_WEBHOOK_URL_LENGTH } from '../webhooks/endpoints/url-policy.js';

export type Form = Record<string, string | string[] | undefined>;
export type FieldErrors = Record<string, string>;

/** One text field: the last value when a field came several times, '' when absent. */
export function text(form: Form | undefined, name: string): string {
  const value = form?.[name];
  return (Array.isArray(value) ? (value[value.length - 1] ?? '') : (value ?? '')).trim();
}

function all(form: Form | undefined, name: string): string[] {
  const value = form?.[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

export function keyForm(form: Form | undefined): { input: KeyCreate } | { errors: FieldErrors } {
  const scopes = [...new Set(all(form, 'scopes'))];
  if (scopes.length === 0 || scopes.some((scope) => !(SCOPES as readonly string[]).includes(scope))) {
    return { errors: { scopes: `Choose at least one of ${SCOPES.join(', ')}` } };
  }
  const name = text(form, 'name').slice(0, 100);
  return { input: { scopes: scopes as Scope[], name: name === '' ? null : name } };
}

export function tierForm(form: Form | undefined): { input: TierRequestCreate } | { errors: FieldErrors } {
  const tier = Number(text(form, 'tier'));
  const reason = text(form, 'reason');
  const keyId = text(form, 'keyId');
  if (reason === '' || reason.length > MAX_REASON_LENGTH) return { errors: { reason: `Say why, in 1 to ${MAX_REASON_LENGTH} characters` } };
  if (tier !== 2 && tier !== 3) return { errors: { reason: 'Choose tier 2 or 3' } };
  return { input: { keyId, tier, reason } };
}

export function urlForm(form: Form | undefined): { url: string } | { errors: FieldErrors; url: string } {
  const url = text(form, 'url');
  if (url === '' || url.length > MAX_WEBHOOK_URL_LENGTH) return { url: url.slice(0, MAX_WEBHOOK_URL_LENGTH), errors: { url: `Enter an address of 1 to ${MAX_WEBHOOK_URL_LENGTH} characters` } };
  return { url };
}
