import { escapeXml } from './render/escape.js';

/** A minimal page for an iframe that asked for a widget we cannot show. No script, no styles to load. */
export function errorPage(title: string, detail: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bot widget</title>' +
    '<meta name="color-scheme" content="light dark">' +
    '<style>html,body{margin:0;height:100%;overflow:hidden}body{display:flex;align-items:center;justify-content:center;' +
    'font:14px system-ui,sans-serif;color:#57606a}</style></head>' +
    `<body><p title="${escapeXml(detail)}">Bot widget: ${escapeXml(title)}</p></body></html>`
  );
}
