/**
 * The default word lists of the review rule "bodies matching a word list" (REVIEW_HOLD_WORDS): a
 * review holding one of these waits for an operator instead of being published at once. Kept short
 * on purpose: insults and slurs that have no place in a review, not every rude word. A review is
 * never refused for them, only held, so a false match costs an operator's glance.
 */
export const DEFAULT_REVIEW_WORDS = {
  en: ['asshole', 'bastard', 'bitch', 'cunt', 'dickhead', 'faggot', 'fuck', 'fucking', 'motherfucker', 'nigger', 'retard', 'slut', 'whore'],
  de: ['arschloch', 'drecksau', 'fotze', 'hurensohn', 'missgeburt', 'schlampe', 'schwuchtel', 'spast', 'untermensch', 'wichser'],
} as const;
