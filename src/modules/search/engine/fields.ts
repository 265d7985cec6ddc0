/**
 * Indexed fields and their rank for ranking. A posting stores the field code and the
 * word's position inside the field, so that one entry serves the field and the
 * proximity criteria.
 */
import type { Lang } from './types.js';

export const Field = {
  name: 0,
  slugEn: 1,
  slugDe: 2,
  tags: 3,
  categories: 4,
  descriptionEn: 5,
  descriptionDe: 6,
} as const;
export type FieldCode = (typeof Field)[keyof typeof Field];

/** Positions are capped: proximity beyond a few words is "far" anyway. */
export const MAX_POSITION = 127;

/** A posting packs (document slot, field, position) into one small integer. */
export function encodePosting(doc: number, field: FieldCode, pos: number): number {
  return doc * 1024 + field * 128 + (pos > MAX_POSITION ? MAX_POSITION : pos);
}
export function postingDoc(posting: number): number {
  return (posting / 1024) | 0;
}

/**
 * Field rank per requested language, lower is better: name > slug (requested
 * language) > tags/categories > slug (other language) > description (requested
 * language) > description (other language).
 */
export const FIELD_RANK: Record<Lang, Uint8Array> = {
  en: Uint8Array.from([0, 1, 3, 2, 2, 4, 5]),
  de: Uint8Array.from([0, 3, 1, 2, 2, 5, 4]),
};

/** The rank of the best description in either language: every rank below it is a label's. */
export const DESCRIPTION_RANK = 4;

/** Fields searched by very short prefixes (1–2 letters): the name and its slugs. */
export function isTitleField(field: FieldCode): boolean {
  return field <= Field.slugDe;
}

/** Fields that label a bot (name, slugs, tags, categories), as opposed to its sentences. */
export function isLabelField(field: number): boolean {
  return field <= Field.categories;
}
