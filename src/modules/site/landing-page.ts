import { escapeXml } from '../embeds/render/escape.js';

/** Pages carry no script and load nothing from elsewhere. */
export const PAGE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A small server-rendered page: title and body (already escaped HTML), light and dark. */
export function page(lang: 'en' | 'de', title: string, bodyHtml: string): string {
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeXml(title)}</title>` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">' +
    // Colours set, not left to the browser's canvas, so that text and links keep their contrast (site.css's).
    '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;background:#fff;color:#1f2328}' +
    'code{font-size:.9em;padding:.1em .3em;border-radius:4px;background:#8882}a{color:#0a58ca}' +
    '@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}a{color:#4493f8}}</style></head>' +
    `<body><main>${bodyHtml}</main></body></html>`
  );
}

export { escapeXml as escapeHtml };
