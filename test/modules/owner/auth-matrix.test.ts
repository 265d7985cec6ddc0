import { describe } from 'vitest';
import { backends, appPerFile, type TestApp } from '../../helpers.js';
import { GUILD, USER, keyMatrix } from '../../support/owner.js';

describe.each(backends())('owner endpoints reject bad keys (%s)', (backend) => {
  const t: TestApp = appPerFile(backend);
  const context = () => t;

  describe('GET /bots/{id}/votes', () => keyMatrix(context, 'votes:read', (t, id, headers) => t.get(`/api/v1/bots/${id}/votes`, headers)));

  describe('GET /bots/{id}/check/{userId}', () =>
    keyMatrix(context, 'votes:read', (t, id, headers) => t.get(`/api/v1/bots/${id}/check/${USER}`, headers)));

  describe('GET /bots/{id}/premium/{userId}', () =>
    keyMatrix(context, 'premium:read', (t, id, headers) => t.get(`/api/v1/bots/${id}/premium/${USER}`, headers)));

  describe('GET /bots/{id}/premium/guild/{guildId}', () =>
    keyMatrix(context, 'premium:read', (t, id, headers) => t.get(`/api/v1/bots/${id}/premium/guild/${GUILD}`, headers)));

  describe('POST /bots/{id}/stats', () =>
    keyMatrix(context, 'stats:write', (t, id, headers) =>
      t.app.inject({ method: 'POST', url: `/api/v1/bots/${id}/stats`, headers, payload: { serverCount: 10 } }),
    ));

  describe('POST /bots/{id}/check', () =>
    keyMatrix(context, 'votes:read', (t, id, headers) =>
      t.app.inject({ method: 'POST', url: `/api/v1/bots/${id}/check`, headers, payload: { userIds: [USER] } }),
    ));

  describe('GET /bots/{id}/analytics', () =>
    keyMatrix(context, 'analytics:read', (t, id, headers) => t.get(`/api/v1/bots/${id}/analytics?days=7`, headers)));

  describe('POST /bots/{id}/stats/history', () =>
    keyMatrix(context, 'stats:write', (t, id, headers) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/bots/${id}/stats/history`,
        headers,
        payload: { points: [{ date: '2020-01-01', serverCount: 1 }] },
      }),
    ));
});
