/**
 * What every change of a listing does, whoever makes it: one transaction with the bot row locked,
 * the step recorded (who, what, when, why, from where) and told to the owner (the `listing`
 * webhook event; for a moderator's decision a notice, e-mailed to the owner's address), the bot
 * row and its publication written together with the listing's state, and the change announced
 * on the change feed when anything public changed (the freshness rule: gone from, or shown in,
 * every answer of every process at once).
 */
import type { Database, Queryable } from '../../db/index.js';
import { markdown } from '../../html/markdown.js';
import { startOfUtcMonth, utcDay, type Clock } from '../../lib/clock.js';
import { AppError, type FieldError } from '../../lib/errors.js';
import { LANGS, type Lang } from '../../lib/langs.js';
import { botRepository } from '../bots/repository.js';
import type { BotWrite } from '../bots/schemas.js';
import { slugHistoryRepository } from '../bots/slug-history-repository.js';
import type { OperatorActor, UserActor } from '../audit/entry.js';
import { auditRepository } from '../audit/repository.js';
import type { Changes } from '../changes/change.js';
import { recordEvent } from '../webhooks/delivery/outbox.js';
import { notificationRepository } from '../webhooks/notifications/repository.js';
import type { ListingEventPayload } from './event.js';
import { isPublic, type ActorKind, type EditStep, type ListingStep } from './lifecycle.js';
import { decisionEmail } from './notice-texts.js';
import { listingRepository, type ListingWithBot } from './repository.js';
import type { ListingContent } from './schemas.js';
import { isReserved } from './slugs.js';

/** Who acts on a listing, and from where: a user of the bot's dashboard; the operator in the console or with the token. */
export type ListingActor = UserActor | OperatorActor;

/** The lifecycle's side of an actor: a user of the dashboard acts as the owner. */
export function sideOf(actor: ListingActor): ActorKind {
  return actor.kind === 'user' ? 'owner' : 'operator';
}

/** The words of a slug refusal, in the API's English; pages compare them to show their own. */
export const SLUG_PROBLEM = {
  taken: 'is taken by another bot',
  reserved: 'is a reserved word',
  /** Another bot had it before a rename: its old address still leads there (bot_slug_history). */
  former: "is another bot's former slug and still leads to it",
} as const;

export interface WriterOptions {
  db: Database;
  clock: Clock;
  feed: Changes;
  /** E-mail is configured (SMTP_URL): decisions are e-mailed to owners who gave an address. */
  email: boolean;
  /** Where the owner manages the listing, for the e-mail. */
  dashboardUrl: string;
}

/** A step to record: on the listing's state or on the review of an edit. */
export type Recorded = { track: 'listing'; step: ListingStep } | { track: 'edit'; step: EditStep };

export class ListingWriter {
  private readonly noticeListeners = new Set<() => void>();

  constructor(private readonly options: WriterOptions) {}

  get clock(): Clock {
    return this.options.clock;
  }

