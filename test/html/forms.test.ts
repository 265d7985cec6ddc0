import { describe, expect, it } from 'vitest';
import { textField } from '../../src/html/forms.js';

/** The field's attributes, one `name="value"` (or bare name) each, in order. */
function inputOf(markup: string): string[] {
  const input = /<input\s+([^>]*?)\s*\/>/.exec(markup)?.[1] ?? '';
  return input.split(/\s+(?=[a-z-]+(?:=|\s|$))/).map((attribute) => attribute.trim());
}

describe('textField', () => {
  it('ties the hint and the error to the field and marks it invalid', () => {
    const markup = textField('amount', 'amount', 'Amount (EUR)', '12,5', 'Too much', {
      maxlength: 20,
      inputmode: 'decimal',
      required: true,
      hint: 'Between 1 and 500',
    }).value;
    expect(markup).toContain('<label for="amount">Amount (EUR)</label>');
    expect(markup).toContain('<p class="muted" id="amount-hint">Between 1 and 500</p>');
    expect(markup).toContain('<p class="error" id="amount-error">Too much</p>');
    expect(inputOf(markup)).toEqual([
      'type="text"',
      'id="amount"',
      'name="amount"',
      'inputmode="decimal"',
      'maxlength="20"',
      'required',
      'autocomplete="off"',
      'value="12,5"',
      'aria-invalid="true"',
      'aria-describedby="amount-hint amount-error"',
    ]);
  });

  it('describes the field by nothing it lacks, and keeps a pattern and a minimum length', () => {
    const plain = textField('bot', 'bot', 'Bot', undefined, undefined, { maxlength: 20, minlength: 17, pattern: '[0-9]{17,20}' }).value;
    expect(inputOf(plain)).toEqual([
      'type="text"',
      'id="bot"',
      'name="bot"',
      'pattern="[0-9]{17,20}"',
      'minlength="17"',
      'maxlength="20"',
      'autocomplete="off"',
      'value=""',
    ]);
    expect(plain).not.toContain('class="error"');
    const onlyError = textField('bot', 'bot', 'Bot', 'x', 'Not an ID', { maxlength: 20 }).value;
    expect(inputOf(onlyError)).toContain('aria-describedby="bot-error"');
  });

  it('takes an address as a URL field with a placeholder and no spelling marks', () => {
    const markup = textField('hook-url', 'url', 'Address', 'https://example.com/hook', undefined, {
      type: 'url',
      maxlength: 2048,
      required: true,
      placeholder: 'https://',
      spellcheck: false,
    }).value;
    expect(inputOf(markup)).toEqual([
      'type="url"',
      'id="hook-url"',
      'name="url"',
      'maxlength="2048"',
      'required',
      'placeholder="https://"',
      'autocomplete="off"',
      'spellcheck="false"',
      'value="https://example.com/hook"',
    ]);
  });

  it('escapes what the visitor typed and the texts', () => {
    const markup = textField('q', 'q', 'Name <b>', '"><script>alert(1)</script>', '<i>bad</i>', { maxlength: 64, hint: 'a & b' }).value;
    expect(markup).not.toContain('<script>');
    expect(markup).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(markup).toContain('Name &lt;b&gt;');
    expect(markup).toContain('&lt;i&gt;bad&lt;/i&gt;');
    expect(markup).toContain('a &amp; b');
  });
});
