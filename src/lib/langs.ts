/** The languages of the directory: of every bot's text (slugs, descriptions) and of the pages. */
export type Lang = 'en' | 'de';
export const LANGS: readonly Lang[] = ['en', 'de'];
