import { WIDGET_COLOURS } from './palette.js';
import type { Theme } from './types.js';

function customProperties(theme: Theme): string {
  return Object.entries(WIDGET_COLOURS[theme])
    .map(([role, colour]) => `--${role}:${colour}`)
    .join(';');
}

/**
 * The widget's stylesheet. Colours are custom properties: a fixed theme sets one set,
 * no theme sets the light set and swaps to the dark one inside
 * `@media (prefers-color-scheme: dark)`.
 *
 * The layout is sized for a 420 × 140 iframe but holds at any size: every text is
 * clipped with an ellipsis (one line) or a line clamp (description, two lines) instead
 * of growing the box, and `html, body` never scroll. Should a font be far wider than
 * expected, the stat labels give way first: a stat never gets narrower than a
 * five-character number (`min-width: 3.5em` at the number's 15 px).
 *
 * `color-scheme` is deliberately not set: when an iframe's color-scheme differs from the
 * embedding page's, Chromium paints an opaque backdrop behind it, which would show as a
 * white or black rectangle around the card's rounded corners.
 */
export function widgetCss(theme: Theme | undefined): string {
  const colours = theme
    ? `:root{${customProperties(theme)}}`
    : `:root{${customProperties('light')}}@media (prefers-color-scheme:dark){:root{${customProperties('dark')}}}`;
  return `${colours}
*{box-sizing:border-box;margin:0;padding:0}
html,body{height:100%;overflow:hidden;background:transparent}
body{font:14px/1.3 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,"DejaVu Sans",sans-serif;color:var(--text);-webkit-font-smoothing:antialiased}
.card{display:flex;flex-direction:column;justify-content:space-between;gap:10px;width:100%;height:100%;padding:13px 14px;background:var(--bg);border:1px solid var(--border);border-radius:12px;overflow:hidden}
.head{display:flex;gap:12px;min-width:0}
.icon{position:relative;flex:none;width:56px;height:56px;border-radius:12px;overflow:hidden;background:var(--iconBg);color:var(--muted);font-size:24px;font-weight:600;line-height:56px;text-align:center}
.icon-image{position:absolute;inset:0;background:center/cover no-repeat}
.text{display:flex;flex-direction:column;gap:3px;min-width:0;flex:1}
.name{display:flex;align-items:center;gap:5px;min-width:0;font-size:16px;line-height:21px;font-weight:650}
.name-text{overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.verified{flex:none;width:16px;height:16px;color:var(--verified)}
.desc{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;line-clamp:2;overflow:hidden;overflow-wrap:anywhere;font-size:12.5px;line-height:16px;max-height:32px;color:var(--muted)}
.foot{display:flex;align-items:center;gap:12px;min-width:0}
.stats{display:flex;gap:12px;flex:1;min-width:0}
.stat{display:flex;flex-direction:column-reverse;min-width:3.5em;font-size:15px}
.stat dd{font-size:15px;line-height:19px;font-weight:650;font-variant-numeric:tabular-nums;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.stat dt{font-size:11px;line-height:14px;color:var(--muted);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.star{color:var(--star)}
.count{margin-left:3px;font-size:11px;font-weight:400;color:var(--muted)}
.vote{flex:none;display:inline-flex;align-items:center;max-width:45%;padding:0 14px;height:32px;border-radius:8px;background:var(--button);color:var(--buttonText);font-size:13px;font-weight:600;text-decoration:none;white-space:nowrap}
.vote span{overflow:hidden;text-overflow:ellipsis}
.vote:hover{background:var(--buttonHover)}
.vote:focus-visible{outline:2px solid var(--verified);outline-offset:2px}
.invite{flex:none;align-self:flex-start;display:inline-flex;align-items:center;justify-content:center;width:32px;height:32px;border-radius:8px;border:1px solid var(--border);color:var(--text)}
.invite:hover{background:var(--iconBg)}
.invite:focus-visible{outline:2px solid var(--verified);outline-offset:2px}`;
}
