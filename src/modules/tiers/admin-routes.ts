import { dataOf, errorResponses } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { OPERATOR_TOKEN } from '../audit/entry.js';
import { TierDecision, TierRequest, TierRequestIdParams, TierRequestList, TierRequestListQuery } from './schemas.js';

const decisionErrors = errorResponses('unauthorized', 'not_found', 'conflict', 'validation_failed', 'payload_too_large');

/** The operator's side of tier requests: the list, and approve or deny. */
export async function tierAdminRoutes(app: App): Promise<void> {
  // The decision's body is optional: none at all reads as `{}` (no note).
  const emptyIsNoNote = async (request: { body: unknown }) => {
    request.body ??= {};
  };

  app.get(
    '/tier-requests',
    {
      schema: {
        operationId: 'listTierRequests',
        description: "Owners' requests for a higher rate tier for one key, newest first, filtered by state.",
        tags: ['keys'],
        summary: 'Requests of owners for a higher rate tier, newest first',
        querystring: TierRequestListQuery,
        response: { 200: TierRequestList, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => app.services.tiers.list(request.query),
  );

  app.post(
    '/tier-requests/:requestId/approve',
    {
      preValidation: emptyIsNoNote,
      schema: {
        operationId: 'approveTierRequest',
        description: 'Approves a request: the key gets the tier asked for at once (409 when already decided or when the key was revoked).',
        tags: ['keys'],
        summary: 'Approve: the key gets the tier asked for (409 once decided or when the key was revoked)',
        params: TierRequestIdParams,
        body: TierDecision,
        response: { 200: dataOf(TierRequest), ...decisionErrors },
      },
    },
    async (request) => ({ data: await app.services.tiers.approve(request.params.requestId, request.body, OPERATOR_TOKEN) }),
  );

  app.post(
    '/tier-requests/:requestId/deny',
    {
      preValidation: emptyIsNoNote,
      schema: {
        operationId: 'denyTierRequest',
        description: 'Denies a request, with an optional note the owner sees in the dashboard (409 when already decided).',
        tags: ['keys'],
        summary: 'Deny, with an optional note the owner sees (409 once decided)',
        params: TierRequestIdParams,
        body: TierDecision,
        response: { 200: dataOf(TierRequest), ...decisionErrors },
      },
    },
    async (request) => ({ data: await app.services.tiers.deny(request.params.requestId, request.body, OPERATOR_TOKEN) }),
  );
}
