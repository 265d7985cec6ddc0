/**
 * What a person reads on a page: the text of an HTML or SVG document (its `<title>` included,
 * scripts and styles left out) and the attributes a browser shows or reads aloud. Text inside
 * `<code>` is machine text (keys, scopes, addresses) and is left out too. Our pages are made by
 * our own templates, so a tokenizer of tags and text is enough; no HTML parser is needed.
 */

/** Attributes whose value a person sees or hears: tooltips, alternatives, labels, button captions, script texts. */
const SHOWN_ATTRIBUTES = new Set(['alt', 'title', 'placeholder', 'aria-label', 'data-done', 'data-confirm']);
/** `value` is shown on these inputs only (as their caption). */
const CAPTIONED_INPUTS = new Set(['submit', 'button', 'reset']);
/** Meta tags whose content is shown elsewhere (search results, link previews). */
const SHOWN_META = new Set(['description', 'og:title', 'og:description', 'og:site_name', 'twitter:title', 'twitter:description']);

const TOKEN =
  /<!--[\s\S]*?-->|<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>|<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>|<!doctype[^>]*>|<\?xml[^>]*\?>|[^<]+/gi;
const ATTRIBUTE = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** The visible texts of a document, in order, entities decoded and white space collapsed. */
export function visibleTexts(markup: string): string[] {
  const texts: string[] = [];
  let codeDepth = 0;
  for (const match of markup.matchAll(TOKEN)) {
    const [token, , closing, tag, attributes] = match;
    if (tag === undefined) {
      if (!token.startsWith('<') && codeDepth === 0) texts.push(decode(token));
      continue;
    }
    const name = tag.toLowerCase();
    if (name === 'code' || name === 'pre') codeDepth = Math.max(0, codeDepth + (closing ? -1 : 1));
    if (closing || codeDepth > 0) continue;
    const attrs = attributesOf(attributes ?? '');
    for (const [attribute, value] of attrs) if (SHOWN_ATTRIBUTES.has(attribute)) texts.push(value);
    if (name === 'input' && CAPTIONED_INPUTS.has(attrs.get('type') ?? '')) texts.push(attrs.get('value') ?? '');
    if (name === 'meta' && SHOWN_META.has(attrs.get('name') ?? attrs.get('property') ?? '')) texts.push(attrs.get('content') ?? '');
  }
  return texts.map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => text !== '');
}

/** The addresses of the images a page shows (`<img src>`), as written. */
export function imageSources(markup: string): string[] {
  const sources: string[] = [];
  for (const match of markup.matchAll(TOKEN)) {
    if (match[3]?.toLowerCase() !== 'img' || match[2] === '/') continue;
    const src = attributesOf(match[4] ?? '').get('src');
    if (src) sources.push(src);
  }
  return sources;
}

/** The language a document says it is in (`<html lang>`). */
export function documentLang(markup: string): string | undefined {
  return /<html\b[^>]*\slang="([^"]*)"/i.exec(markup)?.[1];
}

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, double, single, bare] of text.matchAll(ATTRIBUTE)) {
    attributes.set(name!.toLowerCase(), decode(double ?? single ?? bare ?? ''));
  }
  return attributes;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) return String.fromCodePoint(Number.parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(Number(body.slice(1)));
    return NAMED[body.toLowerCase()] ?? entity;
  });
}
