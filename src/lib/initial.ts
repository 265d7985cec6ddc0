/**
 * The letter a bot's avatar shows when it has no icon or its icon does not load: the first
 * character of its name (a whole emoji or astral character, not half of one), upper-cased.
 * The widget, the card and the pages all draw the same letter.
 */
export function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}
