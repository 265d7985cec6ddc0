import type { ApiKey } from '../keys/schemas.js';
import { SCOPES } from '../keys/schemas.js';
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import { scrollingTable } from '../../html/table.js';
import type { TierRequest } from '../tiers/schemas.js';
import { fieldError, invalid, shownOnce } from './views.js';

export interface KeysState {
  keys: ApiKey[];
  requests: TierRequest[];
  /** The tier requests' part is shown (the role may ask for tiers); default yes. */
  tiers?: boolean;
  /** A key just created, shown this once. */
  created?: string;
  errors: Record<string, string>;
  csrf: string;
}

/** Keys: the new key once, the live keys with revoke, the create form, tier requests. */
export function keysView(t: Texts, botId: string, state: KeysState): Html {
  const base = `/dashboard/bots/${botId}`;
  const q = `?lang=${t.lang}`;
  const live = state.keys.filter((key) => key.revokedAt === null);
  const csrf = html`<input type="hidden" name="_csrf" value="${state.csrf}" />`;
  const keyLabel = (key: ApiKey) => `${key.name ?? key.prefix} (${key.prefix}…)`;
  return html`<h2 id="keys">${t.dash.keys}</h2>
    <p class="muted">${t.dash.keysLead}</p>
    ${state.created ? shownOnce(t, 'new-key', t.dash.keyShown, state.created) : ''}
    ${
      live.length === 0
        ? html`<p class="muted">${t.dash.noKeys}</p>`
        : scrollingTable(
            t.dash.keys,
            html`<table>
              <thead>
                <tr>
                  <th scope="col">${t.dash.keyName}</th>
                  <th scope="col">${t.dash.scopes}</th>
                  <th scope="col">${t.dash.tier}</th>
                  <th scope="col">${t.dash.created}</th>
                  <th scope="col">${t.dash.lastUsed}</th>
                  <th scope="col"><span class="visually-hidden">${t.dash.actions}</span></th>
                </tr>
              </thead>
              <tbody>
                ${live.map(
                  (key) =>
                    html`<tr>
                      <td>${key.name ?? ''} <code>${key.prefix}…</code></td>
                      <td>${key.scopes.map((scope, i) => html`${i > 0 ? ', ' : ''}<code>${scope}</code>`)}</td>
                      <td>${key.tier}</td>
                      <td>${time(t, key.createdAt)}</td>
                      <td>${key.lastUsedAt ? time(t, key.lastUsedAt) : t.dash.never}</td>
                      <td>
                        <form
                          class="inline"
                          method="post"
                          action="${base}/keys/${key.id}/revoke${q}"
                          data-confirm="${t.dash.revokeConfirm}"
                        >
                          ${csrf}<button class="danger" type="submit" aria-label="${t.dash.revoke}: ${keyLabel(key)}">
                            ${t.dash.revoke}
                          </button>
                        </form>
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`,
          )
    }
    <h3>${t.dash.createKey}</h3>
    <form method="post" action="${base}/keys${q}">
      ${csrf} <label for="key-name">${t.dash.keyName}</label
      ><input type="text" id="key-name" name="name" maxlength="100" autocomplete="off" ${invalid('key-name', state.errors.name)} />
      ${fieldError('key-name', state.errors.name)}
      <fieldset>
        <legend>${t.dash.scopes}</legend>
        ${SCOPES.map(
          (scope) =>
            html`<label
              ><input type="checkbox" name="scopes" value="${scope}" checked /> <code>${scope}</code>
              <span class="muted">${t.dash.scopeHints[scope] ?? ''}</span></label
            >`,
        )}
      </fieldset>
      ${fieldError('scopes', state.errors.scopes)}
      <button class="primary" type="submit">${t.dash.create}</button>
    </form>
    ${state.tiers === false ? '' : tierView(t, base, live, state)}`;
}

/** Tier requests: the form for a key below tier 3, and the requests made with their answers. */
function tierView(t: Texts, base: string, live: ApiKey[], state: KeysState): Html {
  const q = `?lang=${t.lang}`;
  const csrf = html`<input type="hidden" name="_csrf" value="${state.csrf}" />`;
  const keyLabel = (key: ApiKey) => `${key.name ?? key.prefix} (${key.prefix}…)`;
  return html`<h3 id="tier">${t.dash.tierRequests}</h3>
    <p class="muted">${t.dash.tierLead}</p>
    ${
      live.some((key) => key.tier < 3)
        ? html`<form method="post" action="${base}/tier-requests${q}">
            ${csrf} <label for="tier-key">${t.dash.key}</label
            ><select id="tier-key" name="keyId" ${invalid('tier-key', state.errors.keyId)}>
              ${live.filter((key) => key.tier < 3).map((key) => html`<option value="${key.id}">${keyLabel(key)} · ${t.dash.tier} ${key.tier}</option>`)}
            </select>
            ${fieldError('tier-key', state.errors.keyId)}
            <label for="tier-tier">${t.dash.tier}</label
            ><select id="tier-tier" name="tier" ${invalid('tier-tier', state.errors.tier)}>
              <option value="2">${t.dash.tierOption(2)}</option>
              <option value="3">${t.dash.tierOption(3)}</option>
            </select>
            ${fieldError('tier-tier', state.errors.tier)}
            <label for="tier-reason">${t.dash.reason}</label
            ><textarea
              id="tier-reason"
              name="reason"
              rows="3"
              maxlength="1000"
              required${invalid('tier-reason', state.errors.reason)}
            ></textarea>
            ${fieldError('tier-reason', state.errors.reason)}
            <p><button type="submit">${t.dash.request}</button></p>
          </form>`
        : ''
    }
    ${
      state.requests.length === 0
        ? ''
        : scrollingTable(
            t.dash.tierRequests,
            html`<table>
              <thead>
                <tr>
                  <th scope="col">${t.dash.created}</th>
                  <th scope="col">${t.dash.tier}</th>
                  <th scope="col">${t.dash.reason}</th>
                  <th scope="col">${t.dash.state}</th>
                  <th scope="col">${t.dash.answer}</th>
                </tr>
              </thead>
              <tbody>
                ${state.requests.map(
                  (request) =>
                    html`<tr>
                      <td>${time(t, request.createdAt)}</td>
                      <td>${request.tier}</td>
                      <td>${request.reason}</td>
                      <td>${t.dash.status[request.status] ?? request.status}</td>
                      <td>${request.note ?? ''}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`,
          )
    }`;
}
