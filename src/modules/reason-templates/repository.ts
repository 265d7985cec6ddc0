/** The SQL of reason templates. */
import type { Queryable } from '../../db/index.js';
import type { ReasonTemplate } from './schemas.js';

interface TemplateRow {
  id: string;
  title: string;
  body: string;
  created_at: Date;
}

function toTemplate(row: TemplateRow): ReasonTemplate {
  return { id: row.id, title: row.title, body: row.body, createdAt: row.created_at.toISOString() };
}

export const templateRepository = {
  /** Every template by title (index reason_templates_title), at most `limit`. */
  async list(db: Queryable, limit: number): Promise<ReasonTemplate[]> {
    const { rows } = await db.query<TemplateRow>('SELECT id, title, body, created_at FROM reason_templates ORDER BY title LIMIT $1', [
      limit,
    ]);
    return rows.map(toTemplate);
  },

  async find(db: Queryable, id: string): Promise<ReasonTemplate | undefined> {
    const { rows } = await db.query<TemplateRow>('SELECT id, title, body, created_at FROM reason_templates WHERE id = $1', [id]);
    return rows[0] && toTemplate(rows[0]);
  },

  /** Serialises additions until the transaction ends, so that the cap on their number holds under races. */
  async lock(tx: Queryable): Promise<void> {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('reason_templates'))");
  },

  /** How many there are, up to `cap` (the table holds at most a few dozen). */
  async count(db: Queryable, cap: number): Promise<number> {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT 1 FROM reason_templates LIMIT $1) t', [cap]);
    return rows[0]?.n ?? 0;
  },

  /** False when another template has the title. */
  async insert(tx: Queryable, template: ReasonTemplate): Promise<boolean> {
    const { rowCount } = await tx.query(
      'INSERT INTO reason_templates (id, title, body, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (title) DO NOTHING',
      [template.id, template.title, template.body, template.createdAt],
    );
    return (rowCount ?? 0) > 0;
  },

  async delete(db: Queryable, id: string): Promise<boolean> {
    const { rowCount } = await db.query('DELETE FROM reason_templates WHERE id = $1', [id]);
    return (rowCount ?? 0) > 0;
  },
};
