/** Spec §9: how an operator announces the retirement of /api/v1 to its clients. */
import { describe, expect, it } from 'vitest';
import { putBot } from '../fixtures.js';
import { ADMIN_TOKEN, testApp } from '../helpers.js';

describe('retiring /api/v1', () => {
  it('sends no Deprecation or Sunset while nothing is announced', async () => {
    const t = await testApp('pglite');
    try {
      const response = await t.get('/api/v1/bots');
      expect(response.headers.deprecation).toBeUndefined();
      expect(response.headers.sunset).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('marks every v1 answer, errors included, once announced; embeds and the management API carry no version', async () => {
    const t = await testApp('pglite', { env: { API_V1_DEPRECATED_AT: '2027-01-01', API_V1_SUNSET_AT: '2027-07-01' } });
    try {
      const { id } = await putBot(t, { name: 'Retiring' });
      for (const url of [
        '/api/v1/bots',
        `/api/v1/bots/${id}`,
        '/api/v1/bots?limit=0',
        '/api/v1/search?q=retiring',
        '/api/v1/openapi.json',
      ]) {
        const response = await t.get(url);
        expect(response.headers.deprecation, url).toBe('@1798761600');
        expect(response.headers.sunset, url).toBe('Thu, 01 Jul 2027 00:00:00 GMT');
        expect(String(response.headers['access-control-expose-headers'])).toContain('deprecation, sunset');
      }
      for (const response of [
        await t.get(`/api/badge/${id}`),
        await t.get(`/admin/v1/bots/${id}`, { authorization: `Bearer ${ADMIN_TOKEN}` }),
      ]) {
        expect(response.headers.deprecation).toBeUndefined();
        expect(response.headers.sunset).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });
});
