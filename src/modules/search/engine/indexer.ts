/**
 * Turns a document into postings. Each (term, field) pair is posted once, at the
 * term's first position in that field; each (term, document) pair counts once in the
 * term's document frequency. The walk over a document's words allocates no closures
 * and, for plain ASCII words, no strings: it runs millions of times in a bulk load.
 */
import { encodePosting, Field, type FieldCode, isTitleField } from './fields.js';
import { JoinedRun, type ScannedWord, scanWords } from './normalize.js';
import { listOf } from './postings.js';
import type { SearchDoc } from './types.js';
import { STEM_DE, STEM_EN, type Vocabulary } from './vocabulary.js';

/**
 * Stem languages per field code: none for names and slugs; English for tags and categories, which
 * are English slugs in a directory ("welcome-banners" is not a German form of "bannen"); each
 * description its own.
 */
const STEM_LANGS = [0, 0, 0, STEM_EN, STEM_EN, STEM_EN, STEM_DE];

/** Receives (list, posting) pairs: the posting store, or bulkLoad's stream. */
export type PostingSink = (list: number, posting: number) => void;

export class Indexer {
  /** Per term: the (document, field) stamp that last posted it. */
  private fieldSeen = new Int32Array(4096);
  /** Per term: the document stamp that last counted it. */
  private docSeen = new Int32Array(4096);
  private fieldStamp = 0;
  private docStamp = 0;
  /** State of the current walk, kept in fields so the callbacks below are created once. */
  private adding = true;
  private slot = 0;
  private sink: PostingSink;
  private field: FieldCode = Field.name;
  private nextPos = 0;
  private readonly run = new JoinedRun();
  private readonly append: PostingSink;
  private readonly onWord = (word: ScannedWord): void => this.word(word);
  private readonly onJoined = (primary: string, alt: string | undefined, pos: number): void => {
    this.term(primary, pos);
    if (alt) this.term(alt, pos);
  };

  constructor(private readonly vocab: Vocabulary) {
    this.append = (list, posting) => vocab.postings.append(list, posting);
    this.sink = this.append;
  }

  /**
   * Indexes `doc` in `slot`; postings go to `sink`, by default the posting store. A sink given is
   * let go when the walk ends: the bulk load's sink holds its whole posting stream (64 MB at
   * 100,000 bots), which would otherwise live on until some bot's text changes.
   */
  add(slot: number, doc: SearchDoc, sink: PostingSink = this.append): void {
    this.adding = true;
    this.slot = slot;
    this.sink = sink;
    try {
      this.walk(doc);
    } finally {
      this.sink = this.append;
    }
  }

  /** Removes the postings of `doc` (the document as it was indexed) from `slot`. */
  remove(slot: number, doc: SearchDoc): void {
    this.adding = false;
    this.slot = slot;
    this.walk(doc);
  }

  private walk(doc: SearchDoc): void {
    this.docStamp++;
    this.text(doc.name, Field.name, 0);
    this.text(doc.slugs.en, Field.slugEn, 0);
    this.text(doc.slugs.de, Field.slugDe, 0);
    this.list(doc.tags, Field.tags);
    this.list(doc.categories, Field.categories);
    this.text(doc.shortDescription.en, Field.descriptionEn, 0);
    this.text(doc.shortDescription.de, Field.descriptionDe, 0);
  }

  /** Tags and categories form one field each; a gap keeps words of different tags apart. */
  private list(items: readonly string[], field: FieldCode): void {
    let pos = 0;
    for (const item of items) pos = this.text(item, field, pos) + 1;
  }

  /** Emits the words of a text, their umlaut spellings and joined forms; returns the next position. */
  private text(text: string, field: FieldCode, startPos: number): number {
    if (field !== this.field || startPos === 0) this.fieldStamp++;
    this.field = field;
    this.nextPos = startPos;
    this.run.reset();
    scanWords(text, startPos, this.onWord);
    return this.nextPos;
  }

  private word(word: ScannedWord): void {
    if (word.folded) {
      this.term(word.folded.primary, word.pos);
      if (word.folded.alt) this.term(word.folded.alt, word.pos);
    } else {
      const id = this.adding
        ? this.vocab.internRange(word.text, word.start, word.end, word.hash)
        : this.vocab.find(word.text, word.start, word.end, word.hash);
      this.posting(id, word.pos);
    }
    this.run.push(word, this.onJoined);
    this.nextPos = word.pos + 1;
  }

  private term(term: string, pos: number): void {
    this.posting(this.adding ? this.vocab.intern(term) : (this.vocab.id(term) ?? -1), pos);
  }

  private posting(id: number, pos: number): void {
    if (id < 0) return;
    if (!this.adding) {
      if (this.docSeen[id] === this.docStamp) return;
      this.docSeen[id] = this.docStamp;
      this.vocab.documentRemoved(id, this.slot);
      return;
    }
    this.ensureCapacity(id);
    if (this.docSeen[id] !== this.docStamp) {
      this.docSeen[id] = this.docStamp;
      this.vocab.documentAdded(id);
    }
    if (this.fieldSeen[id] !== this.fieldStamp) {
      this.fieldSeen[id] = this.fieldStamp;
      this.sink(listOf(id, isTitleField(this.field)), encodePosting(this.slot, this.field, pos));
      const langs = STEM_LANGS[this.field]!;
      if (langs !== 0) this.vocab.joinStemFamilies(id, langs);
    }
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
