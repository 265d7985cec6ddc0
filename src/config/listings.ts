import { url } from './parsers.js';
import type { ConfigVariables } from './schema.js';

/** How owners' listings are taken in: the platform asked about applications, and how edits go live. */
export interface ListingsConfig {
  /** LISTING_EDITS: an edit of an approved listing goes live at once, or after the operator's review. */
  edits: 'live' | 'review';
  platform: {
    /** The platform's API base, without a trailing slash (Discord's v10 API unless set). */
    apiUrl: string;
    /** A bot token of the operator's own application: tells a user's ID from an unknown one. */
    botToken: string | undefined;
  };
}

export function readListingsConfig(v: ConfigVariables): ListingsConfig {
  return {
    edits: v.LISTING_EDITS,
    platform: {
      apiUrl: url('PLATFORM_API_URL', v.PLATFORM_API_URL, ['http:', 'https:']).replace(/\/+$/, ''),
      botToken: v.PLATFORM_BOT_TOKEN,
    },
  };
}
