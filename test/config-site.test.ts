import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/index.js';
import { configProblem } from './support/config-problem.js';

describe('site branding and legal texts (SITE_*)', () => {
  it('defaults to the name "Bot Directory", no logo, the stylesheet\'s colours and no legal pages', () => {
    expect(readConfig({}).site).toEqual({ name: 'Bot Directory', logoUrl: undefined, accentColor: undefined, legal: {} });
  });

  it('reads name, logo, colour and texts; \\n in a one-line value is a line break, a blank text is no page', () => {
    const { site } = readConfig({
      SITE_NAME: ' Acme Bots ',
      SITE_LOGO_URL: 'https://cdn.example.org/logo.svg',
      SITE_ACCENT_COLOR: '#AA3300',
      SITE_IMPRINT: 'Acme GmbH\\nMusterstraße 1',
      SITE_PRIVACY: '   ',
    });
    expect(site).toEqual({
      name: 'Acme Bots',
      logoUrl: 'https://cdn.example.org/logo.svg',
      accentColor: '#aa3300',
      legal: { imprint: 'Acme GmbH\nMusterstraße 1' },
    });
  });

  it('refuses a colour that is not #rrggbb, a logo that is not https, and a name of more than 60 characters; spaces alone are the default name', () => {
    for (const colour of ['red', '#abc', 'aa3300', '#aa3300;}body{display:none', '#gg0000']) {
      expect(configProblem({ SITE_ACCENT_COLOR: colour }), colour).toMatch(/^SITE_ACCENT_COLOR: must be a colour as #rrggbb/);
    }
    expect(configProblem({ SITE_LOGO_URL: 'http://cdn.example.org/logo.png' })).toMatch(/^SITE_LOGO_URL: must start with https:\/\//);
    expect(configProblem({ SITE_LOGO_URL: 'javascript:alert(1)' })).toMatch(/^SITE_LOGO_URL: must start with https:\/\//);
    expect(readConfig({ SITE_NAME: '   ' }).site.name).toBe('Bot Directory');
    expect(configProblem({ SITE_NAME: 'x'.repeat(61) })).toMatch(/^SITE_NAME: must be at most 60 characters/);
  });
});
