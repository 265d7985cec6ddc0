/** /admin/v1: the moderation queue and the operator's decisions on listings. */
import { dataOf, errorResponses } from '../../lib/schemas.js';
import type { App } from '../../lib/types.js';
import { OPERATOR_TOKEN } from '../audit/entry.js';
import {
  ApproveBody,
  Listing,
  ListingBotParams,
  ReasonBody,
  RequestChangesBody,
  Submission,
  SubmissionIdParams,
  SubmissionQueue,
  SubmissionQueueQuery,
} from './schemas.js';

const decisionErrors = errorResponses('unauthorized', 'not_found', 'conflict', 'validation_failed', 'payload_too_large');

export async function listingAdminRoutes(app: App): Promise<void> {
  const moderation = () => app.services.moderation;
  // Approval's body is optional: none at all reads as `{}` (no note).
  const emptyIsNoNote = async (request: { body: unknown }) => {
    request.body ??= {};
  };

  app.get(
    '/submissions',
    {
      schema: {
        operationId: 'listSubmissions',
        description:
          'The moderation queue, oldest first: new listings and edits of approved listings that wait for a decision, each with its content and what it changes of the public version. Pages continue with `after` = the previous page\u2019s `next`.',
        tags: ['listings'],
        summary: 'The moderation queue, oldest first, with the changes of each submission',
        querystring: SubmissionQueueQuery,
        response: { 200: SubmissionQueue, ...errorResponses('unauthorized', 'validation_failed') },
      },
    },
    async (request) => moderation().queue(request.query),
  );

  app.get(
    '/submissions/:id',
    {
      schema: {
        operationId: 'getSubmission',
        description:
          'One submission of the queue with its content and what it changes of the public version; 404 once decided or withdrawn.',
        tags: ['listings'],
        summary: 'One open submission with its changes',
        params: SubmissionIdParams,
        response: { 200: dataOf(Submission), ...errorResponses('unauthorized', 'not_found', 'validation_failed') },
      },
    },
    async (request) => ({ data: await moderation().submission(request.params.id) }),
  );

  app.post(
    '/submissions/:id/approve',
    {
      preValidation: emptyIsNoNote,
      schema: {
        operationId: 'approveSubmission',
        description:
          'Approves a submission: a listing is published (in every answer at once), an edit applied to the public listing. The owner is told (a `listing` webhook event; an e-mail to the address they gave). 409 when the owner withdrew or changed it meanwhile, or when another bot took one of its slugs.',
        tags: ['listings'],
        summary: 'Approve a submission: publish the listing or apply the edit',
        params: SubmissionIdParams,
        body: ApproveBody,
        response: { 200: dataOf(Listing), ...decisionErrors },
      },
    },
    async (request) => ({ data: await moderation().approve(request.params.id, OPERATOR_TOKEN, request.body.note) }),
  );

  app.post(
    '/submissions/:id/request-changes',
    {
      schema: {
        operationId: 'requestSubmissionChanges',
        description:
          'Sends a submission back to its owner with a note of what to change; a published listing stays as it is. The owner is told as on approval.',
        tags: ['listings'],
        summary: 'Send a submission back with a note of what to change',
        params: SubmissionIdParams,
        body: RequestChangesBody,
        response: { 200: dataOf(Listing), ...decisionErrors },
      },
    },
    async (request) => ({ data: await moderation().requestChanges(request.params.id, OPERATOR_TOKEN, request.body.note) }),
  );

  app.post(
    '/submissions/:id/deny',
    {
      schema: {
        operationId: 'denySubmission',
        description:
          'Denies a submission with a reason: a new listing for good; an edit is dropped and the public listing stays. The owner is told as on approval.',
        tags: ['listings'],
        summary: 'Deny a submission, with a reason',
        params: SubmissionIdParams,
        body: ReasonBody,
        response: { 200: dataOf(Listing), ...decisionErrors },
      },
    },
    async (request) => ({ data: await moderation().deny(request.params.id, OPERATOR_TOKEN, request.body.reason) }),
  );

  app.get(
    '/bots/:id/listing',
    {
      schema: {
        operationId: 'getListing',
        description:
          "A bot's listing: its state, the moderator's last note, the version on the bot, the owner's working copy and the latest transitions.",
        tags: ['listings'],
        summary: "A bot's listing, its working copy and its transitions",
        params: ListingBotParams,
        response: { 200: dataOf(Listing), ...errorResponses('unauthorized', 'not_found', 'validation_failed') },
      },
    },
    async (request) => ({ data: await moderation().listing(request.params.id) }),
  );

  app.post(
    '/bots/:id/remove',
    {
      schema: {
        operationId: 'removeListing',
        description:
          'Removes a listing with a reason: the bot leaves every public answer at once and its owner cannot list it again (the bot and its data stay; DELETE /bots/{id} deletes them). 409 when it is denied or removed already.',
        tags: ['listings'],
        summary: 'Remove a listing, with a reason',
        params: ListingBotParams,
        body: ReasonBody,
        response: { 200: dataOf(Listing), ...decisionErrors },
      },
    },
    async (request) => ({ data: await moderation().remove(request.params.id, OPERATOR_TOKEN, request.body.reason) }),
  );
}
