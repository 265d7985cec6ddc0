/**
 * Turns a document into postings. Each (term, field) pair is posted once, at the
 * term's first position in that field; each (term, document) pair counts once in the
 * term's document frequency.
 */
import { encodePosting, Field, type FieldCode, isTitleField } from './fields.js';
import { joinedForms, tokenize, type Token } from './normalize.js';
import type { SearchDoc } from './types.js';
import type { Vocabulary } from './vocabulary.js';

/** Calls `emit` for every indexed word form of every field of `doc`. */
export function forEachTerm(doc: SearchDoc, emit: (term: string, field: FieldCode, pos: number) => void): void {
  const emitText = (text: string, field: FieldCode): void => emitTokens(tokenize(text), field, emit);
  emitText(doc.name, Field.name);
  emitText(doc.slugs.en, Field.slugEn);
  emitText(doc.slugs.de, Field.slugDe);
  emitList(doc.tags, Field.tags, emit);
  emitList(doc.categories, Field.categories, emit);
  emitText(doc.shortDescription.en, Field.descriptionEn);
  emitText(doc.shortDescription.de, Field.descriptionDe);
}

/** Tags and categories form one field each; a gap keeps words of different tags apart. */
function emitList(items: readonly string[], field: FieldCode, emit: (t: string, f: FieldCode, p: number) => void): void {
  let pos = 0;
  for (const item of items) {
    const tokens = tokenize(item, pos);
    emitTokens(tokens, field, emit);
    pos += tokens.length + 1;
  }
}

function emitTokens(tokens: Token[], field: FieldCode, emit: (t: string, f: FieldCode, p: number) => void): void {
  for (const token of tokens) {
    emit(token.word.primary, field, token.pos);
    if (token.word.alt) emit(token.word.alt, field, token.pos);
  }
  for (const joined of joinedForms(tokens)) {
    emit(joined.primary, field, joined.pos);
    if (joined.alt) emit(joined.alt, field, joined.pos);
  }
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
