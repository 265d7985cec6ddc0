import { describe, expect, it } from 'vitest';
import { html } from '../../src/html/html.js';
import { scrollingTable } from '../../src/html/table.js';

describe('scrollingTable', () => {
  it('puts the table in a region named by the label, escaped, that the keyboard can focus', () => {
    const table = html`<table>
      <tr>
        <td>1</td>
      </tr>
    </table>`;
    expect(scrollingTable('Keys "<b>"', table).value).toBe(
      `<div class="table" role="region" aria-label="Keys &quot;&lt;b&gt;&quot;" tabindex="0">${table.value}</div>`,
    );
  });
});
