/**
 * The dashboard's forms, read with the management API's own schemas (src/html/forms.ts): a key
 * form is a `KeyCreate` without the tier (the operator sets tiers), a tier request a
 * `TierRequestCreate` (the webhook endpoint forms: endpoint-form.ts). No limit is restated here.
 */
import { Type } from 'typebox';
import { readForm, type FieldErrors, type Form } from '../../html/forms.js';
import type { Texts } from '../../html/i18n/index.js';
import { KeyCreate } from '../keys/schemas.js';
import { TierRequestCreate } from '../tiers/schemas.js';

export type { FieldErrors, Form };

const KeyForm = Type.Pick(KeyCreate, ['scopes', 'name']);

export function keyForm(t: Texts, form: Form | undefined) {
  const read = readForm(t, KeyForm, form);
  return 'errors' in read ? read : { input: { scopes: read.value.scopes, name: read.value.name ?? null } };
}

export function tierForm(t: Texts, form: Form | undefined) {
  const read = readForm(t, TierRequestCreate, form);
  return 'errors' in read ? read : { input: read.value };
}
