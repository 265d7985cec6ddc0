import type { Category } from '../../config/index.js';
import { TEXTS, type Lang } from '../../html/i18n/index.js';

/**
 * The operator's categories (CATEGORIES) as the pages name them: a category's name in a language,
 * whether it has a page, and the list sorted by name in each language (the locale's collation).
 */
export class CategoryNames {
  private readonly byId: Map<string, Category>;
  private readonly sorted: Record<Lang, Category[]>;

  constructor(categories: readonly Category[]) {
    this.byId = new Map(categories.map((category) => [category.id, category]));
    this.sorted = { en: sortedIn(categories, 'en'), de: sortedIn(categories, 'de') };
  }

  /** Whether the category is one of the operator's (and so has a page). */
  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** The category's name in `lang`; a category the operator does not list, as the bot writes it. */
  label(lang: Lang, id: string): string {
    return this.byId.get(id)?.label[lang] ?? id;
  }

  /** The operator's categories by name in `lang`. */
  all(lang: Lang): readonly Category[] {
    return this.sorted[lang];
  }
}

function sortedIn(categories: readonly Category[], lang: Lang): Category[] {
  const collator = new Intl.Collator(TEXTS[lang].locale);
  return [...categories].sort((a, b) => collator.compare(a.label[lang], b.label[lang]));
}
