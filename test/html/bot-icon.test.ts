import { describe, expect, it } from 'vitest';
import { botIcon } from '../../src/html/bot-icon.js';
import { initialOf } from '../../src/lib/initial.js';
import { renderWidget } from '../../src/modules/embeds/render/widget.js';

/** The markup without the line breaks the formatter puts inside tags. */
const flat = (markup: string): string => markup.replace(/\s+>/g, '>').replace(/>\s+</g, '><');

describe('bot icon on the pages', () => {
  it("lays the icon over a tile with the bot's initial, so a failed icon leaves the letter", () => {
    const markup = flat(botIcon('music bot', 'https://cdn.example.org/icon.png', 'large').value);
    expect(markup).toMatch(/^<span class="avatar avatar-large" aria-hidden="true"><span class="avatar-letter">M<\/span><img /);
    // An empty alt: no broken-image mark and no alt text in its place; site.js hooks on data-avatar.
    expect(markup).toContain('<img src="https://cdn.example.org/icon.png" alt="" width="72" height="72" loading="lazy" data-avatar />');
  });

  it('shows the letter alone for a bot without an icon, or with one the CSP would block', () => {
    for (const url of [null, undefined, '', 'http://cdn.example.org/icon.png', 'javascript:alert(1)', 'not a url']) {
      const markup = flat(botIcon('Zed', url, 'small').value);
      expect(markup, String(url)).toContain('<span class="avatar-letter">Z</span>');
      expect(markup, String(url)).not.toContain('<img');
    }
  });

  it('escapes the letter and the address', () => {
    const markup = flat(botIcon('<b>', 'https://cdn.example.org/"><script>', 'small').value);
    expect(markup).toContain('<span class="avatar-letter">&lt;</span>');
    expect(markup).not.toContain('"><script>');
  });

  it('draws the same letter as the widget: a whole emoji, upper-cased, after spaces', () => {
    expect(initialOf('  élan')).toBe('É');
    expect(initialOf('🎵 Tunes')).toBe('🎵');
    expect(initialOf('   ')).toBe('?');
    const widget = renderWidget(
      {
        id: '1',
        name: 'élan',
        iconUrl: '',
        shortDescription: { en: '', de: '' },
        serverCount: 0,
        votesMonth: 0,
        rating: { average: 0, count: 0 },
        isVerified: false,
      } as never,
      { lang: 'en', theme: 'light', voteUrl: 'https://example.org/', inviteUrl: 'https://example.org/invite' } as never,
    );
    expect(widget).toContain('<div class="icon" aria-hidden="true">É</div>');
    expect(botIcon('élan', '', 'small').value).toContain('>É<');
  });
});
