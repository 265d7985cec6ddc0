/**
 * Turns a document into postings. Each (term, field) pair is posted once, at the
 * term's first position in that field; each (term, document) pair counts once in the
 * term's document frequency.
 */
import { encodePosting, Field, type FieldCode, isTitleField } from './fields.js';
import { JoinedRun, scanWords } from './normalize.js';
import type { SearchDoc } from './types.js';
import { STEM_DE, STEM_EN, type Vocabulary } from './vocabulary.js';

/** Stem languages per field code: none for names and slugs, tags and categories both. */
const STEM_LANGS = [0, 0, 0, STEM_EN | STEM_DE, STEM_EN | STEM_DE, STEM_EN, STEM_DE];

type Emit = (term: string, field: FieldCode, pos: number) => void;

/** Calls `emit` for every indexed word form of every field of `doc`. */
export function forEachTerm(doc: SearchDoc, emit: Emit): void {
  emitText(doc.name, Field.name, 0, emit);
  emitText(doc.slugs.en, Field.slugEn, 0, emit);
  emitText(doc.slugs.de, Field.slugDe, 0, emit);
  emitList(doc.tags, Field.tags, emit);
  emitList(doc.categories, Field.categories, emit);
  emitText(doc.shortDescription.en, Field.descriptionEn, 0, emit);
  emitText(doc.shortDescription.de, Field.descriptionDe, 0, emit);
}

/** Tags and categories form one field each; a gap keeps words of different tags apart. */
function emitList(items: readonly string[], field: FieldCode, emit: Emit): void {
  let pos = 0;
  for (const item of items) pos = emitText(item, field, pos, emit) + 1;
}

/** Emits words, their umlaut spellings and joined forms; returns the next position. */
function emitText(text: string, field: FieldCode, startPos: number, emit: Emit): number {
  const run = new JoinedRun();
  let next = startPos;
  scanWords(text, startPos, (word, pos, joinedToPrevious) => {
    emit(word.primary, field, pos);
    if (word.alt) emit(word.alt, field, pos);
    run.push(word, pos, joinedToPrevious, (primary, alt, at) => {
      emit(primary, field, at);
      if (alt) emit(alt, field, at);
    });
    next = pos + 1;
  });
  return next;
}

export class Indexer {
  /** Per term: the (document, field) stamp that last posted it. */
  private fieldSeen = new Int32Array(4096);
  /** Per term: the document stamp that last counted it. */
  private docSeen = new Int32Array(4096);
  private fieldStamp = 0;
  private docStamp = 0;

  constructor(private readonly vocab: Vocabulary) {}

  add(slot: number, doc: SearchDoc): void {
    this.docStamp++;
    let lastField = -1;
    forEachTerm(doc, (term, field, pos) => {
      if (field !== lastField) {
        lastField = field;
        this.fieldStamp++;
      }
      const id = this.vocab.intern(term);
      this.ensureCapacity(id);
      if (this.docSeen[id] !== this.docStamp) {
        this.docSeen[id] = this.docStamp;
        this.vocab.documentAdded(id);
      }
      if (this.fieldSeen[id] !== this.fieldStamp) {
        this.fieldSeen[id] = this.fieldStamp;
        this.vocab.addPosting(id, encodePosting(slot, field, pos), isTitleField(field));
        const langs = STEM_LANGS[field]!;
        if (langs !== 0) this.vocab.joinStemFamilies(id, langs);
      }
    });
  }

  remove(slot: number, doc: SearchDoc): void {
    this.docStamp++;
    forEachTerm(doc, (term) => {
      const id = this.vocab.id(term);
      if (id === undefined || this.docSeen[id] === this.docStamp) return;
      this.docSeen[id] = this.docStamp;
      this.vocab.documentRemoved(id, slot);
    });
  }

  private ensureCapacity(id: number): void {
    if (id < this.docSeen.length) return;
    const size = Math.max(id + 1, this.docSeen.length * 2);
    const docSeen = new Int32Array(size);
    docSeen.set(this.docSeen);
    this.docSeen = docSeen;
    const fieldSeen = new Int32Array(size);
    fieldSeen.set(this.fieldSeen);
    this.fieldSeen = fieldSeen;
  }
}
