/** A long description's Markdown: its formatting shows, nothing that could run or load does. */
import { describe, expect, it } from 'vitest';
import { markdown } from '../../src/html/markdown.js';

const render = (source: string) => markdown(source).value;

describe('markdown', () => {
  it('renders the usual formatting, headings below the page\u2019s own', () => {
    const out = render('# Features\n\n**Bold**, *italic*, ~~gone~~ and `code`.\n\n- one\n- two\n\n1. first\n\n> quoted\n\n```\nx < y\n```');
    expect(out).toContain('<h3>Features</h3>');
    expect(out).toContain('<strong>Bold</strong>, <em>italic</em>, <del>gone</del> and <code>code</code>.');
    expect(out).toContain('<ul>\n<li>one</li>');
    expect(out).toContain('<ol>\n<li>first</li>');
    expect(out).toContain('<blockquote>');
    expect(out).toContain('<pre><code>x &lt; y\n</code></pre>');
  });

  it('marks links nofollow ugc noopener', () => {
    expect(render('[site](https://example.org "Its title")')).toBe(
      '<p><a href="https://example.org" title="Its title" rel="nofollow ugc noopener">site</a></p>',
    );
    expect(render('<https://example.org>')).toContain('rel="nofollow ugc noopener"');
  });

  it.each([
    ['a script element', '<script>alert(1)</script>'],
    ['an inline script', 'Hi <script>alert(1)</script> there'],
    ['an event handler', '<img src=x onerror="alert(1)">'],
    ['an attribute breakout', '<a href="https://e.org" onmouseover="alert(1)">x</a>'],
    ['a style element', '<style>body{display:none}</style>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['an svg', '<svg onload=alert(1)>'],
  ])('shows %s as text, never as markup', (_name, source) => {
    const out = render(source);
    expect(out).not.toMatch(/<(script|img|iframe|svg|style)\b/i);
    expect(out).not.toMatch(/<a [^>]*on\w+=/i);
    expect(out).toContain('&lt;');
  });

  it.each([
    ['javascript:', '[click](javascript:alert(1))'],
    ['JavaScript: with spaces', '[click]( JaVaScRiPt:alert(1) )'],
    ['an entity-encoded javascript:', '[click](&#106;avascript:alert(1))'],
    ['data:', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['vbscript:', '[click](vbscript:msgbox)'],
    ['a protocol-relative address', '[click](//evil.example/x)'],
  ])('keeps the text of a %s link but not the link', (_name, source) => {
    const out = render(source);
    expect(out).not.toContain('<a');
    expect(out).toContain('click');
  });

  it('drops images, keeping their alt text (no third-party loads on our page)', () => {
    expect(render('![a diagram](https://tracker.example/pixel.png)')).toBe('<p>a diagram</p>');
  });

  it('answers nothing for an empty or blank text', () => {
    expect(render('')).toBe('');
    expect(render('  \n\n ')).toBe('');
  });

  it('keeps unicode as it is', () => {
    expect(render('Grüße 👋 — «ok»')).toBe('<p>Grüße 👋 — «ok»</p>');
  });
});
