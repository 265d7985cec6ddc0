import { Resvg } from '@resvg/resvg-js';
import { initialOf } from '../../lib/initial.js';
import { bundledFontFiles, readableTextOn } from '../embeds/render/index.js';
import { escapeXml } from '../embeds/render/escape.js';

/** The accent of site.css, for the icons when SITE_ACCENT_COLOR is not set. */
export const DEFAULT_ACCENT = '#0a58ca';

/**
 * The site's icon, drawn once at start from its branding: the site name's initial on a rounded
 * tile of the accent colour (the letter avatar of the bots, in the site's colour), as PNG of
 * `size` pixels square.
 */
export function siteIconPng(name: string, accent: string, size: number): Buffer {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${escapeXml(accent)}"/>` +
    `<text x="32" y="44" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="36" fill="${readableTextOn(accent)}">${escapeXml(initialOf(name))}</text>` +
    '</svg>';
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    font: { loadSystemFonts: false, fontFiles: bundledFontFiles(), defaultFontFamily: 'DejaVu Sans' },
  });
  return resvg.render().asPng();
}

/** An ICO file holding one PNG (Windows Vista and every browser read PNG inside ICO). */
export function icoOfPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width (0 = 256)
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // the image follows the header and its one entry
  return Buffer.concat([header, png]);
}
