/**
 * Reason templates: the operators keep the reasons they give again and again (a request for
 * changes, a denial, a removal, a report's answer, a ban) and pick one in the console's forms.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { UUID_PATTERN } from '../../lib/keyset.js';
import { templateRepository } from './repository.js';
import { MAX_TEMPLATES, type ReasonTemplate, type ReasonTemplateCreate } from './schemas.js';

export class ReasonTemplateService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Every template, by title. */
  list(): Promise<ReasonTemplate[]> {
    return templateRepository.list(this.db, MAX_TEMPLATES);
  }

  /** The template's text; 404 for none (a form may name one deleted meanwhile). */
  async get(id: string): Promise<ReasonTemplate> {
    const found = UUID_PATTERN.test(id) ? await templateRepository.find(this.db, id) : undefined;
    if (!found) throw AppError.notFound('No reason template with that ID');
    return found;
  }

  /** A new template; 409 when another has the title, 422 beside `title` once there are 50. */
  async create(input: ReasonTemplateCreate): Promise<ReasonTemplate> {
    const title = input.title.trim();
    const body = input.body.trim();
    const blank = [title === '' ? 'title' : undefined, body === '' ? 'body' : undefined].filter((f) => f !== undefined);
    if (blank.length > 0) throw AppError.validation(blank.map((field) => ({ field, message: 'must not be blank' })));
    const template: ReasonTemplate = { id: randomUUID(), title, body, createdAt: this.clock.now().toISOString() };
    await this.db.transaction(async (tx) => {
      await templateRepository.lock(tx);
      if ((await templateRepository.count(tx, MAX_TEMPLATES)) >= MAX_TEMPLATES) {
        throw AppError.validation([{ field: 'title', message: `there are ${MAX_TEMPLATES} templates already: delete one first` }]);
      }
      if (!(await templateRepository.insert(tx, template))) throw new AppError('conflict', 'Another template has this title');
    });
    return template;
  }

  async delete(id: string): Promise<void> {
    if (!UUID_PATTERN.test(id) || !(await templateRepository.delete(this.db, id)))
      throw AppError.notFound('No reason template with that ID');
  }
}
