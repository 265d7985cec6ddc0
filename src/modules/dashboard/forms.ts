/**
 * The dashboard's forms, read with the management API's own schemas (src/html/forms.ts): a key
 * form is a `KeyCreate` without the tier (the operator sets tiers), a tier request a
 * `TierRequestCreate`, the webhook form a `WebhookPut`'s address. No limit is restated here.
 */
import { Type } from 'typebox';
import { readForm, type FieldErrors, type Form } from '../../html/forms.js';
import type { Texts } from '../../html/i18n/index.js';
import { KeyCreate } from '../keys/schemas.js';
import { TierRequestCreate } from '../tiers/schemas.js';
import { WebhookPut } from '../webhooks/endpoints/schemas.js';

export type { FieldErrors, Form };

const KeyForm = Type.Pick(KeyCreate, ['scopes', 'name']);
const WebhookForm = Type.Pick(WebhookPut, ['url']);

export function keyForm(t: Texts, form: Form | undefined) {
  const read = readForm(t, KeyForm, form);
  return 'errors' in read ? read : { input: { scopes: read.value.scopes, name: read.value.name ?? null } };
}

export function tierForm(t: Texts, form: Form | undefined) {
  const read = readForm(t, TierRequestCreate, form);
  return 'errors' in read ? read : { input: read.value };
}

/** The address asked for (shown again beside its error), and its errors. */
export function urlForm(t: Texts, form: Form | undefined): { url: string; errors?: FieldErrors } {
  const read = readForm(t, WebhookForm, form);
  const given = form?.url;
  const url = (Array.isArray(given) ? given[given.length - 1] : given)?.trim() ?? '';
  return 'errors' in read ? { url, errors: read.errors } : { url: read.value.url };
}
