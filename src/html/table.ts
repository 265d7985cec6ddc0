import { html, type Html } from './html.js';

/**
 * A table in a box of its own that scrolls sideways when the screen is narrower than the table,
 * so that the page itself never does (site.css's `.table`). The box is a region named `label`
 * that takes the focus: a keyboard can scroll it even when no control lies inside.
 */
export function scrollingTable(label: string, table: Html): Html {
  return html`<div class="table" role="region" aria-label="${label}" tabindex="0">${table}</div>`;
}

/** The column headings of a change table, in the page's language. */
export interface ChangeHeadings {
  caption: string;
  field: string;
  before: string;
  after: string;
}

/** One changed field: its name and its values before and after, as the page shows them. */
export interface ChangeRow {
  field: string;
  before: Html | string;
  after: Html | string;
}

/**
 * The one way pages show a change: a row per field with the value before and after (site.css's
 * `table.diff` marks the two columns). Each page decides how a value reads; this holds the shape.
 */
export function changeTable(headings: ChangeHeadings, rows: ChangeRow[]): Html {
  return scrollingTable(
    headings.caption,
    html`<table class="diff">
      <thead>
        <tr>
          <th scope="col">${headings.field}</th>
          <th scope="col">${headings.before}</th>
          <th scope="col">${headings.after}</th>
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (row) =>
            html`<tr>
              <th scope="row">${row.field}</th>
              <td class="before">${row.before}</td>
              <td class="after">${row.after}</td>
            </tr>`,
        )}
      </tbody>
    </table>`,
  );
}
