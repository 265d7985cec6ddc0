import { escapeXml } from './render/escape.js';
import { WIDGET_LABELS, type Lang } from './render/index.js';

/**
 * A minimal page for an iframe that asked for a widget we cannot show, in the widget's language.
 * No script, no styles to load.
 */
export function errorPage(lang: Lang, title: string, detail: string): string {
  const heading = WIDGET_LABELS[lang].errorTitle;
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeXml(heading)}</title>` +
    '<meta name="color-scheme" content="light dark">' +
    '<style>html,body{margin:0;height:100%;overflow:hidden}body{display:flex;align-items:center;justify-content:center;' +
    'font:14px system-ui,sans-serif;color:#57606a}</style></head>' +
    `<body><p title="${escapeXml(detail)}">${escapeXml(heading)}: ${escapeXml(title)}</p></body></html>`
  );
}
