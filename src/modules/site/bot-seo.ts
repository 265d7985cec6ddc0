import type { Bot } from '../bots/schemas.js';
import { CARD_PNG_HEIGHT, CARD_PNG_WIDTH } from '../embeds/render/index.js';
import type { Texts } from '../../html/i18n/index.js';
import type { PageSeo } from '../../html/seo.js';
import { botPath } from './paths.js';

/** Pricing models under which a bot costs nothing to add: its offer is free. */
const FREE_TO_START = new Set(['free', 'freemium']);

/**
 * What a bot page tells search engines and link previews: its short description, its card as
 * the preview picture (1200 × 630, in the page's language), and a schema.org SoftwareApplication
 * with the bot's rating once it has one (a rating of no reviews would be a false 0).
 */
export function botSeo(t: Texts, bot: Bot, baseUrl: string): PageSeo {
  const path = botPath(t.lang, bot);
  const description = bot.shortDescription[t.lang];
  return {
    description,
    canonical: path,
    image: {
      url: `/api/card/${encodeURIComponent(bot.id)}.png?lang=${t.lang}`,
      width: CARD_PNG_WIDTH,
      height: CARD_PNG_HEIGHT,
      alt: bot.name,
    },
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: bot.name,
      description,
      url: `${baseUrl}${path}`,
      image: bot.iconUrl,
      applicationCategory: 'CommunicationApplication',
      inLanguage: t.lang,
      datePublished: bot.publishedAt,
      ...(FREE_TO_START.has(bot.pricing) ? { offers: { '@type': 'Offer', price: 0 } } : {}),
      ...(bot.rating.count > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: bot.rating.average,
              ratingCount: bot.rating.count,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
    },
  };
}
