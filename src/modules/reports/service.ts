/**
 * Reports: any signed-in user reports a published bot (a reason from the list and their words), at
 * most 5 in any 24 hours and one open report per bot; the operator resolves each with an answer,
 * which the reporter finds on their reports page (marked new until they have seen it).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { decodePosition, keysetPage, UUID_PATTERN } from '../../lib/keyset.js';
import type { OperatorActor } from '../audit/entry.js';
import { auditRepository } from '../audit/repository.js';
import type { BanCheck } from '../bans/service.js';
import type { PublishedBots } from '../bots/catalog.js';
import { reportRepository, toReport, type ReportWithBot } from './repository.js';
import type { Report, ReportCreate, ReportList, ReportListQuery, ReportResolve } from './schemas.js';

/** Reports one user may make in any 24 hours. */
export const REPORTS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The reports a reporter's page shows. */
const REPORTER_PAGE = 50;

/** Who reports: the signed-in user. */
export interface Reporter {
  id: string;
  name: string;
}

/** A report as its reporter sees it: with the bot's slugs (for its link) and whether its answer is new to them. */
export interface OwnReport {
  report: Report;
  slugs: { de: string; en: string };
  newAnswer: boolean;
}

export class ReportService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly catalog: PublishedBots,
    private readonly bans: BanCheck,
  ) {}

  /**
   * A user's report of a published bot: 404 for any other bot, 403 for a banned user, 429 once 5
   * were made in the last 24 hours (`Retry-After`: when the oldest of them leaves the window), 409
   * while the user's earlier report of the bot is open.
   */
  async create(reporter: Reporter, botId: string, input: ReportCreate): Promise<Report> {
    const details = input.details.trim();
    if (details === '') throw AppError.validation([{ field: 'details', message: 'must not be blank' }]);
    await this.bans.assertUserAllowed(reporter.id);
    if (!(await this.catalog.entry(botId))) throw AppError.notFound();
    const now = this.clock.now();
    const id = randomUUID();
    await this.db.transaction(async (tx) => {
      await reportRepository.lockReporter(tx, reporter.id);
      const made = await reportRepository.madeSince(tx, reporter.id, new Date(now.getTime() - DAY_MS), REPORTS_PER_DAY);
      if (made.length >= REPORTS_PER_DAY) {
        const again = new Date(made[0]!.getTime() + DAY_MS);
        const seconds = Math.max(1, Math.ceil((again.getTime() - now.getTime()) / 1000));
        throw new AppError('rate_limited', `At most ${REPORTS_PER_DAY} reports in 24 hours`, undefined, {
          'retry-after': String(seconds),
        }).because({ kind: 'report_limit', max: REPORTS_PER_DAY });
      }
      const inserted = await reportRepository.insert(tx, {
        id,
        bot_id: botId,
        reporter_id: reporter.id,
        reporter_name: reporter.name,
        reason: input.reason,
        details,
        created_at: now,
      });
      if (!inserted) {
        throw new AppError('conflict', 'Your earlier report of this bot is still open').because({ kind: 'report_open' });
      }
    });
    return this.get(id);
  }

  async get(id: string): Promise<Report> {
    const row = UUID_PATTERN.test(id) ? await reportRepository.find(this.db, id) : undefined;
    if (!row) throw AppError.notFound('No report with that ID');
    return toReport(row);
  }

  /** A page of the open reports (oldest first) or of the resolved ones (latest decision first); `next` continues it. */
  async list(query: ReportListQuery): Promise<ReportList> {
    const after = query.after === undefined ? undefined : decodePosition(query.after, UUID_PATTERN);
    if (query.status === 'open') {
      const rows = await reportRepository.openQueue(this.db, after, query.limit + 1);
      return keysetPage(rows, query.limit, (row) => ({ at: row.created_at, id: row.id }), toReport);
    }
    const rows = await reportRepository.resolved(this.db, after, query.limit + 1);
    return keysetPage(rows, query.limit, (row) => ({ at: row.resolved_at!, id: row.id }), toReport);
  }

  /**
   * Resolves an open report with the answer its reporter is shown, recorded in the audit log in
   * the same transaction; 404 for none, 409 once resolved.
   */
  async resolve(id: string, input: ReportResolve, by: OperatorActor): Promise<Report> {
    const answer = input.answer.trim();
    if (answer === '') throw AppError.validation([{ field: 'answer', message: 'must not be blank' }]);
    const found = await this.get(id);
    const now = this.clock.now();
    const done = await this.db.transaction(async (tx) => {
      if (!(await reportRepository.resolve(tx, id, { resolution: input.resolution, answer, by: by.id, at: now }))) return false;
      await auditRepository.record(
        tx,
        {
          actor: by,
          action: 'report.resolve',
          botId: found.botId,
          target: id,
          diff: { status: { before: 'open', after: 'resolved' }, resolution: { before: null, after: input.resolution } },
          note: answer,
        },
        now,
      );
      return true;
    });
    if (!done) throw new AppError('conflict', `The report was ${found.status === 'resolved' ? 'resolved already' : 'resolved meanwhile'}`);
    return this.get(id);
  }

  /** How many answers to the user's reports they have not seen yet (the dashboard says so), at most 50. */
  newAnswers(reporterId: string): Promise<number> {
    return reportRepository.unseenAnswers(this.db, reporterId, REPORTER_PAGE);
  }

  /**
   * The user's latest reports, newest first (of one bot, with `botId`). Answers not seen before are
   * marked new in this answer and seen from now on: showing them is how the reporter is told.
   */
  async own(reporterId: string, botId?: string): Promise<OwnReport[]> {
    const rows = await reportRepository.byReporter(this.db, reporterId, REPORTER_PAGE, botId);
    const unseen = rows.filter((row) => row.status === 'resolved' && row.seen_at === null);
    await reportRepository.markSeen(
      this.db,
      unseen.map((row) => row.id),
      this.clock.now(),
    );
    return rows.map((row: ReportWithBot) => ({ report: toReport(row), slugs: row.bot_slugs, newAnswer: unseen.includes(row) }));
  }
}
