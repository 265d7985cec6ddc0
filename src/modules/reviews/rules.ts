/**
 * The moderation rules a user's review passes before it is published (REVIEW_HOLD_*): a review
 * that trips one is held for an operator, everything else is published at once. Each rule is an
 * operator setting; docs/reviews.md describes them.
 */
import { foldWord, type ReviewRulesConfig } from '../../config/index.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import { snowflakeTime } from '../../lib/snowflake.js';

export const HOLD_RULES = ['new_account', 'link', 'word'] as const;
export type HoldRule = (typeof HOLD_RULES)[number];

const DAY_MS = 86_400_000;
/**
 * A link as people write one: a scheme (`https://`), `www.`, or a name under a common top-level
 * domain (`example.com`, `discord.gg/…`). Matched on the NFKC form, so full-width letters count.
 */
const LINK =
  /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|net|org|io|gg|de|at|ch|eu|uk|xyz|ly|me|app|dev|co|ru|tk|info|biz|link|site|shop|top)\b/i;
/** What separates the words the list is matched against; joiners inside a word do not. */
const WORDS = /[\p{L}\p{N}]+/gu;

/** The rules `body` by `userId` trips now, in the order of HOLD_RULES; none: publish it. */
export function holdRules(userId: string, body: string, rules: ReviewRulesConfig, now: Date): HoldRule[] {
  const tripped: HoldRule[] = [];
  if (rules.accountDays > 0 && isSnowflakeId(userId) && now.getTime() - snowflakeTime(userId).getTime() < rules.accountDays * DAY_MS) {
    tripped.push('new_account');
  }
  if (rules.links && LINK.test(body.normalize('NFKC'))) tripped.push('link');
  if (rules.words.length > 0) {
    const listed = new Set(rules.words);
    const folded = foldWord(body.replace(/[\u200C\u200D]/g, ''));
    for (const [word] of folded.matchAll(WORDS)) {
      if (listed.has(word)) {
        tripped.push('word');
        break;
      }
    }
  }
  return tripped;
}
