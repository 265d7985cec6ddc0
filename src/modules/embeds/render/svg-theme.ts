import type { Theme } from './types.js';

type PaintProperty = 'fill' | 'stroke' | 'stop-color';

/**
 * Colours for an SVG in one of three modes:
 * - theme 'light' / 'dark': plain presentation attributes, no CSS at all (works in every
 *   renderer, including resvg for the PNG chart);
 * - theme undefined ("follow the viewer"): the light colours as presentation attributes
 *   plus a `<style>` whose `@media (prefers-color-scheme: dark)` rules override them.
 *
 * The class names start with the SVG's own unique id: an inline SVG's `<style>` applies
 * to the whole HTML page, so two badges inlined side by side must not share class names.
 */
export class SvgPaint<Role extends string> {
  private readonly used = new Map<string, { property: PaintProperty; role: Role }>();

  constructor(
    private readonly scope: string,
    private readonly colours: Record<Theme, Record<Role, string>>,
    private readonly theme: Theme | undefined,
  ) {}

  /**
   * Attribute text such as `fill="#eaeef2" class="bdg-1a2b-fill-labelBg"`. Several
   * properties go in one call because an element may carry only one `class` attribute.
   */
  attrs(paints: Partial<Record<PaintProperty, Role>>): string {
    const attributes: string[] = [];
    const classes: string[] = [];
    for (const [property, role] of Object.entries(paints) as [PaintProperty, Role][]) {
      attributes.push(`${property}="${this.colours[this.theme ?? 'light'][role]}"`);
      // A colour that is the same in both themes (one the caller chose) needs no CSS.
      if (this.theme || this.colours.light[role] === this.colours.dark[role]) continue;
      const className = `${this.scope}-${property}-${role}`;
      this.used.set(className, { property, role });
      classes.push(className);
    }
    if (classes.length > 0) attributes.push(`class="${classes.join(' ')}"`);
    return attributes.join(' ');
  }

  /** The `<style>` element; call after all `attrs()` calls. Empty for a fixed theme. */
  style(): string {
    if (this.theme || this.used.size === 0) return '';
    const rules = [...this.used].map(([className, { property, role }]) => `.${className}{${property}:${this.colours.dark[role]}}`).join('');
    return `<style>@media (prefers-color-scheme:dark){${rules}}</style>`;
  }
}
