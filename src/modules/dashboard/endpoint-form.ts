/**
 * The webhook endpoint forms of the dashboard, read with the management API's own schemas
 * (src/html/forms.ts): adding one is an `EndpointCreate`, editing one an `EndpointPatch` of what
 * the form changed, a new secret a `SecretRotation`. No limit is restated here.
 */
import { Type } from 'typebox';
import { readForm, type FieldErrors, type Form } from '../../html/forms.js';
import type { Texts } from '../../html/i18n/index.js';
import { EndpointCreate, SecretRotation, type EndpointPatch, type WebhookEndpoint } from '../webhooks/endpoints/schemas.js';

/** The overlaps the rotation form offers, in seconds (the API takes any from 0 to 7 days). */
export const OVERLAPS = [0, 3600, 86_400, 604_800] as const;

const AddForm = Type.Pick(EndpointCreate, ['url', 'events', 'format', 'language']);
const EditForm = Type.Pick(EndpointCreate, ['url', 'events', 'format', 'language', 'enabled']);

/** What an endpoint form holds, as typed (shown again beside its errors). */
export interface EndpointFormState {
  url: string;
  events: string[];
  /** Empty: from the address (the API's default). */
  format: string;
  language: string;
  enabled: boolean;
}

export function stateOfEndpoint(endpoint: WebhookEndpoint): EndpointFormState {
  const { url, events, format, language, enabled } = endpoint;
  return { url, events, format, language, enabled };
}

/** The form as typed: the last value of a field, every ticked event. */
export function stateOfForm(form: Form | undefined): EndpointFormState {
  const all = (name: string) => {
    const given = form?.[name];
    return given === undefined ? [] : Array.isArray(given) ? given : [given];
  };
  const last = (name: string) => all(name).at(-1)?.trim() ?? '';
  return {
    url: last('url'),
    events: all('events'),
    format: last('format'),
    language: last('language'),
    enabled: last('enabled') !== 'false',
  };
}

/**
 * A new endpoint: the API's body, or the fields' errors. Unlike the API, the form asks for its
 * events (the boxes come ticked with the defaults): none ticked is a mistake, not "the defaults".
 */
export function addForm(t: Texts, form: Form | undefined): { input: EndpointCreate } | { errors: FieldErrors } {
  const read = readForm(t, AddForm, form);
  const errors = { ...('errors' in read ? read.errors : {}), ...noEvents(t, form) };
  return 'errors' in read || Object.keys(errors).length > 0 ? { errors } : { input: read.value };
}

/**
 * An edit: the patch of what the form changes, so the API's rules apply as they would to a PATCH of
 * those fields only (a new address with its format left as it was picks the format again).
 */
export function editForm(t: Texts, endpoint: WebhookEndpoint, form: Form | undefined): { patch: EndpointPatch } | { errors: FieldErrors } {
  const read = readForm(t, EditForm, form);
  const errors = { ...('errors' in read ? read.errors : {}), ...noEvents(t, form) };
  if ('errors' in read || Object.keys(errors).length > 0) return { errors };
  const { url, events = [], format, language, enabled } = read.value;
  const patch: EndpointPatch = {};
  if (url !== endpoint.url) patch.url = url;
  if (!sameEvents(events, endpoint.events)) patch.events = events;
  if (format !== undefined && format !== endpoint.format) patch.format = format;
  if (language !== undefined && language !== endpoint.language) patch.language = language;
  if (enabled !== undefined && enabled !== endpoint.enabled) patch.enabled = enabled;
  return { patch };
}

/** A rotation: how long the old secret keeps signing (the API's bounds). */
export function rotationForm(t: Texts, form: Form | undefined) {
  const read = readForm(t, Type.Pick(SecretRotation, ['overlapSeconds']), form);
  return 'errors' in read ? read : { input: { overlapSeconds: read.value.overlapSeconds } };
}

/** "Choose at least one" beside the events when none was ticked. */
function noEvents(t: Texts, form: Form | undefined): FieldErrors {
  const ticked = [form?.events ?? []].flat().some((event) => event.trim() !== '');
  return ticked ? {} : { events: t.form.chooseAtLeast(1) };
}

function sameEvents(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((event) => b.includes(event));
}
