/**
 * Escaping for every bot-supplied string that ends up in an SVG or HTML document.
 * One function serves both: the output is safe in element content and in quoted
 * attribute values (single or double quotes) of XML and HTML alike.
 */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Characters that XML 1.0 forbids even as character references: C0 controls other than
 * tab/LF/CR, lone surrogates and U+FFFE/U+FFFF. A single one of them makes an SVG
 * unparseable (the browser shows a broken image), so they are dropped rather than
 * escaped. DEL and C1 controls are legal XML but render as boxes; they go too.
 */
const XML_INVALID =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point of this pattern
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function stripInvalidXmlChars(text: string): string {
  return text.replace(XML_INVALID, '');
}

export function escapeXml(text: string): string {
  return stripInvalidXmlChars(text).replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}
