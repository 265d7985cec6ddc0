/** Word lists for the rows made in SQL: voters' names, review texts and developers' replies. */

export const USERNAMES = [
  'lena',
  'maxpower',
  'nightowl',
  'kaffeeklatsch',
  'pixelpirat',
  'sora',
  'tobi',
  'zoe_plays',
  'finn',
  'mia',
  'jonas',
  'emma',
  'lukas',
  'hannah',
  'noah',
  'lea',
  'ben',
  'clara',
  'elias',
  'ida',
  'kai',
  'nova',
  'raven',
  'shadow',
  'lucky',
  'frost',
  'ember',
  'blaze',
  'mochi',
  'kiwi',
  'taco',
  'waffle',
  'bubbles',
  'ghost',
  'spieler',
  'zocker',
  'katze',
  'fuchs',
  'drache',
  'sternchen',
];

export const REVIEWS = {
  positive: [
    'Works great, setup took two minutes.',
    'Super zuverlässig, läuft seit Monaten ohne Ausfall.',
    'Best bot on our server, the commands are easy to remember.',
    'Sehr hilfreich, der Support antwortet schnell.',
    'Exactly what our community needed. The dashboard is clean and fast.',
    'Die Einrichtung war kinderleicht und alles ist auf Deutsch übersetzt.',
    'Reliable, fast and the free tier is generous.',
    'Unsere Mods lieben die Logs und die automatischen Warnungen.',
    'Great music quality and the queue never breaks.',
    'Top Bot, klare Befehle und eine gute Dokumentation.',
    'We switched from another bot and never looked back.',
    'Läuft stabil auf unserem Server mit 20.000 Mitgliedern.',
  ],
  mixed: [
    'Good features, but the dashboard is slow sometimes.',
    'Macht was es soll, die Premium-Funktionen sind aber teuer.',
    'Nice idea, a few commands need better help texts.',
    'Solide, aber manche Einstellungen sind schwer zu finden.',
    'Works most of the time, the web panel logs me out too often.',
    'Gute Grundfunktionen, für mehr muss man leider zahlen.',
  ],
  negative: [
    'Went offline twice this week.',
    'Leider oft nicht erreichbar und die Befehle sind verwirrend.',
    'Lost all our settings after an update.',
    'Der Support hat nie geantwortet.',
    'Too many features locked behind premium.',
    'Spammt Werbung in den Kanal, wieder entfernt.',
  ],
};

export const REPLIES = [
  'Thanks for the feedback!',
  'Danke! Wir arbeiten daran.',
  'Fixed in the latest update.',
  'Sorry for the trouble, please join our support server so we can help.',
  'Danke für die Bewertung, schau gern auf unserem Support-Server vorbei.',
  'We added this in version 2.4, give it another try!',
];

export const KEY_NAMES = ['production', 'stats poster', 'vote webhook', 'dashboard', 'staging', 'premium sync', 'shard 0'];

export const TIERS = ['Premium', 'Gold', 'Supporter'];

/** An SQL array literal of text values (the lists above hold no quotes but are escaped anyway). */
export function sqlTextArray(values: readonly string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
}

/** SQL: one element of `values` chosen by `r`, an expression in [0, 1). */
export function sqlPick(values: readonly string[], r: string): string {
  return `(${sqlTextArray(values)})[1 + floor((${r}) * ${values.length})::int]`;
}
