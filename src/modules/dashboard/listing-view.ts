/**
 * The listing editor (`/dashboard/bots/{id}/listing`): the state and what it means, the
 * moderators' note, the steps the state allows (each its own form), what a saved version changes,
 * the form with every field in both languages and a preview of the long description, and the
 * listing's history. Works without script: every button is a form.
 */
import type { Category } from '../../config/index.js';
import { html, type Html } from '../../html/html.js';
import type { FieldErrors } from '../../html/forms.js';
import type { Lang, Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import { changeTable, scrollingTable } from '../../html/table.js';
import { MARKDOWN_MAX_LENGTH } from '../../html/markdown.js';
import type { ListingState } from '../listings/lifecycle.js';
import { MAX_SCREENSHOTS, type FieldChange, type Listing } from '../listings/schemas.js';
import type { ListingFormState, TextField } from './listing-form.js';
import { fieldError } from './views.js';

/** The steps an owner takes, by the last part of their form's address. */
export const OWNER_STEPS = ['submit', 'withdraw', 'unlist', 'relist', 'discard-edit'] as const;
export type OwnerStep = (typeof OWNER_STEPS)[number];

/** States in which the owner may change the listing. */
const EDITABLE: readonly ListingState[] = ['draft', 'changes_requested', 'published', 'unlisted'];

export interface ListingPage {
  listing: Listing;
  changes: FieldChange[];
  form: ListingFormState;
  errors: FieldErrors;
  /** What the last step did, or why it was refused. */
  message?: { text: string; ok: boolean };
  /** The long description rendered, after the preview button. */
  preview?: Record<Lang, Html>;
  categories: readonly Category[];
  edits: 'live' | 'review';
  csrf: string;
}

const idOf = (field: string) => `l-${field.replace(/\./g, '-')}`;

export function listingView(t: Texts, page: ListingPage): Html {
  const { listing } = page;
  const l = t.listing;
  const base = `/dashboard/bots/${listing.botId}`;
  const name = listing.current.name;
  const editable = EDITABLE.includes(listing.status);
  return html`<p><a href="${base}?lang=${t.lang}">← ${l.back}</a></p>
    <h1>${l.title(name)}</h1>
    ${
      page.message
        ? html`<p class="${page.message.ok ? 'ok' : 'error'}" role="${page.message.ok ? 'status' : 'alert'}">${page.message.text}</p>`
        : ''
    }
    ${errorSummary(t, page.errors)} ${stateView(t, page, base)} ${changesView(t, page.changes)}
    ${editable ? formView(t, page, base) : html`<p class="muted">${l.notEditable}</p>`} ${historyView(t, listing)}`;
}

function stateView(t: Texts, page: ListingPage, base: string): Html {
  const { listing } = page;
  const l = t.listing;
  const csrf = html`<input type="hidden" name="_csrf" value="${page.csrf}" />`;
  const step = (action: OwnerStep, label: string, kind = '', confirm?: string) =>
    html`<form
      class="inline"
      method="post"
      action="${base}/listing/${action}?lang=${t.lang}"
      ${confirm ? html` data-confirm="${confirm}"` : ''}
    >
      ${csrf}<button type="submit" ${kind ? html` class="${kind}"` : ''}>${label}</button>
    </form>`;
  const steps: Html[] = [];
  if (listing.status === 'draft' || listing.status === 'changes_requested') steps.push(step('submit', l.submit, 'primary'));
  if (listing.status === 'submitted') steps.push(step('withdraw', l.withdraw));
  if (listing.status === 'published') steps.push(step('unlist', l.unlist, 'danger', l.unlistConfirm));
  if (listing.status === 'unlisted') steps.push(step('relist', l.relist, 'primary'));
  if (listing.editStatus !== 'none') steps.push(step('discard-edit', l.discardEdit, 'danger', l.discardConfirm));
  const approved = listing.status === 'published' || listing.status === 'unlisted';
  return html`<h2 id="state">${l.state}</h2>
    <p>
      <strong>${l.status[listing.status] ?? listing.status}</strong>${
        listing.editStatus === 'none' ? '' : html` · ${l.editStatus[listing.editStatus] ?? listing.editStatus}`
      }
      ${
        listing.status === 'published'
          ? html` · <a href="/${t.lang}/bots/${encodeURIComponent(listing.current.slugs[t.lang])}">${l.publicPage}</a>`
          : ''
      }
    </p>
    <p class="muted">${l.explain[listing.status] ?? ''} ${approved ? (page.edits === 'live' ? l.liveEdits : l.reviewedEdits) : ''}</p>
    ${
      listing.note
        ? html`<div class="notice">
            <p><strong>${l.note}</strong></p>
            <p>${listing.note}</p>
          </div>`
        : ''
    }
    ${steps.length > 0 ? html`<div class="actions">${steps}</div>` : ''}`;
}

/** The fields the errors name, linked to their inputs (the GOV.UK error summary). */
function errorSummary(t: Texts, errors: FieldErrors): Html | string {
  const fields = Object.keys(errors);
  if (fields.length === 0) return '';
  return html`<div class="notice" role="alert">
    <p><strong>${t.listing.incomplete}</strong></p>
    <ul>
      ${fields.map((field) => html`<li><a href="#${idOf(field)}">${labelOf(t, field)}</a>: ${errors[field]}</li>`)}
    </ul>
  </div>`;
}

function labelOf(t: Texts, field: string): string {
  const screenshot = /^screenshots\.(\d+)$/.exec(field);
  if (screenshot) return t.listing.screenshot(Number(screenshot[1]) + 1);
  return t.listing.fields[field] ?? t.listing.form;
}

function shown(t: Texts, value: FieldChange['before']): Html | string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0))
    return html`<span class="muted">${t.listing.empty}</span>`;
  const text = Array.isArray(value) ? value.join(', ') : value;
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

