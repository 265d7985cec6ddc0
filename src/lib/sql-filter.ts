/**
 * A WHERE clause built from optional filters, numbered from any first parameter: the same filter
 * serves a count (parameters from $1) and a page query (after the parameters it already has).
 */
export class SqlFilter {
  private readonly parts: { sql: (n: (value: unknown) => string) => string }[] = [];

  /** Adds `sql` (which names its values through `n(value)`) when `value` is given. */
  when<V>(value: V | undefined, sql: (n: (value: unknown) => string, value: V) => string): this {
    if (value !== undefined) this.parts.push({ sql: (n) => sql(n, value) });
    return this;
  }

  /** `WHERE …` (or '') with its values, numbered from `$first`. */
  build(first = 1): { where: string; values: unknown[] } {
    const values: unknown[] = [];
    const n = (value: unknown): string => {
      values.push(value);
      return `$${first + values.length - 1}`;
    };
    const conditions = this.parts.map((part) => part.sql(n));
    return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', values };
  }
}
