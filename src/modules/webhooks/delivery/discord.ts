/**
 * Turning an event into a Discord message (one embed, in German or English) instead of our JSON,
 * for endpoints whose format is `discord` (recognising Discord's URLs: ../endpoints/discord-url.ts).
 * Discord checks no signature, so such calls carry none: neither the secret nor anything derived
 * from it leaves us. Limits are Discord's documented ones
 * (discord.com/developers/docs/resources/message#embed-object-embed-limits).
 */
import type { EventType } from '../endpoints/events.js';
import type { EndpointLanguage } from '../endpoints/repository.js';

export const EMBED_LIMITS = { title: 256, description: 4096, fieldName: 256, fieldValue: 1024, fields: 25, footer: 2048, total: 6000 };

/** Text written by users is shown literally: Discord's markdown characters are escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\*_~`|>#[\]()<@:-]/g, (c) => `\\${c}`);
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

const TEXTS = {
  en: {
    vote: (bot: string) => `New vote for ${bot}`,
    voted: (user: string) => `${user} voted.`,
    reminder: (bot: string) => `Vote reminder for ${bot}`,
    canAgain: (user: string) => `${user} can vote again now.`,
    votesMonth: 'Votes this month',
    votesTotal: 'Votes total',
    nextVote: 'Can vote again',
    flagged: 'Flagged (do not reward)',
    premiumBegins: (bot: string) => `Premium started for ${bot}`,
    premiumEnds: (bot: string) => `Premium ended for ${bot}`,
    tier: 'Tier',
    interval: 'Interval',
    paidUntil: 'Paid until',
    server: 'Server',
    donation: (bot: string) => `New donation for ${bot}`,
    donor: 'From',
    anonymous: 'anonymous',
    amount: 'Amount',
    reviewCreated: (bot: string) => `New review of ${bot}`,
    reviewUpdated: (bot: string) => `Review of ${bot} updated`,
    rating: 'Rating',
    test: (bot: string) => `Test message for ${bot}`,
    yes: 'yes',
    listing: (bot: string) => `Listing of ${bot}`,
    listingEdit: (bot: string) => `Edit of the listing of ${bot}`,
    status: 'Status',
    transition: 'Step',
  },
  de: {
    vote: (bot: string) => `Neue Stimme für ${bot}`,
    voted: (user: string) => `${user} hat abgestimmt.`,
    reminder: (bot: string) => `Abstimmungs-Erinnerung für ${bot}`,
    canAgain: (user: string) => `${user} kann jetzt wieder abstimmen.`,
    votesMonth: 'Stimmen diesen Monat',
    votesTotal: 'Stimmen insgesamt',
    nextVote: 'Wieder abstimmen ab',
    flagged: 'Markiert (nicht belohnen)',
    premiumBegins: (bot: string) => `Premium für ${bot} begonnen`,
    premiumEnds: (bot: string) => `Premium für ${bot} beendet`,
    tier: 'Stufe',
    interval: 'Intervall',
    paidUntil: 'Bezahlt bis',
    server: 'Server',
    donation: (bot: string) => `Neue Spende für ${bot}`,
    donor: 'Von',
    anonymous: 'anonym',
    amount: 'Betrag',
    reviewCreated: (bot: string) => `Neue Bewertung von ${bot}`,
    reviewUpdated: (bot: string) => `Bewertung von ${bot} geändert`,
    rating: 'Bewertung',
    test: (bot: string) => `Testnachricht für ${bot}`,
    yes: 'ja',
    listing: (bot: string) => `Eintrag von ${bot}`,
    listingEdit: (bot: string) => `Änderung am Eintrag von ${bot}`,
    status: 'Status',
    transition: 'Schritt',
  },
} as const;

const COLOURS: Record<EventType, number> = {
  vote: 0x5865f2,
  'vote.reminder': 0x57f287,
  premium: 0xfee75c,
  donation: 0xeb459e,
  review: 0xed4245,
  test: 0x99aab5,
  listing: 0x3ba55d,
};

interface Field {
  name: string;
  value: string;
  inline: boolean;
}

/** Discord's relative/absolute time markup: every reader sees it in their own time zone. */
function discordTime(iso: unknown): string {
  const ms = Date.parse(String(iso));
  return Number.isNaN(ms) ? '–' : `<t:${Math.floor(ms / 1000)}:f>`;
}

