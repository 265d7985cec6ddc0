/** `/console/bans`: the bans in force, newest first, each with its lifting, and the form that bans a user or a bot. */
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { time } from '../../html/layout.js';
import { scrollingTable } from '../../html/table.js';
import { BAN_KINDS, MAX_BAN_REASON_LENGTH, type BanList } from '../bans/schemas.js';
import type { ReasonTemplate } from '../reason-templates/schemas.js';
import { csrfField, describedBy, fieldError, reasonField, textField, type FieldErrors, type ReasonValue } from './fields.js';
import { consoleUrl, nextPage } from './frame.js';

export interface BansState {
  after: string | undefined;
  templates: ReasonTemplate[];
  errors: FieldErrors;
  value?: ReasonValue & { kind?: string; subjectId?: string };
  csrf: string;
}

export function bansView(t: Texts, page: BanList, state: BansState): Html {
  const c = t.console;
  const { errors, value } = state;
  return html`<h1>${c.sections.bans}</h1>
    <p class="muted">${c.bansLead}</p>
    ${errors.form ? html`<p class="error" role="alert">${errors.form}</p>` : ''}
    ${
      page.data.length === 0
        ? html`<p>${c.bansEmpty}</p>`
        : scrollingTable(
            c.sections.bans,
            html`<table>
              <thead>
                <tr>
                  <th scope="col">${c.kind}</th>
                  <th scope="col">${c.subjectId}</th>
                  <th scope="col">${c.reason}</th>
                  <th scope="col">${c.when}</th>
                  <th scope="col">${c.bannedBy}</th>
                  <th scope="col"><span class="visually-hidden">${c.lift}</span></th>
                </tr>
              </thead>
              <tbody>
                ${page.data.map(
                  (ban) =>
                    html`<tr>
                      <td>${c.banKinds[ban.kind]}</td>
                      <td>
                        ${ban.kind === 'bot' ? html`<a href="${consoleUrl(t, `/console/bots/${ban.subjectId}`)}">${ban.subjectId}</a>` : ban.subjectId}
                      </td>
                      <td><div class="value">${ban.reason}</div></td>
                      <td>${time(t, ban.createdAt)}</td>
                      <td>${ban.bannedBy ?? c.byToken}</td>
                      <td>
                        <form
                          class="inline"
                          method="post"
                          action="${consoleUrl(t, `/console/bans/${ban.id}/lift`)}"
                          data-confirm="${c.liftConfirm}"
                        >
                          ${csrfField(state.csrf)}<button type="submit" aria-label="${c.lift}: ${c.banKinds[ban.kind]} ${ban.subjectId}">
                            ${c.lift}
                          </button>
                        </form>
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>`,
          )
    }
    ${nextPage(t, '/console/bans', page.next, {}, state.after)}
    <section class="card" aria-labelledby="new-ban">
      <h2 id="new-ban">${c.newBan}</h2>
      <form method="post" action="${consoleUrl(t, '/console/bans')}" data-confirm="${c.banConfirm}">
        ${csrfField(state.csrf)}
        <fieldset ${describedBy('ban-kind', errors.kind)}>
          <legend>${c.banKind}</legend>
          ${BAN_KINDS.map(
            (kind) =>
              html`<label
                ><input type="radio" name="kind" value="${kind}" ${(value?.kind ?? 'user') === kind ? 'checked' : ''} />
                ${c.banKinds[kind]}</label
              >`,
          )}
        </fieldset>
        ${fieldError('ban-kind', errors.kind)}
        ${textField('ban-subject', 'subjectId', c.subjectId, value?.subjectId, errors.subjectId, {
          inputmode: 'numeric',
          maxlength: 20,
          hint: c.subjectHint,
        })}
        ${reasonField(t, 'ban', { label: c.reason, templates: state.templates, errors, value, max: MAX_BAN_REASON_LENGTH })}
        <p><button class="danger" type="submit">${c.ban}</button></p>
      </form>
    </section>`;
}
