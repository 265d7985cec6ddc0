import type { Bot } from '../bots/schemas.js';
import { highlightParts } from '../search/highlight.js';
import { ratingText } from '../../html/bot-facts.js';
import { botIcon } from '../../html/bot-icon.js';
import { html, type Html } from '../../html/html.js';
import type { Texts } from '../../html/i18n/index.js';
import { count } from '../../html/layout.js';
import { botPath } from './paths.js';

export interface CardOptions {
  /** The heading level of the bot's name: 2 under the page's title, 3 in a section. */
  level: 2 | 3;
  /** Words a search matched, marked in the name and description (SearchPage.terms). */
  matched?: ReadonlySet<string>;
  /** A line of its own under the figures (why the bot is in this list). */
  note?: string;
}

/** A list of bots as cards; nothing for an empty list but `empty`, shown as a line of text. */
export function botList(t: Texts, bots: readonly Bot[], options: CardOptions & { empty?: string }): Html {
  if (bots.length === 0) return html`<p class="muted">${options.empty ?? t.directory.empty}</p>`;
  return html`<ul class="bot-list">
    ${bots.map((bot) => botCard(t, bot, options))}
  </ul>`;
}

/** One bot in a list: its avatar, name (its page's link), description in the page's language, and figures. */
export function botCard(t: Texts, bot: Bot, options: CardOptions): Html {
  const d = t.directory;
  const name = text(bot.name, options.matched);
  const link = html`<a href="${botPath(t.lang, bot)}">${name}</a>${
      bot.isVerified
        ? html` <span class="ok verified" title="${t.bot.verified}">✓<span class="visually-hidden"> ${t.bot.verified}</span></span>`
        : ''
    }`;
  const figures = [d.votesMonthShort(count(t, bot.votesMonth), bot.votesMonth), d.serversShort(count(t, bot.serverCount), bot.serverCount)];
  if (bot.rating.count > 0) figures.push(ratingText(t, bot.rating));
  return html`<li class="bot-card">
    ${botIcon(bot.name, bot.iconUrl, 'small')}
    <div>
      ${options.level === 2 ? html`<h2>${link}</h2>` : html`<h3>${link}</h3>`}
      <p>${text(bot.shortDescription[t.lang], options.matched)}</p>
      <p class="muted figures">${figures.join(' · ')}</p>
      ${options.note ? html`<p class="ok note">${options.note}</p>` : ''}
    </div>
  </li>`;
}

/** Text as it stands, or with the words a search matched in <mark> (every part escaped). */
function text(value: string, matched: ReadonlySet<string> | undefined): Html | string {
  if (!matched || matched.size === 0) return value;
  return html`${highlightParts(value, matched).map((part) => (part.matched ? html`<mark>${part.text}</mark>` : part.text))}`;
}
