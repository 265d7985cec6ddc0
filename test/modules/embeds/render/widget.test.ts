import { describe, expect, it } from 'vitest';
import { WIDGET_CONTENT_SECURITY_POLICY, renderWidget, type Lang } from '../../../../src/modules/embeds/render/index.js';
import { HOSTILE_NAME, makeBot } from './fixtures.js';

const VOTE_URL = 'https://bots.example.org/en/bots/melody';
const INVITE_URL = 'https://bots.example.org/en/bots/melody/invite';

describe('renderWidget', () => {
  it('is a complete HTML document in the requested language', () => {
    for (const lang of ['de', 'en'] as Lang[]) {
      const html = renderWidget(makeBot(), { lang, voteUrl: VOTE_URL, inviteUrl: INVITE_URL });
      expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="(de|en)">/);
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain('<meta charset="utf-8">');
      expect(html).toContain('</body>\n</html>');
      expect(html).toContain(makeBot().shortDescription[lang]);
      expect(html).not.toContain(makeBot().shortDescription[lang === 'de' ? 'en' : 'de']);
    }
  });

  it('shows icon, verified mark, server count, monthly votes and rating with language labels', () => {
    const bot = makeBot({ serverCount: 1_462_144, votesMonth: 12_345, rating: { average: 4.66, count: 1_234 } });
    const en = renderWidget(bot, { lang: 'en', voteUrl: VOTE_URL, inviteUrl: INVITE_URL });
    expect(en).toContain('background-image:url(&quot;https://cdn.example.org/icons/1149982306161536285.png&quot;)');
    expect(en).toContain('aria-label="Verified bot"');
    expect(en).toContain('<dt>servers</dt><dd>1.4M</dd>');
    expect(en).toContain('<dt>votes/month</dt><dd>12.3k</dd>');
    expect(en).toMatch(
      /<dt>rating<\/dt><dd><span class="star" aria-hidden="true">★<\/span> 4\.7<span class="count">\(1\.2k\)<\/span><\/dd>/,
    );
    expect(en).toContain('title="1,462,144 servers"');

    const de = renderWidget(bot, { lang: 'de', voteUrl: VOTE_URL, inviteUrl: INVITE_URL });
    expect(de).toContain('<dt>Server</dt><dd>1,4M</dd>');
    expect(de).toContain('<dt>Stimmen/Monat</dt><dd>12,3k</dd>');
    expect(de).toContain('<dt>Bewertung</dt>');
    expect(de).toContain('title="1.462.144 Server"');
    expect(de).toContain('<span>Abstimmen</span>');
    expect(de).toContain('aria-label="Verifizierter Bot"');
  });

  it('leaves out the verified mark for unverified bots', () => {
    expect(renderWidget(makeBot({ isVerified: false }), { lang: 'en', voteUrl: VOTE_URL, inviteUrl: INVITE_URL })).not.toContain(
      'class="verified"',
    );
  });

  it('links the vote button to voteUrl in a new tab without an opener', () => {
    const html = renderWidget(makeBot(), {
      lang: 'en',
      voteUrl: 'https://bots.example.org/en/bots/melody?ref=widget&x="1"',
      inviteUrl: INVITE_URL,
    });
    expect(html).toMatch(
      /<a class="vote" href="https:\/\/bots\.example\.org\/en\/bots\/melody\?ref=widget&amp;x=%221%22" target="_blank" rel="noopener noreferrer" aria-label="Vote for Melody \(opens in a new tab\)">/,
    );
  });

  it('rejects a vote URL that is not absolute http(s)', () => {
    for (const voteUrl of ['javascript:alert(1)', '/bots/melody', '']) {
      expect(() => renderWidget(makeBot(), { lang: 'en', voteUrl, inviteUrl: INVITE_URL })).toThrow(TypeError);
    }
  });

  it('contains no script and forbids scripts through its own CSP', () => {
    const html = renderWidget(makeBot(), { lang: 'en', voteUrl: VOTE_URL, inviteUrl: INVITE_URL });
    expect(html).not.toMatch(/<script|\son\w+=/i);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    expect(WIDGET_CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(WIDGET_CONTENT_SECURITY_POLICY).toContain('frame-ancestors *');
  });

  it('escapes every bot-supplied string', () => {
    const bot = makeBot({
      name: HOSTILE_NAME,
      shortDescription: { de: '<script>alert(1)</script>', en: '"><svg onload=alert(1)>' },
      iconUrl: 'https://cdn.example.org/a.png?"onmouseover=alert(1)',
    });
    for (const lang of ['de', 'en'] as Lang[]) {
      const html = renderWidget(bot, { lang, voteUrl: VOTE_URL, inviteUrl: INVITE_URL });
      expect(html).not.toMatch(/<img|<script|<svg onload|"onmouseover/);
      expect(html).toContain('<title>&lt;img src=x onerror=alert(1)&gt;</title>');
      expect(html).toContain(
        '<span class="name-text" title="&lt;img src=x onerror=alert(1)&gt;">&lt;img src=x onerror=alert(1)&gt;</span>',
      );
    }
  });

  it('ignores an icon URL that is not http(s) and falls back to the initial', () => {
    const html = renderWidget(makeBot({ iconUrl: 'javascript:alert(1)' }), { lang: 'en', voteUrl: VOTE_URL, inviteUrl: INVITE_URL });
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<div class="icon" aria-hidden="true">M</div>');
  });

  it('follows the system colour scheme only when no theme is given', () => {
    const auto = renderWidget(makeBot(), { lang: 'en', voteUrl: VOTE_URL, inviteUrl: INVITE_URL });
    expect(auto).toContain('@media (prefers-color-scheme:dark){:root{--bg:#161b22');
    const dark = renderWidget(makeBot(), { lang: 'en', voteUrl: VOTE_URL, inviteUrl: INVITE_URL, theme: 'dark' });
    expect(dark).not.toContain('prefers-color-scheme');
    expect(dark).toContain(':root{--bg:#161b22');
    const light = renderWidget(makeBot(), { lang: 'en', voteUrl: VOTE_URL, inviteUrl: INVITE_URL, theme: 'light' });
    expect(light).toContain(':root{--bg:#ffffff');
  });

  it('clips long texts instead of letting them grow the box', () => {
    const html = renderWidget(makeBot(), { lang: 'en', voteUrl: VOTE_URL, inviteUrl: INVITE_URL });
    expect(html).toMatch(/\.name-text\{[^}]*text-overflow:ellipsis/);
    expect(html).toMatch(/\.desc\{[^}]*-webkit-line-clamp:2/);
    expect(html).toMatch(/html,body\{[^}]*overflow:hidden/);
  });
});
