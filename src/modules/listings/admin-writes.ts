/**
 * The listings' side of the management API's bot writes (bots/write-listener.ts): a bot made by
 * PUT gets its listing (published, or a draft its owners may submit), and the operator's
 * `published` switch is the lifecycle's `publish` or `unlist`, recorded and told like any step.
 * Every write is in the audit log as the operator token's: the listing made, the fields changed,
 * the bot deleted.
 */
import type { Queryable } from '../../db/index.js';
import { diffOf, diffOfNew, OPERATOR_TOKEN, type Actor } from '../audit/entry.js';
import { auditRepository } from '../audit/repository.js';
import type { BotWrite } from '../bots/schemas.js';
import type { BotWriteEvent, BotWriteListener } from '../bots/write-listener.js';
import { publish, unlist } from './lifecycle.js';
import { listingRepository } from './repository.js';
import { noSubmission } from './views.js';
import type { ListingWriter } from './writer.js';

/** The fields of a bot's write the log compares; `published` is the lifecycle's (a transition of its own). */
const LOGGED_FIELDS = [
  'name',
  'slugs',
  'shortDescription',
  'prefix',
  'pricing',
  'iconUrl',
  'bannerUrl',
  'inviteUrl',
  'supportServerUrl',
  'websiteUrl',
  'categories',
  'tags',
  'owners',
  'isVerified',
  'platformServerCount',
  'platformShardCount',
] as const satisfies readonly (keyof BotWrite)[];

export class ListingAdminWrites implements BotWriteListener {
  constructor(private readonly writer: ListingWriter) {}

  async written(tx: Queryable, botId: string, write: BotWriteEvent, now: Date): Promise<void> {
    if (write.created) {
      await listingRepository.insert(
        tx,
        {
          ...noSubmission(),
          bot_id: botId,
          status: write.published ? 'published' : 'draft',
          edit_status: null,
          working: null,
          long_description: { de: '', en: '' },
          long_description_html: { de: '', en: '' },
          screenshots: [],
          contact_email: null,
          created_by: null,
          ownership_confirmed: false,
          note: null,
        },
        now,
      );
      const diff = diffOfNew({ name: write.after.name, published: write.published });
      await auditRepository.record(tx, { actor: OPERATOR_TOKEN, action: 'listing.create', botId, diff }, now);
      return;
    }
    const diff = diffOf<BotWrite>(write.before ?? {}, write.after, LOGGED_FIELDS);
    if (diff) await auditRepository.record(tx, { actor: OPERATOR_TOKEN, action: 'listing.edit', botId, diff }, now);
    if (write.wasPublished === write.published) return;
    const listing = await listingRepository.lock(tx, botId);
    if (!listing) return;
    const step = write.published ? publish(listing.status, 'operator') : unlist(listing.status, 'operator');
    // Published by the operator's switch: the submission that waited for it is decided.
    if (listing.status === 'submitted') Object.assign(listing, noSubmission());
    listing.status = step.to;
    await listingRepository.save(tx, listing, now);
    await this.writer.record(tx, listing, { track: 'listing', step }, OPERATOR_TOKEN, now);
  }

  async deleted(tx: Queryable, botId: string, by: Actor, now: Date): Promise<void> {
    // The bot and its listing are gone with their rows; the log keeps that they were, and who deleted them.
    await auditRepository.record(tx, { actor: by, action: 'listing.delete', botId }, now);
  }
}