  /**
   * Called after a transaction left an e-mail to send (the workers send it at once rather than at
   * their next sweep); answers a function that stops it.
   */
  whenNoticed(listener: () => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  /**
   * Runs `fn` on the locked listing in one transaction. `fn` answers whether anything public
   * changed (then the bot's profile change is announced) and whether a notice is owed by e-mail.
   */
  async change<T>(
    botId: string,
    fn: (tx: Queryable, listing: ListingWithBot, now: Date) => Promise<{ value: T; publicChange: boolean; emailed?: boolean }>,
  ): Promise<T> {
    const now = this.options.clock.now();
    const done = await this.options.feed.commit(
      this.options.db,
      (result: { publicChange: boolean }) => (result.publicChange ? { kind: 'bot', botId, aspect: 'profile' } : undefined),
      async (tx) => {
        const listing = await listingRepository.lock(tx, botId);
        if (!listing) throw AppError.notFound('No listing for that bot');
        return fn(tx, listing, now);
      },
    );
    if (done.emailed) for (const listener of this.noticeListeners) listener();
    return done.value;
  }

  /**
   * Records the step (the listing's transitions and the audit log) and tells the owner: the webhook
   * event always, a notice (e-mailed when they gave an address) when the operator decided. Answers
   * whether an e-mail is owed.
   */
  async record(tx: Queryable, listing: ListingWithBot, recorded: Recorded, actor: ListingActor, now: Date): Promise<boolean> {
    const { track, step } = recorded;
    await listingRepository.recordTransition(tx, {
      botId: listing.bot_id,
      transition: step.transition,
      track,
      from: step.from,
      to: step.to,
      actor: sideOf(actor),
      actorId: actor.id,
      via: actor.via,
      note: step.note,
      at: now,
    });
    await auditRepository.record(
      tx,
      {
        actor,
        action: 'listing.transition',
        botId: listing.bot_id,
        target: track === 'edit' ? `edit.${step.transition}` : step.transition,
        diff: { [track === 'edit' ? 'editStatus' : 'status']: { before: step.from, after: step.to } },
        note: step.note,
      },
      now,
    );
    const payload: ListingEventPayload = {
      status: listing.status,
      editStatus: listing.edit_status ?? 'none',
      transition: step.transition,
      edit: track === 'edit',
      reason: step.note,
    };
    await recordEvent(tx, { botId: listing.bot_id, type: 'listing', payload: { ...payload }, createdAt: now });
    if (actor.kind !== 'operator') return false;
    const mail = decisionEmail({
      transition: step.transition,
      edit: track === 'edit',
      botName: listing.name,
      note: step.note,
      dashboardUrl: this.options.dashboardUrl,
    });
    const emailed = this.options.email && listing.contact_email !== null;
    await notificationRepository.insert(
      tx,
      { botId: listing.bot_id, kind: 'listing', message: mail.text, details: { ...payload } },
      now,
      emailed,
      emailed ? { to: listing.contact_email as string, subject: mail.subject } : undefined,
    );
    return emailed;
  }

  /**
   * Writes `content` to the bot row (published or not, as the listing's state says) and the
   * listing's own public fields (the long description as written and as HTML). The row in memory
   * follows, so that what is recorded afterwards names the bot as it is now.
   */
  async apply(tx: Queryable, listing: ListingWithBot, content: ListingContent, now: Date): Promise<void> {
    await this.writeBot(tx, listing.bot_id, content, isPublic(listing.status), now);
    listing.long_description = { ...content.longDescription };
    listing.long_description_html = { de: markdown(content.longDescription.de).value, en: markdown(content.longDescription.en).value };
    listing.screenshots = [...content.screenshots];
    listing.name = content.name;
  }

  /** Shows or hides the bot as the listing's state says, leaving its text as it is. */
  async publishAsState(tx: Queryable, listing: ListingWithBot, now: Date): Promise<void> {
    const row = await this.botRow(tx, listing.bot_id);
    const published = isPublic(listing.status);
    if (row.published === published) return;
    await botRepository.update(tx, listing.bot_id, { ...writeOf(row), published }, row.published_at ?? (published ? now : null), now);
  }

  /**
   * Refuses slugs that are reserved words, another bot's slug in that language, or one another
   * bot had before a rename (its old address leads to it); the checks hold until the transaction ends.
   */
  async checkSlugs(tx: Queryable, botId: string, slugs: Partial<Record<Lang, string>> | undefined): Promise<void> {
    const problems = await this.slugProblems(tx, botId, slugs);
    if (problems.length > 0) throw AppError.validation(problems);
  }

  /** What is wrong with the slugs (reserved, another bot's in that language now or before); empty when nothing is. */
  async slugProblems(tx: Queryable, botId: string, slugs: Partial<Record<Lang, string>> | undefined): Promise<FieldError[]> {
    const problems: FieldError[] = [];
    if (!slugs) return problems;
    for (const lang of LANGS) {
      const slug = slugs[lang];
      if (slug === undefined) continue;
      if (isReserved(slug)) {
        problems.push({ field: `slugs.${lang}`, message: SLUG_PROBLEM.reserved });
        continue;
      }
      await listingRepository.lockSlug(tx, lang, slug);
      if (await listingRepository.slugHolder(tx, lang, slug, botId)) {
        problems.push({ field: `slugs.${lang}`, message: SLUG_PROBLEM.taken });
        continue;
      }
      const former = await slugHistoryRepository.find(tx, lang, slug);
      if (former !== undefined && former !== botId) problems.push({ field: `slugs.${lang}`, message: SLUG_PROBLEM.former });
    }
    return problems;
  }

  private async writeBot(tx: Queryable, botId: string, content: ListingContent, published: boolean, now: Date): Promise<void> {
    const row = await this.botRow(tx, botId);
    const write: BotWrite = {
      ...writeOf(row),
      name: content.name,
      slugs: content.slugs,
      shortDescription: content.shortDescription,
      prefix: content.prefix,
      pricing: content.pricing,
      iconUrl: content.iconUrl,
      bannerUrl: content.bannerUrl,
      inviteUrl: content.inviteUrl,
      supportServerUrl: content.supportServerUrl,
      websiteUrl: content.websiteUrl,
      categories: content.categories,
      tags: content.tags,
      published,
    };
    await botRepository.update(tx, botId, write, row.published_at ?? (published ? now : null), now);
    // A bot that has been public keeps its old addresses, leading to it, as a rename by the management API does.
    if (row.published_at !== null) await slugHistoryRepository.record(tx, botId, row.slugs, content.slugs, now);
  }

  private async botRow(tx: Queryable, botId: string) {
    const row = await botRepository.findById(tx, botId, utcDay(startOfUtcMonth(this.options.clock.now())), false);
    if (!row) throw AppError.notFound('No bot with that application ID');
    return row;
  }
}

/** A stored bot in the shape of a full write. */
function writeOf(row: NonNullable<Awaited<ReturnType<typeof botRepository.findById>>>): BotWrite {
  return {
    name: row.name,
    slugs: row.slugs,
    shortDescription: row.short_description,
    prefix: row.prefix,
    pricing: row.pricing,
    iconUrl: row.icon_url,
    bannerUrl: row.banner_url,
    inviteUrl: row.invite_url,
    supportServerUrl: row.support_server_url,
    websiteUrl: row.website_url,
    categories: row.categories,
    tags: row.tags,
    owners: row.owners,
    isVerified: row.is_verified,
    published: row.published,
    platformServerCount: row.platform_server_count,
    platformShardCount: row.platform_shard_count,
  };
}
