/**
 * What an owner does with a listing (the dashboard's pages call these): add a bot by its
 * application ID, edit it, submit it, withdraw it, take it out of view and back, drop an edit
 * that waits for review; and what everybody reads of a listing. Each action checks that the
 * signed-in user's role on the bot's team may edit the listing (owner, manager, editor; 403
 * otherwise), goes through the lifecycle, and is recorded in the audit log with that user as its actor.
 */
import type { Database, Queryable } from '../../db/index.js';
import { renderedMarkdown } from '../../html/markdown.js';
import type { Html } from '../../html/html.js';
import { AppError } from '../../lib/errors.js';
import type { Lang } from '../../lib/langs.js';
import { isSnowflakeId } from '../../lib/schemas.js';
import { diffOf, diffOfNew, type Diff, type UserActor } from '../audit/entry.js';
import { auditRepository } from '../audit/repository.js';
import type { BanCheck } from '../bans/service.js';
import { botRepository } from '../bots/repository.js';
import type { PublishedBots } from '../bots/catalog.js';
import type { PlatformAdapter, PlatformApplication } from '../platform/adapter.js';
import { changes, checkEdit, incomplete, merge, sameContent } from './content.js';
import {
  EDITABLE_LIVE,
  discardEdit,
  relist,
  submit,
  submitEdit,
  unlist,
  withdraw,
  type ListingState,
  type ListingStep,
} from './lifecycle.js';
import { currentContent, listingRepository, type ListingWithBot } from './repository.js';
import { CONTENT_FIELDS, type FieldChange, type Listing, type ListingContent, type ListingEdit, type WorkingCopy } from './schemas.js';
import { slugify } from './slugs.js';
import { assertMay } from '../teams/refusals.js';
import { teamRepository } from '../teams/repository.js';
import { newSubmission, noSubmission, toListing } from './views.js';
import type { ListingWriter } from './writer.js';

/** The refusals of adding a bot, beside its field (`applicationId`); pages show their own words for each. */
export const APPLICATION_PROBLEM = {
  unknown: 'no application has this ID',
  user: "is a user account's ID, not an application's",
  notBot: 'is an application without a bot user',
} as const;

/** The listings a user sees in the dashboard at most (owners of more manage them by the operator). */
const MAX_OWNED = 200;

/** What the bot page shows of a listing beside the bot's own fields. */
export interface PublicListing {
  /** The long description, rendered and sanitised when it was accepted; empty when there is none. */
  longDescription: Record<Lang, Html>;
  screenshots: string[];
}

/** A listing in the owner's list of their bots. */
export interface OwnedListing {
  botId: string;
  name: string;
  iconUrl: string;
  status: ListingState;
  editStatus: Listing['editStatus'];
}

export class ListingService {
  constructor(
    private readonly db: Database,
    private readonly writer: ListingWriter,
    private readonly platform: PlatformAdapter,
    private readonly catalog: PublishedBots,
    /** LISTING_EDITS: an approved listing's edit goes live at once, or waits for review. */
    private readonly edits: 'live' | 'review',
    /** The ids of the operator's categories (CATEGORIES): the only ones an owner may choose. */
    private readonly categories: ReadonlySet<string>,
    /** A banned user adds, edits, submits and relists nothing; a banned bot is never added again (403). */
    private readonly bans?: BanCheck,
  ) {}

