/**
 * The listings' side of the management API's bot writes (bots/write-listener.ts): a bot made by
 * PUT gets its listing (published, or a draft its owners may submit), and the operator's
 * `published` switch is the lifecycle's `publish` or `unlist`, recorded and told like any step.
 */
import type { Queryable } from '../../db/index.js';
import type { BotWriteListener } from '../bots/write-listener.js';
import { publish, unlist } from './lifecycle.js';
import { listingRepository } from './repository.js';
import { noSubmission } from './views.js';
import { OPERATOR_TOKEN, type ListingWriter } from './writer.js';

export class ListingAdminWrites implements BotWriteListener {
  constructor(private readonly writer: ListingWriter) {}

  async written(
    tx: Queryable,
    botId: string,
    write: { created: boolean; wasPublished: boolean; published: boolean },
    now: Date,
  ): Promise<void> {
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
      return;
    }
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
}
