/**
 * A bot's long description: Markdown written by its owner, made into HTML on the server. `marked`
 * parses it with raw HTML switched off (HTML in the text shows as text), then `sanitize-html`
 * keeps only an allowlist of elements and attributes, so no script, style, event handler,
 * `javascript:`/`data:` link, image or iframe survives whatever the parser let through. Links get
 * rel="nofollow ugc noopener". The bot page and the owner's preview both show `markdown(source)`.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml, Html } from './html.js';

/** Longest Markdown accepted per language (UTF-16 code units): rendering it takes milliseconds. */
export const MARKDOWN_MAX_LENGTH = 10_000;

const LINKABLE = /^(https?:\/\/|mailto:)/i;

const parser = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    // Raw HTML in the source is text, never markup (as markdown-it with `html: false`).
    html: ({ text, block }) => (block ? `<p>${escapeHtml(text.trim())}</p>\n` : escapeHtml(text)),
    // Images would load third-party addresses on our page: the alt text stays, the image does not.
    image: ({ text }) => escapeHtml(text),
    // A link to anything but a web or mail address (javascript:, data:, a relative path) is its text only.
    link(token) {
      return LINKABLE.test(token.href.trim()) ? false : this.parser.parseInline(token.tokens);
    },
  },
});

/** Headings start at h3: the page's own h1 (the bot's name) and h2 (its sections) come first. */
const shiftHeading = (level: number) => (): sanitizeHtml.Tag => ({ tagName: `h${Math.min(6, level + 2)}`, attribs: {} });

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'h3',
    'h4',
    'h5',
    'h6',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], ol: ['start'], th: ['align'], td: ['align'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Anything else goes with its content when it is a script or style, keeping its text otherwise.
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: shiftHeading(1),
    h2: shiftHeading(2),
    h3: shiftHeading(3),
    h4: shiftHeading(4),
    h5: shiftHeading(5),
    h6: shiftHeading(6),
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow ugc noopener' } }),
  },
};

/** The HTML of a Markdown text, safe to put in a page; an empty text is no markup at all. */
export function markdown(source: string): Html {
  if (source.trim() === '') return new Html('');
  const rendered = parser.parse(source) as string;
  return new Html(sanitizeHtml(rendered, ALLOWED).trim());
}

/** HTML that `markdown` made earlier and was stored as it made it. */
export function renderedMarkdown(stored: string): Html {
  return new Html(stored);
}
