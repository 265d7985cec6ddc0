import { request } from 'undici';
import type { TestApp } from '../../helpers.js';

/** Personas of the local provider in the page tests: platform ids as the chat platform makes them. */
export const OWNER_A = { id: '180000000000000001', name: 'Ada Owner', label: 'Owner of bot A' };
export const OWNER_B = { id: '180000000000000002', name: 'Bo Owner', label: 'Owner of bot B' };
export const VOTER = { id: '180000000000000003', name: 'Vic <Voter>', label: 'A voter' };
export const VOTER_2 = { id: '180000000000000004', name: 'Vera Voter', label: 'Another voter' };
export const VOTER_3 = { id: '180000000000000005', name: 'Val Voter', label: 'A third voter' };
export const PERSONAS = [OWNER_A, OWNER_B, VOTER, VOTER_2, VOTER_3];

/** A browser's cookie jar over `app.inject`: sends what was set, keeps what comes back. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly t: TestApp,
    readonly ip = '127.0.0.1',
  ) {}

  private keep(setCookie: string | string[] | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string, headers: Record<string, string> = {}) {
    const response = await this.t.inject({ method: 'GET', url, remoteAddress: this.ip, headers: { cookie: this.header(), ...headers } });
    this.keep(response.headers['set-cookie']);
    return response;
  }

  /** A form post; the CSRF token is taken from `page` (the last form on it carries one) unless given. */
  async post(url: string, form: Record<string, string | string[]>, page?: string) {
    const fields = new URLSearchParams();
    const token = page ? /name="_csrf" value="([^"]+)"/.exec(page)?.[1] : undefined;
    if (token && !('_csrf' in form)) fields.append('_csrf', token);
    for (const [name, value] of Object.entries(form)) for (const v of Array.isArray(value) ? value : [value]) fields.append(name, v);
    const response = await this.t.inject({
      method: 'POST',
      url,
      remoteAddress: this.ip,
      headers: { cookie: this.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: fields.toString(),
    });
    this.keep(response.headers['set-cookie']);
    return response;
  }

  /** The whole sign-in: to the provider, choose `personaId` on its login page, back to the callback. */
  async signIn(personaId: string, returnTo = '/dashboard'): Promise<string> {
    const start = await this.get(`/auth/sign-in?return=${encodeURIComponent(returnTo)}`);
    if (start.statusCode !== 302) throw new Error(`sign-in start: ${start.statusCode} ${start.body}`);
    const authorize = new URL(String(start.headers.location));
    authorize.searchParams.set('persona', personaId);
    const answer = await request(authorize, { method: 'GET' });
    await answer.body.dump();
    const callback = new URL(String(answer.headers.location));
    const back = await this.get(`${callback.pathname}${callback.search}`);
    if (back.statusCode !== 303) throw new Error(`callback: ${back.statusCode} ${back.body}`);
    return String(back.headers.location);
  }

  /** A new browser, signed in as each of `personas` (by the name it is given), one browser each. */
  static async signedIn<K extends string>(t: TestApp, personas: Record<K, { id: string }>): Promise<Record<K, Browser>> {
    const browsers = {} as Record<K, Browser>;
    for (const name of Object.keys(personas) as K[]) {
      browsers[name] = new Browser(t);
      await browsers[name].signIn(personas[name].id);
    }
    return browsers;
  }
}
