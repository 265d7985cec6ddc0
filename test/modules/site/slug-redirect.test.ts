import { describe, expect, it } from 'vitest';
import { putBot } from '../../fixtures.js';
import { appPerFile, backends, type TestApp } from '../../helpers.js';

async function rename(t: TestApp, id: string, slugs: { en: string; de: string }, method: 'PATCH' | 'PUT' = 'PATCH', body = {}) {
  const response = await t.admin(method, `/admin/v1/bots/${id}`, { ...body, slugs });
  expect(response.statusCode, response.body).toBe(200);
}

async function expectMoved(t: TestApp, from: string, to: string): Promise<void> {
  const response = await t.get(from);
  expect(response.statusCode, from).toBe(301);
  expect(response.headers.location, from).toBe(to);
  expect(response.headers['cache-control'], from).toBe('public, max-age=3600');
}

for (const backend of backends()) {
  describe(`renamed bots: the old address answers 301 (${backend})`, () => {
    const t = appPerFile(backend);

    it('leads an old slug to the current page, per language, keeping the query', async () => {
      const { id } = await putBot(t, { slugs: { en: 'tune-bot', de: 'melodie-bot' } });
      await rename(t, id, { en: 'tune-master', de: 'melodie-bot' });
      await expectMoved(t, '/en/bots/tune-bot', '/en/bots/tune-master');
      await expectMoved(t, '/en/bots/tune-bot?page=2&x=%3Cb%3E', '/en/bots/tune-master?page=2&x=%3Cb%3E');
      expect((await t.get('/en/bots/tune-master')).statusCode).toBe(200);
      expect((await t.get('/de/bots/melodie-bot')).statusCode).toBe(200);
      // Slugs are per language: the old English slug is no German address.
      expect((await t.get('/de/bots/tune-bot')).statusCode).toBe(404);
    });

    it('follows a chain A → B → C in one step, after PATCH and PUT alike', async () => {
      const { id, body } = await putBot(t, { slugs: { en: 'chain-a', de: 'kette-a' } });
      await rename(t, id, { en: 'chain-b', de: 'kette-b' });
      await rename(t, id, { en: 'chain-c', de: 'kette-c' }, 'PUT', body);
      for (const old of ['a', 'b']) {
        await expectMoved(t, `/en/bots/chain-${old}`, '/en/bots/chain-c');
        await expectMoved(t, `/de/bots/kette-${old}`, '/de/bots/kette-c');
      }
      // Back to a slug it had: its page again, and the history leads from the one it left.
      await rename(t, id, { en: 'chain-a', de: 'kette-c' });
      expect((await t.get('/en/bots/chain-a')).statusCode).toBe(200);
      await expectMoved(t, '/en/bots/chain-b', '/en/bots/chain-a');
      await expectMoved(t, '/en/bots/chain-c', '/en/bots/chain-a');
    });

    it('gives an old slug to the bot that takes it; when that one moves on, the slug leads to it', async () => {
      const first = await putBot(t, { slugs: { en: 'shared-name', de: 'geteilter-name' } });
      await rename(t, first.id, { en: 'first-new', de: 'geteilter-name' });
      await expectMoved(t, '/en/bots/shared-name', '/en/bots/first-new');
      const second = await putBot(t, { name: 'Second Bot', slugs: { en: 'shared-name', de: 'zweiter' } });
      const page = await t.get('/en/bots/shared-name');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Second Bot');
      await rename(t, second.id, { en: 'second-new', de: 'zweiter' });
      await expectMoved(t, '/en/bots/shared-name', '/en/bots/second-new');
      // The first bot's history of the slug went when the second took it.
      await t.admin('DELETE', `/admin/v1/bots/${second.id}`);
      expect((await t.get('/en/bots/shared-name')).statusCode).toBe(404);
      expect((await t.get('/en/bots/first-new')).statusCode).toBe(200);
    });

    it('a current slug wins over history even when the bot holding it was renamed into it', async () => {
      const one = await putBot(t, { slugs: { en: 'swap-one', de: 'tausch-eins' } });
      const two = await putBot(t, { slugs: { en: 'swap-two', de: 'tausch-zwei' } });
      await rename(t, one.id, { en: 'swap-temp', de: 'tausch-eins' });
      await rename(t, two.id, { en: 'swap-one', de: 'tausch-zwei' });
      await rename(t, one.id, { en: 'swap-two', de: 'tausch-eins' });
      expect((await t.get('/en/bots/swap-one')).body).toContain(two.body.name as string);
      expect((await t.get('/en/bots/swap-two')).body).toContain(one.body.name as string);
      await expectMoved(t, '/en/bots/swap-temp', '/en/bots/swap-two');
    });

    it('answers 404 for the old slugs of a bot deleted or unpublished, and for a slug no bot ever had', async () => {
      const gone = await putBot(t, { slugs: { en: 'gone-old', de: 'weg-alt' } });
      await rename(t, gone.id, { en: 'gone-new', de: 'weg-neu' });
      await expectMoved(t, '/de/bots/weg-alt', '/de/bots/weg-neu');
      expect((await t.admin('DELETE', `/admin/v1/bots/${gone.id}`)).statusCode).toBe(204);
      for (const path of ['/de/bots/weg-alt', '/de/bots/weg-neu', '/en/bots/gone-old']) {
        const response = await t.get(path);
        expect(response.statusCode, path).toBe(404);
        expect(response.body).toContain(path.startsWith('/de/') ? 'Diese Seite oder diesen Bot gibt es nicht.' : 'There is no such page');
      }
      const { rows } = await t.db.query('SELECT 1 FROM bot_slug_history WHERE bot_id = $1', [gone.id]);
      expect(rows).toHaveLength(0);

      const hidden = await putBot(t, { slugs: { en: 'hidden-old', de: 'versteckt-alt' } });
      await rename(t, hidden.id, { en: 'hidden-new', de: 'versteckt-neu' }, 'PATCH', { published: false });
      expect((await t.get('/en/bots/hidden-old')).statusCode).toBe(404);
      for (const path of ['/en/bots/never-was', '/en/bots/%3Cscript%3E', '/de/bots/UPPER', `/en/bots/${'x'.repeat(100)}`]) {
        expect((await t.get(path)).statusCode, path).toBe(404);
      }
    });

    it('keeps no history for a write that fails', async () => {
      const { id } = await putBot(t, { slugs: { en: 'stays-put', de: 'bleibt' } });
      const refused = await t.admin('PATCH', `/admin/v1/bots/${id}`, { slugs: { en: 'moved-away', de: 'bleibt' }, owners: [] });
      expect(refused.statusCode).toBe(422);
      expect((await t.get('/en/bots/stays-put')).statusCode).toBe(200);
      const { rows } = await t.db.query('SELECT slug FROM bot_slug_history WHERE bot_id = $1', [id]);
      expect(rows).toEqual([]);
    });
  });
}
