import { html, type Html } from './html.js';
import type { Texts } from './i18n/index.js';
import { formatsOf } from './i18n/formats.js';
import { count } from './layout.js';

/** A bot's rating as every page writes it: "3.14 of 5 (2 reviews)", "3,14 von 5 (2 Bewertungen)", or that there is none. */
export function ratingText(t: Texts, rating: { average: number; count: number }): string {
  if (rating.count === 0) return t.bot.noRating;
  return t.bot.ratingOf(formatsOf(t.locale).rating.format(rating.average), rating.count);
}

/** A bot's figures as its public page and its dashboard both show them. */
export function botFacts(
  t: Texts,
  bot: { serverCount: number; votesMonth: number; votesTotal: number; rating: { average: number; count: number } },
): Html {
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
      <dd>${ratingText(t, bot.rating)}</dd>
    </div>
  </dl>`;
}
