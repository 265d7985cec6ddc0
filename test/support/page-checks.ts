/**
 * Accessibility checks of one page open in Chromium: axe-core's rules, the keyboard (every control
 * reached by Tab, with a focus that can be seen) and horizontal scrolling. Each returns what it
 * found wrong as readable lines; an empty list is a pass.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/* The page's own globals inside page.evaluate (the project compiles without the DOM lib). */
interface Styles {
  outlineStyle: string;
  outlineWidth: string;
  outlineColor: string;
  boxShadow: string;
}
interface Element {
  tagName: string;
  id: string;
  type?: string;
  name?: string;
  disabled?: boolean;
  textContent: string | null;
  dataset: Record<string, string | undefined>;
  checkVisibility(options: { visibilityProperty: boolean }): boolean;
  closest(selector: string): Element | null;
  getAttribute(name: string): string | null;
}
declare const document: {
  documentElement: { scrollWidth: number; clientWidth: number };
  body: { tabIndex: number; focus(): void; removeAttribute(name: string): void };
  activeElement: Element | null;
  querySelectorAll(selector: string): Iterable<Element>;
};
declare function getComputedStyle(element: Element): Styles;
declare const axe: { run(options: object): Promise<{ violations: AxeViolation[] }> };

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a page; axe's `moderate` and `minor` findings are hints. */
const FAILING = new Set(['serious', 'critical']);

/**
 * axe-core's violations of impact serious or critical, one line per element. axe is added to the
 * page as an inline script, which the pages' CSP refuses: the page's context must be made with
 * `bypassCSP: true`.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const { violations } = await page.evaluate(() => axe.run({ resultTypes: ['violations'] }));
  return violations
    .filter((violation) => FAILING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `axe ${violation.impact} ${violation.id} (${violation.help}) at ${node.target.join(' ')}: ` +
          (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' '),
      ),
    );
}

/** The page is no wider than the window (no sideways scrolling). */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  return scrollWidth > clientWidth ? [`scrolls sideways: ${scrollWidth} px of content in ${clientWidth} px`] : [];
}

const INTERACTIVE = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/**
 * Tabs from the top of the page to its end: every visible, enabled control must receive the focus
 * (a radio group once), and each must look different focused: an outline, or a box-shadow it did
 * not have before.
 */
export async function keyboardProblems(page: Page): Promise<string[]> {
  const controls = await page.evaluate((selector) => {
    const found: { key: string; label: string; before: Styles }[] = [];
    let index = 0;
    for (const element of document.querySelectorAll(selector)) {
      if (element.disabled || !element.checkVisibility({ visibilityProperty: true })) continue;
      element.dataset.a11yKey = element.type === 'radio' && element.name ? `radio:${element.name}` : `#${index++}`;
      const { outlineStyle, outlineWidth, outlineColor, boxShadow } = getComputedStyle(element);
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      found.push({
        key: element.dataset.a11yKey,
        label: `<${element.tagName.toLowerCase()}${element.id ? ` id="${element.id}"` : ''}> "${text}"`,
        before: { outlineStyle, outlineWidth, outlineColor, boxShadow },
      });
    }
    // Tab from the top, wherever the address's #fragment put the starting point (focusing the body does).
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
    return found;
  }, INTERACTIVE);

  const problems: string[] = [];
  const reached = new Set<string>();
  for (let presses = 0; presses <= controls.length + 20; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element.tagName === 'BODY') return undefined;
      const { outlineStyle, outlineWidth, outlineColor, boxShadow } = getComputedStyle(element);
      return { key: element.dataset.a11yKey, now: { outlineStyle, outlineWidth, outlineColor, boxShadow } };
    });
    // Past the last control the focus leaves the page (or comes round to the first again).
    if (focused === undefined || (focused.key !== undefined && reached.has(focused.key))) break;
    // Chromium also stops on a scrolling box without controls of its own, which is right: no check.
    if (focused.key === undefined) continue;
    reached.add(focused.key);
    const control = controls.find((c) => c.key === focused.key);
    if (control && !visiblyFocused(control.before, focused.now)) problems.push(`no visible focus on ${control.label}`);
  }
  for (const control of controls) if (!reached.has(control.key)) problems.push(`not reached by Tab: ${control.label}`);
  return [...new Set(problems)];
}

function visiblyFocused(before: Styles, now: Styles): boolean {
  const outline = now.outlineStyle !== 'none' && parseFloat(now.outlineWidth) > 0;
  const outlineChanged =
    outline && (before.outlineStyle === 'none' || before.outlineWidth !== now.outlineWidth || before.outlineColor !== now.outlineColor);
  const shadowChanged = now.boxShadow !== 'none' && now.boxShadow !== before.boxShadow;
  return outlineChanged || shadowChanged;
}