function changesView(t: Texts, changes: FieldChange[]): Html | string {
  if (changes.length === 0) return '';
  const l = t.listing;
  return html`<h2 id="changes">${l.changes}</h2>
    <p class="muted">${l.changesLead}</p>
    ${changeTable(
      { caption: l.changes, field: l.field, before: l.before, after: l.after },
      changes.map((change) => ({ field: labelOf(t, change.field), before: shown(t, change.before), after: shown(t, change.after) })),
    )}`;
}

interface InputOptions {
  type?: 'text' | 'url' | 'email';
  hint?: string;
  maxlength?: number;
  rows?: number;
  extra?: Html;
}

/** A labelled field with its hint and its error, tied to it for screen readers. */
function field(t: Texts, page: ListingPage, name: TextField, options: InputOptions = {}): Html {
  const id = idOf(name);
  const error = page.errors[name];
  const described = [options.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const aria = html`${error ? html` aria-invalid="true"` : ''}${described ? html` aria-describedby="${described}"` : ''}`;
  const value = page.form.text[name];
  const max = options.maxlength ? html` maxlength="${options.maxlength}"` : '';
  const input =
    options.rows !== undefined
      ? html`<textarea id="${id}" name="${name}" rows="${options.rows}" ${max}${aria}>${value}</textarea>`
      : html`<input type="${options.type ?? 'text'}" id="${id}" name="${name}" value="${value}" ${max}${aria}${options.extra ?? ''} />`;
  return html`<label for="${id}">${t.listing.fields[name] ?? name}</label>
    ${options.hint ? html`<p class="muted" id="${id}-hint">${options.hint}</p>` : ''} ${input} ${fieldError(id, error)}`;
}

function formView(t: Texts, page: ListingPage, base: string): Html {
  const l = t.listing;
  const langs = t.lang === 'de' ? (['de', 'en'] as const) : (['en', 'de'] as const);
  const off = html` autocomplete="off" spellcheck="false"`;
  const names = [...page.categories].sort((a, b) => a.label[t.lang].localeCompare(b.label[t.lang], t.locale));
  // A category the bot has from the management API stays shown (and ticked) until the owner unticks it.
  const others = page.form.categories.filter((id) => !page.categories.some((category) => category.id === id));
  const screenshots = Array.from({ length: MAX_SCREENSHOTS }, (_, i) => page.form.screenshots[i] ?? '');
  return html`<h2 id="edit">${l.form}</h2>
    <p class="muted">${l.formLead}</p>
    <form method="post" action="${base}/listing?lang=${t.lang}" novalidate>
      <input type="hidden" name="_csrf" value="${page.csrf}" />
      <h3>${l.basics}</h3>
      ${field(t, page, 'name', { maxlength: 100 })}
      ${langs.map((lang) => field(t, page, `slugs.${lang}`, { hint: `/${lang}/bots/… · ${l.slugHint}`, maxlength: 100, extra: off }))}
      <h3 id="descriptions">${l.descriptions}</h3>
      ${langs.map((lang) => field(t, page, `shortDescription.${lang}`, { hint: l.shortHint, maxlength: 300, rows: 2 }))}
      ${langs.map((lang) => field(t, page, `longDescription.${lang}`, { hint: l.markdownHint, maxlength: MARKDOWN_MAX_LENGTH, rows: 10 }))}
      ${page.preview ? previewView(t, page.preview, langs) : ''}
      <h3>${l.details}</h3>
      ${field(t, page, 'prefix', { maxlength: 32, extra: off })} ${field(t, page, 'pricing', { hint: l.pricingHint, maxlength: 32, extra: off })}
      <h3>${l.links}</h3>
      ${field(t, page, 'inviteUrl', { type: 'url', extra: off })} ${field(t, page, 'supportServerUrl', { type: 'url', extra: off })}
      ${field(t, page, 'websiteUrl', { type: 'url', extra: off })}
      <fieldset${page.errors.categories ? html` aria-describedby="${idOf('categories')}-error"` : ''}>
        <legend id="${idOf('categories')}">${l.fields.categories} <span class="muted">(${l.categoriesHint})</span></legend>
        ${[
          ...names.map((category) => ({ id: category.id, label: category.label[t.lang] })),
          ...others.map((id) => ({ id, label: id })),
        ].map(
          (category) =>
            html`<label
              ><input
                type="checkbox"
                name="categories"
                value="${category.id}"
                ${page.form.categories.includes(category.id) ? ' checked' : ''}
              />
              ${category.label}</label
            >`,
        )}
      </fieldset>
      ${fieldError(idOf('categories'), page.errors.categories)}
      ${field(t, page, 'tags', { hint: l.tagsHint, extra: off })}
      <h3>${l.images}</h3>
      ${field(t, page, 'iconUrl', { type: 'url', hint: l.httpsHint, extra: off })}
      ${field(t, page, 'bannerUrl', { type: 'url', hint: l.httpsHint, extra: off })}
      <p id="${idOf('screenshots')}"><strong>${l.fields.screenshots}</strong></p>
      <p class="muted">${l.screenshotsHint}</p>
      ${fieldError(idOf('screenshots'), page.errors.screenshots)}
      ${screenshots.map((value, i) => {
        const id = idOf(`screenshots.${i}`);
        const error = page.errors[`screenshots.${i}`];
        return html`<label for="${id}">${l.screenshot(i + 1)}</label
          ><input
            type="url"
            id="${id}"
            name="screenshots"
            value="${value}"
            ${off}${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}
          />
          ${fieldError(id, error)}`;
      })}
      <h3>${l.contact}</h3>
      ${field(t, page, 'contactEmail', { type: 'email', hint: l.contactHint, maxlength: 254, extra: html` autocomplete="email"` })}
      <p class="actions">
        <button class="primary" type="submit" name="intent" value="save">${l.save}</button>
        <button type="submit" name="intent" value="preview">${l.preview}</button>
      </p>
    </form>`;
}

function previewView(t: Texts, preview: Record<Lang, Html>, langs: readonly Lang[]): Html {
  const l = t.listing;
  return html`<section class="card" aria-labelledby="preview" id="preview-section">
    <h3 id="preview">${l.previewTitle}</h3>
    ${langs.map(
      (lang) =>
        html`<h4>${l.previewOf(l.languages[lang] ?? lang)}</h4>
          ${preview[lang].value === '' ? html`<p class="muted">${l.previewEmpty}</p>` : html`<div class="markdown" lang="${lang}">${preview[lang]}</div>`}`,
    )}
  </section>`;
}

function historyView(t: Texts, listing: Listing): Html {
  const l = t.listing;
  return html`<h2 id="history">${l.history}</h2>
    ${
      listing.history.length === 0
        ? html`<p class="muted">${l.noHistory}</p>`
        : scrollingTable(
            l.history,
            html`<table>
              <thead>
                <tr>
                  <th scope="col">${l.when}</th>
                  <th scope="col">${l.step}</th>
                  <th scope="col">${l.who}</th>
                  <th scope="col">${l.note}</th>
                </tr>
              </thead>
              <tbody>
                ${listing.history.map((entry) => {
                  const step = l.steps[entry.transition] ?? entry.transition;
                  return html`<tr>
                    <td>${time(t, entry.at)}</td>
                    <td>${entry.track === 'edit' ? l.editStep(step) : step}</td>
                    <td>${l.actor[entry.actor] ?? entry.actor}</td>
                    <td>${entry.note ?? ''}</td>
                  </tr>`;
                })}
              </tbody>
            </table>`,
          )
    }`;
}
