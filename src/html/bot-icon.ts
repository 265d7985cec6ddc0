import { initialOf } from '../lib/initial.js';
import { html, type Html } from './html.js';

/** Pixel sizes of the avatar (site.css has a rule for each): the bot page's head, and lists. */
const SIZES = { large: 72, small: 40 };

/**
 * A bot's avatar on the pages, as the widget draws it: a tile with the bot's initial, the icon
 * laid over it. An icon that does not load (dead address, blocked, not an image) leaves the tile
 * with its letter, without script: the image has an empty alt, so browsers draw no broken-image
 * mark, and site.js removes a failed image as well. A bot without a usable icon URL gets the
 * letter alone. Only addresses the pages' CSP lets load (https, data) are used.
 */
export function botIcon(name: string, iconUrl: string | null | undefined, size: keyof typeof SIZES): Html {
  const url = loadable(iconUrl);
  const px = SIZES[size];
  return html`<span class="avatar avatar-${size}" aria-hidden="true"
    ><span class="avatar-letter">${initialOf(name)}</span
    >${url ? html`<img src="${url}" alt="" width="${px}" height="${px}" loading="lazy" data-avatar />` : ''}</span
  >`;
}

function loadable(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'data:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