  /**
   * Adds a bot: the platform says what the application is called and looks like; the listing
   * starts as a draft owned by the user `by`. 422 beside `applicationId` for an ID that is no bot's
   * application, 409 when it is listed already, 403 when the platform says the user does not own
   * it, 503 when the platform does not answer; 403 for a banned user or bot. `userName`: the name
   * the sign-in gave, kept on the team as the first owner's (as an invitation keeps a member's).
   */
  async create(by: UserActor, applicationId: string, userName: string | null = null): Promise<Listing> {
    const userId = by.id;
    const field = (message: string) => AppError.validation([{ field: 'applicationId', message }]);
    if (!isSnowflakeId(applicationId)) throw field('must be the 17 to 20 digits of an application ID');
    await this.bans?.assertUserAllowed(userId);
    await this.bans?.assertBotAllowed(applicationId);
    if (await listingRepository.listingExists(this.db, applicationId)) throw alreadyListed();
    const found = await this.platform.lookup(applicationId, userId);
    if (found.kind === 'unknown') throw field(APPLICATION_PROBLEM.unknown);
    if (found.kind === 'user') throw field(APPLICATION_PROBLEM.user);
    if (!found.application.isBot) throw field(APPLICATION_PROBLEM.notBot);
    if (found.ownership === 'refuted') throw new AppError('forbidden', 'The platform says you do not own this application');
    const application = found.application;
    const now = this.writer.clock.now();
    await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`listing:${applicationId}`]);
      if (await listingRepository.listingExists(tx, applicationId)) throw alreadyListed();
      const slug = await this.freeSlug(tx, application);
      const working = this.firstDraft(application, slug);
      // The bot row holds what is known so far (never public before an approval); the working copy what the owner writes.
      await botRepository.insert(
        tx,
        applicationId,
        {
          name: application.name,
          slugs: { de: slug, en: slug },
          shortDescription: { de: working.shortDescription?.en || application.name, en: working.shortDescription?.en || application.name },
          prefix: working.prefix ?? '/',
          pricing: working.pricing ?? 'free',
          iconUrl: application.iconUrl,
          bannerUrl: null,
          inviteUrl: this.platform.inviteUrl(applicationId),
          supportServerUrl: this.platform.inviteUrl(applicationId),
          websiteUrl: this.platform.inviteUrl(applicationId),
          categories: [],
          tags: [],
          owners: [userId],
          isVerified: false,
          published: false,
          platformServerCount: null,
          platformShardCount: null,
        },
        null,
        now,
      );
      // The one who adds it is the first owner of its team (bots.owners above says the same).
      await teamRepository.insert(tx, {
        bot_id: applicationId,
        user_id: userId,
        role: 'owner',
        added_at: now,
        user_name: userName,
        added_by: null,
        invitation_id: null,
      });
      await listingRepository.insert(
        tx,
        {
          ...noSubmission(),
          bot_id: applicationId,
          status: 'draft',
          edit_status: null,
          working,
          long_description: { de: '', en: '' },
          long_description_html: { de: '', en: '' },
          screenshots: [],
          contact_email: null,
          created_by: userId,
          ownership_confirmed: found.ownership === 'confirmed',
          note: null,
        },
        now,
      );
      await auditRepository.record(
        tx,
        { actor: by, action: 'listing.create', botId: applicationId, diff: diffOfNew({ name: application.name }) },
        now,
      );
    });
    return this.get(userId, applicationId);
  }

  /** The listing as its team sees it; 404 without one, 403 for a viewer or anyone not on the team. */
  async get(userId: string, botId: string): Promise<Listing> {
    const listing = isSnowflakeId(botId) ? await listingRepository.find(this.db, botId) : undefined;
    if (!listing) throw AppError.notFound('No listing for that bot');
    await mayEdit(this.db, botId, userId);
    return toListing(listing, await listingRepository.history(this.db, botId, 20));
  }

  /** The listings of the bots whose team the user is on, with their state, newest first. */
  async mine(userId: string): Promise<OwnedListing[]> {
    const rows = await listingRepository.ownedBy(this.db, userId, MAX_OWNED);
    return rows.map((row) => ({
      botId: row.bot_id,
      name: row.working?.name ?? row.name,
      iconUrl: row.working?.iconUrl ?? row.icon_url,
      status: row.status,
      editStatus: row.edit_status ?? 'none',
    }));
  }

  /**
   * Changes fields of the listing. A draft (or one sent back) keeps them in its working copy;
   * an approved listing's edit goes live at once (LISTING_EDITS=live) or waits for review while
   * the approved version stays public (`review`). 422 names each wrong field (the management
   * API's schemas, categories not in the operator's list, reserved or taken slugs, and, for an
   * approved listing, fields left empty);
   * 409 while the listing is submitted, denied or removed.
   */
  async edit(by: UserActor, botId: string, input: unknown): Promise<Listing> {
    const userId = by.id;
    const edit = checkEdit(input, this.categories);
    await this.bans?.assertUserAllowed(userId);
    await this.writer.change(botId, async (tx, listing, now) => {
      await mayEdit(tx, botId, userId);
      const actor = by;
      if (listing.status === 'submitted') throw new AppError('conflict', 'The listing waits for review: withdraw it to change it');
      if (listing.status === 'denied' || listing.status === 'removed')
        throw new AppError('conflict', `A ${listing.status} listing cannot be changed`);
      // Recorded first: whatever refuses the edit below rolls the entry back with it.
      const diff = editDiff(listing, edit);
      if (diff) await auditRepository.record(tx, { actor, action: 'listing.edit', botId, diff }, now);
      if (edit.contactEmail !== undefined) listing.contact_email = edit.contactEmail;
      if (Object.keys(edit).every((field) => field === 'contactEmail')) {
        await listingRepository.save(tx, listing, now);
        return { value: undefined, publicChange: false };
      }
      const current = currentContent(listing);
      const merged = merge(listing.working ?? current, edit);
      await this.writer.checkSlugs(tx, botId, changedSlugs(listing.working ?? current, merged));
      let publicChange = false;
      if (!EDITABLE_LIVE.includes(listing.status)) {
        listing.working = sameContent(merged, current) ? null : merged;
      } else {
        const problems = incomplete(merged);
        if (problems.length > 0) throw AppError.validation(problems);
        const complete = merged as ListingContent;
        const pending = listing.edit_status !== null;
        if (sameContent(complete, current)) {
          listing.working = null;
          if (pending) {
            const step = discardEdit(listing.edit_status!, 'owner');
            Object.assign(listing, noSubmission(), { edit_status: null });
            await this.writer.record(tx, listing, { track: 'edit', step }, actor, now);
          }
        } else if (this.edits === 'live') {
          await this.writer.checkSlugs(tx, botId, complete.slugs);
          await this.writer.apply(tx, listing, complete, now);
          listing.working = null;
          publicChange = listing.status === 'published';
          if (pending) {
            const step = discardEdit(listing.edit_status!, 'owner');
            Object.assign(listing, noSubmission(), { edit_status: null });
            await this.writer.record(tx, listing, { track: 'edit', step }, actor, now);
          }
        } else {
          const step = submitEdit(listing.edit_status ?? 'none', 'owner');
          listing.working = complete;
          Object.assign(listing, newSubmission(userId, now), { edit_status: 'submitted', note: null });
          await this.writer.record(tx, listing, { track: 'edit', step }, actor, now);
        }
      }
      await listingRepository.save(tx, listing, now);
      return { value: undefined, publicChange };
    });
    return this.get(userId, botId);
  }

  /** Sends a draft (or one sent back) to the moderators: every field must be there and valid (422 names the rest). */
  async submit(by: UserActor, botId: string): Promise<Listing> {
    const userId = by.id;
    await this.bans?.assertUserAllowed(userId);
    await this.writer.change(botId, async (tx, listing, now) => {
      await mayEdit(tx, botId, userId);
      const step = submit(listing.status, 'owner');
      const working = listing.working ?? currentContent(listing);
      const problems = incomplete(working);
      if (problems.length > 0) throw AppError.validation(problems);
      const content = working as ListingContent;
      await this.writer.checkSlugs(tx, botId, content.slugs);
      // Not public yet: the bot row takes the version under review, so the management API shows it.
      await this.writer.apply(tx, listing, content, now);
      Object.assign(listing, newSubmission(userId, now), { status: step.to, working: null, note: null });
      await listingRepository.save(tx, listing, now);
      await this.writer.record(tx, listing, { track: 'listing', step }, by, now);
      return { value: undefined, publicChange: false };
    });
    return this.get(userId, botId);
  }

  /** Takes a submission back (it leaves the queue) to change it. */
  async withdraw(by: UserActor, botId: string): Promise<Listing> {
    return this.ownerStep(by, botId, (listing) => withdraw(listing.status, 'owner'));
  }

  /** Takes an approved listing out of view: out of every answer at once. */
  async unlist(by: UserActor, botId: string): Promise<Listing> {
    return this.ownerStep(by, botId, (listing) => unlist(listing.status, 'owner'));
  }

  /** Shows an unlisted listing again, as it was approved. */
  async relist(by: UserActor, botId: string): Promise<Listing> {
    await this.bans?.assertUserAllowed(by.id);
    return this.ownerStep(by, botId, (listing) => relist(listing.status, 'owner'));
  }

  /** Drops the edit that waits for review (or was sent back); the approved version stays. */
  async discardEdit(by: UserActor, botId: string): Promise<Listing> {
    const userId = by.id;
    await this.writer.change(botId, async (tx, listing, now) => {
      await mayEdit(tx, botId, userId);
      const step = discardEdit(listing.edit_status ?? 'none', 'owner');
      Object.assign(listing, noSubmission(), { edit_status: null, working: null });
      await listingRepository.save(tx, listing, now);
      await this.writer.record(tx, listing, { track: 'edit', step }, by, now);
      return { value: undefined, publicChange: false };
    });
    return this.get(userId, botId);
  }

  /** What the working copy changes of the version on the bot (the owner's view of their pending edit). */
  async pendingChanges(userId: string, botId: string): Promise<FieldChange[]> {
    const listing = await listingRepository.find(this.db, botId);
    if (!listing) throw AppError.notFound('No listing for that bot');
    await mayEdit(this.db, botId, userId);
    return listing.working ? changes(currentContent(listing), listing.working) : [];
  }

  /** The long description and screenshots of a published bot, for its page; 404 for any other. */
  async published(botId: string): Promise<PublicListing> {
    const entry = await this.catalog.entry(botId);
    const extras = entry ? await listingRepository.extras(this.db.reads, botId) : undefined;
    if (!extras) throw AppError.notFound();
    return {
      longDescription: { de: renderedMarkdown(extras.long_description_html.de), en: renderedMarkdown(extras.long_description_html.en) },
      screenshots: extras.screenshots,
    };
  }

  private async ownerStep(by: UserActor, botId: string, decide: (listing: ListingWithBot) => ListingStep): Promise<Listing> {
    await this.writer.change(botId, async (tx, listing, now) => {
      await mayEdit(tx, botId, by.id);
      const step = decide(listing);
      const wasPublic = listing.published;
      listing.status = step.to;
      if (step.transition === 'withdraw') Object.assign(listing, noSubmission());
      await this.writer.publishAsState(tx, listing, now);
      await listingRepository.save(tx, listing, now);
      await this.writer.record(tx, listing, { track: 'listing', step }, by, now);
      return { value: undefined, publicChange: wasPublic !== (listing.status === 'published') };
    });
    return this.get(by.id, botId);
  }

  /** The name's slug, or, when another bot has it or it is reserved, the name's slug with the ID. */
  private async freeSlug(tx: Queryable, application: PlatformApplication): Promise<string> {
    const base = slugify(application.name);
    const problems = await this.writer.slugProblems(tx, application.id, { de: base, en: base });
    return problems.length === 0 ? base : `${base}-${application.id}`;
  }

  /** What the owner starts from: the platform's name, icon and description, the invite link, and the usual defaults. */
  private firstDraft(application: PlatformApplication, slug: string): WorkingCopy {
    const description = shortened(application.description, 300);
    return {
      name: application.name,
      slugs: { de: slug, en: slug },
      shortDescription: { de: '', en: description },
      longDescription: { de: '', en: '' },
      prefix: '/',
      pricing: 'free',
      iconUrl: application.iconUrl,
      bannerUrl: null,
      inviteUrl: this.platform.inviteUrl(application.id),
      categories: [],
      tags: [],
      screenshots: [],
    };
  }
}

