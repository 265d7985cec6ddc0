import { initialOf } from '../../../lib/initial.js';
import { escapeXml } from './escape.js';
import { fullNumber, ratingAverage, shortNumber } from './short-number.js';
import { WIDGET_LABELS } from './widget-labels.js';
import { widgetCss } from './widget-styles.js';
import type { EmbedBot, WidgetOptions } from './types.js';

/**
 * Content-Security-Policy for the widget response. The document needs no script, only
 * its inline `<style>` and the bot's icon; `frame-ancestors *` lets any site embed it.
 * The same policy minus `frame-ancestors` (not allowed in `<meta>`) is also inside the
 * document, so no script runs even if a proxy drops the header.
 */
export const WIDGET_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *";

const META_CSP = "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

export const VERIFIED_ICON =
  '<path fill="currentColor" d="M8 0l1.9 1.4 2.3-.1.7 2.2 1.9 1.3-.8 2.2.8 2.2-1.9 1.3-.7 2.2-2.3-.1L8 16l-1.9-1.4-2.3.1-.7-2.2L1.2 11.2 2 9 1.2 6.8l1.9-1.3.7-2.2 2.3.1z"/>' +
  '<path fill="none" stroke="#fff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" d="M5 8.2l2 2 4-4.2"/>';

/** "Add to a server": a plus in a rounded square at the head's end; the foot's figures keep their room. */
const INVITE_ICON =
  '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" d="M8 3.5v9M3.5 8h9"/></svg>';

/** A complete HTML document: the bot card for an iframe of 420 × 140. */
export function renderWidget(bot: EmbedBot, opts: WidgetOptions): string {
  const labels = WIDGET_LABELS[opts.lang];
  const name = bot.name.trim() || bot.id;
  const description = bot.shortDescription[opts.lang];
  const voteUrl = requireHttpUrl(opts.voteUrl, 'voteUrl');
  const inviteUrl = requireHttpUrl(opts.inviteUrl, 'inviteUrl');
  const stat = (value: string, label: string, tooltip: string): string =>
    `<div class="stat" title="${escapeXml(tooltip)}"><dt>${escapeXml(label)}</dt><dd>${value}</dd></div>`;

  const { average, count } = bot.rating;
  const rating =
    count > 0
      ? stat(
          `<span class="star" aria-hidden="true">★</span> ${ratingAverage(average, opts.lang)}` +
            `<span class="count">(${shortNumber(count, opts.lang)})</span>`,
          labels.rating,
          labels.ratingTooltip(ratingAverage(average, opts.lang), fullNumber(count, opts.lang)),
        )
      : stat('<span class="star" aria-hidden="true">★</span> –', labels.rating, labels.noRatings);

  const verified = bot.isVerified
    ? `<svg class="verified" viewBox="0 0 16 16" role="img" aria-label="${escapeXml(labels.verified)}"><title>${escapeXml(labels.verified)}</title>${VERIFIED_ICON}</svg>`
    : '';

  return `<!DOCTYPE html>
<html lang="${opts.lang}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${META_CSP}">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeXml(name)}</title>
<style>${widgetCss(opts.theme)}</style>
</head>
<body>
<main class="card">
<div class="head">
${iconMarkup(name, bot.iconUrl)}
<div class="text">
<h1 class="name"><span class="name-text" title="${escapeXml(name)}">${escapeXml(name)}</span>${verified}</h1>
<p class="desc" title="${escapeXml(description)}">${escapeXml(description)}</p>
</div>
<a class="invite" href="${escapeXml(inviteUrl)}" target="_blank" rel="noopener nofollow" aria-label="${escapeXml(labels.inviteFor(name))}" title="${escapeXml(labels.invite)}">${INVITE_ICON}</a>
</div>
<div class="foot">
<dl class="stats">
${stat(escapeXml(shortNumber(bot.serverCount, opts.lang)), labels.servers, labels.serversTooltip(fullNumber(bot.serverCount, opts.lang)))}
${stat(escapeXml(shortNumber(bot.votesMonth, opts.lang)), labels.votesMonth, labels.votesTooltip(fullNumber(bot.votesMonth, opts.lang)))}
${rating}
</dl>
<a class="vote" href="${escapeXml(voteUrl)}" target="_blank" rel="noopener noreferrer" aria-label="${escapeXml(labels.voteFor(name))}"><span>${escapeXml(labels.vote)}</span></a>
</div>
</main>
</body>
</html>
`;
}

/**
 * The icon is a CSS background over a tile with the bot's initial: a dead or blocked
 * icon URL then leaves a tidy tile, where an `<img>` would show a broken-image glyph (and
 * hiding that takes script). Only http(s) URLs are used; anything else is ignored.
 */
function iconMarkup(name: string, iconUrl: string): string {
  const initial = escapeXml(initialOf(name));
  const url = httpUrlOrNull(iconUrl);
  const image = url ? `<div class="icon-image" style="background-image:url(${escapeXml(cssString(url))})"></div>` : '';
  return `<div class="icon" aria-hidden="true">${initial}${image}</div>`;
}

/** A CSS string literal; the URL parser already percent-encodes quotes and newlines, this is belt and braces. */
function cssString(value: string): string {
  return `"${value.replace(/["\\\n\r\f]/g, (ch) => `\\${ch.codePointAt(0)!.toString(16)} `)}"`;
}

function httpUrlOrNull(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** voteUrl and inviteUrl come from the operator's configuration (SITE_URL); a bad one is a bug, not data. */
function requireHttpUrl(value: string, what: string): string {
  const url = httpUrlOrNull(value);
  if (!url) throw new TypeError(`${what} must be an absolute http(s) URL, got ${JSON.stringify(value)}`);
  return url;
}
