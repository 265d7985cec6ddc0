import { describe, expect, it } from 'vitest';
import { escapeXml } from '../../../../src/modules/embeds/render/escape.js';
import { HOSTILE_NAME } from './fixtures.js';
import { expectWellFormedXml } from './xml.js';

describe('escapeXml', () => {
  it('escapes markup characters for text and quoted attributes', () => {
    expect(escapeXml(HOSTILE_NAME)).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(escapeXml(`"a" & 'b'`)).toBe('&quot;a&quot; &amp; &#39;b&#39;');
  });

  it('drops characters that would make the document unparseable', () => {
    const nasty = 'Bo\u0000t\u0007\u001b\uFFFF\uD800x';
    expect(escapeXml(nasty)).toBe('Botx');
    expectWellFormedXml(`<t a="${escapeXml(nasty)}">${escapeXml(nasty)}</t>`);
  });

  it('keeps ordinary Unicode, including emoji and tabs/newlines', () => {
    expect(escapeXml('Schlüsselmeister 🎵\tä\n')).toBe('Schlüsselmeister 🎵\tä\n');
  });
});