/** The teams' rule for a listing (teams/permissions.ts): its owners, managers and editors; 403 for viewers and everyone else. */
async function mayEdit(db: Queryable, botId: string, userId: string): Promise<void> {
  assertMay(await teamRepository.roleOf(db, botId, userId), 'listing.edit');
}

function alreadyListed(): AppError {
  return new AppError('conflict', 'This bot is listed already');
}

/**
 * What an edit changes of the version the owner edits (the working copy, else the one on the bot),
 * field by field, the contact address included; null when it changes nothing.
 */
function editDiff(listing: ListingWithBot, edit: ListingEdit): Diff | null {
  const before = { ...(listing.working ?? currentContent(listing)), contactEmail: listing.contact_email };
  return diffOf<ListingEdit>(before, edit, [...CONTENT_FIELDS, 'contactEmail']);
}

/** The slugs of `after` that differ from `before`: the ones to check. */
function changedSlugs(before: WorkingCopy, after: WorkingCopy): Partial<Record<Lang, string>> | undefined {
  if (!after.slugs) return undefined;
  const out: Partial<Record<Lang, string>> = {};
  for (const lang of ['de', 'en'] as const) if (after.slugs[lang] !== before.slugs?.[lang]) out[lang] = after.slugs[lang];
  return out;
}

/** At most `max` characters, cut at a word where one is near. */
function shortened(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
