import type { Database } from '../../db/index.js';
import { startOfUtcMonth, utcDay, type Clock } from '../../lib/clock.js';
import { offsetOf, page, type Page } from '../../lib/pagination.js';
import { botAdminRepository } from './admin-repository.js';
import { toBot } from './repository.js';
import type { AdminBot, AdminBotListQuery } from './schemas.js';

/** What the operator looks up: every bot, published or not. */
export class BotAdminService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async list(query: AdminBotListQuery): Promise<Page<AdminBot>> {
    const month = utcDay(startOfUtcMonth(this.clock.now()));
    const { published, q, owner } = query;
    const { rows, total } = await botAdminRepository.list(this.db, { published, q, owner }, month, query.limit, offsetOf(query));
    return page(rows.map(toBot), total, query);
  }
}
