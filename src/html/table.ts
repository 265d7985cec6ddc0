import { html, type Html } from './html.js';

/**
 * A table in a box of its own that scrolls sideways when the screen is narrower than the table,
 * so that the page itself never does (site.css's `.table`). The box is a region named `label`
 * that takes the focus: a keyboard can scroll it even when no control lies inside.
 */
export function scrollingTable(label: string, table: Html): Html {
  return html`<div class="table" role="region" aria-label="${label}" tabindex="0">${table}</div>`;
}
