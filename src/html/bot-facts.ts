import { html, type Html } from './html.js';
import type { Texts } from './i18n/index.js';
import { count } from './layout.js';

/** A bot's figures as its public page and its dashboard both show them; `rating` as the page writes it. */
export function botFacts(t: Texts, bot: { serverCount: number; votesMonth: number; votesTotal: number }, rating: string): Html {
  return html`<dl class="facts">
    <div>
      <dt>${t.bot.servers}</dt>
      <dd>${count(t, bot.serverCount)}</dd>
    </div>
    <div>
      <dt>${t.bot.votesMonth}</dt>
      <dd>${count(t, bot.votesMonth)}</dd>
    </div>
    <div>
      <dt>${t.bot.votesTotal}</dt>
      <dd>${count(t, bot.votesTotal)}</dd>
    </div>
    <div>
      <dt>${t.bot.rating}</dt>
      <dd>${rating}</dd>
    </div>
  </dl>`;
}