function voter(payload: Record<string, unknown>): string {
  const name = typeof payload.username === 'string' ? escapeMarkdown(payload.username) : undefined;
  const mention = `<@${String(payload.user)}>`;
  return name ? `${name} (${mention})` : mention;
}

/**
 * The Discord message of an event: `{username, allowed_mentions, embeds: [embed]}`. Mentions are
 * shown but never ping anyone (`allowed_mentions.parse` is empty).
 */
export function discordMessage(
  event: { type: EventType; id: string; createdAt: Date; payload: Record<string, unknown> },
  botName: string,
  language: EndpointLanguage,
): Record<string, unknown> {
  const t = TEXTS[language];
  const p = event.payload;
  const bot = escapeMarkdown(botName);
  const fields: Field[] = [];
  const field = (name: string, value: unknown, inline = true) =>
    fields.push({ name: cut(name, EMBED_LIMITS.fieldName), value: cut(String(value), EMBED_LIMITS.fieldValue), inline });
  let title: string;
  let description = '';
  switch (event.type) {
    case 'vote':
      title = t.vote(bot);
      description = t.voted(voter(p));
      field(t.votesMonth, p.votesMonth ?? '–');
      field(t.votesTotal, p.votesTotal ?? '–');
      if (p.expiresAt) field(t.nextVote, discordTime(p.expiresAt));
      if (p.flagged === true) field(t.flagged, t.yes);
      break;
    case 'vote.reminder':
      title = t.reminder(bot);
      description = t.canAgain(voter(p));
      break;
    case 'premium':
      title = p.active === true ? t.premiumBegins(bot) : t.premiumEnds(bot);
      description = voter(p);
      field(t.tier, escapeMarkdown(String(p.tierName)));
      field(t.interval, escapeMarkdown(String(p.interval)));
      field(t.paidUntil, discordTime(p.expiresAt));
      if (typeof p.guildId === 'string') field(t.server, p.guildId);
      break;
    case 'donation':
      title = t.donation(bot);
      field(t.donor, p.username === null ? t.anonymous : voter(p));
      field(t.amount, formatAmount(Number(p.amount), String(p.currency), language));
      break;
    case 'review':
      title = p.action === 'updated' ? t.reviewUpdated(bot) : t.reviewCreated(bot);
      description = cut(escapeMarkdown(typeof p.body === 'string' ? p.body : ''), 1000);
      field(t.rating, `${'★'.repeat(Number(p.rating))}${'☆'.repeat(Math.max(0, 5 - Number(p.rating)))}`);
      field(t.donor, voter(p));
      break;
    case 'test':
      title = t.test(bot);
      description = escapeMarkdown(typeof p.message === 'string' ? p.message : '');
      break;
    case 'listing':
      title = p.edit === true ? t.listingEdit(bot) : t.listing(bot);
      description = typeof p.reason === 'string' ? cut(escapeMarkdown(p.reason), 1000) : '';
      field(t.status, escapeMarkdown(String(p.status)));
      field(t.transition, escapeMarkdown(String(p.transition)));
      break;
  }
  const embed = {
    title: cut(title, EMBED_LIMITS.title),
    ...(description ? { description: cut(description, EMBED_LIMITS.description) } : {}),
    color: COLOURS[event.type],
    fields: fields.slice(0, EMBED_LIMITS.fields),
    footer: { text: `Bot Directory · ${event.type} · ${event.id}` },
    timestamp: event.createdAt.toISOString(),
  };
  return { username: 'Bot Directory', allowed_mentions: { parse: [] }, embeds: [embed] };
}

function formatAmount(amount: number, currency: string, language: EndpointLanguage): string {
  try {
    return new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/**
 * How long Discord asks to wait after a 429, in whole seconds (rounded up), from its JSON body's
 * `retry_after` (seconds, with fractions); undefined when the body does not say.
 */
export function discordRetryAfter(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const seconds = (JSON.parse(body) as { retry_after?: unknown }).retry_after;
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? String(Math.ceil(seconds)) : undefined;
  } catch {
    return undefined;
  }
}
