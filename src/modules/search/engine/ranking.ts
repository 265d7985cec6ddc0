/**
 * Executes a query plan: gathers candidate documents from the postings, keeps for each
 * (document, query word) its best match, turns that into one sortable number per document,
 * and selects the top `limit` with a bounded heap.
 *
 * Which documents match: every document that matches at least one query word that is not a
 * stop-like word ("bot", "für"); no single word is required, but a document that matches clearly
 * less of the query's weight than the quorum asks is left out (`QUORUM`: a share of the whole
 * query, or of the best document's match when none matches that much), and so is a passing
 * mention: a document that has the query's words only in its descriptions and shares no category
 * with the best document (a music bot that lets you "search songs", for "google search"). A
 * bot's name, tags and categories say what it is about; a sentence names much in passing, and
 * the best match tells which topic the query is in. Ranking is a bucket sort in
 * the spirit of Meilisearch's ranking rules, each criterion deciding only among documents equal
 * on the ones before it (lower is better):
 *
 *   1. the query is the document's full name;
 *   2. words missing: 2 per query word not matched, 1 per word matched only by a part of it
 *      (one half of a split compound; both halves, wherever they are, are the word), stop-like
 *      words not counted;
 *   3. typos, summed over matched words;
 *   4. proximity, summed over consecutive matched words (1 adjacent … 8 far apart);
 *   5. support: for each word, the kinds of fields it is not found in (name and slugs, tags and
 *      categories, descriptions): a bot whose tags and description say "poker" is about poker,
 *      one with "Poker" in its name only may not be;
 *   6. exactness: the best form of each word wherever it is — as typed (or completed in the
 *      name) > inflection > completion > compound > synonym (query language) > synonym (other
 *      language) > part, summed;
 *   7. attribute: the field of each word's best-placed match (name > slug > tags/categories >
 *      description), summed;
 *   8. stop-like words of the query that the document lacks;
 *   9. popularity, in bands that double in size (monthly votes, then servers), so that it only
 *      separates bots of a clearly different reach;
 *  10. id (ascending), so that every order is total and stable.
 */
import { type DocumentStore, POPULARITY_VALUES, popularityBands } from './documents.js';
import { DESCRIPTION_RANK, FIELD_RANK, isLabelField } from './fields.js';
import { MAX_POSTINGS_READ, MAX_QUERY_WORDS } from './limits.js';
import { listOf } from './postings.js';
import type { QueryPlan } from './query-plan.js';
import { type SpanHits, SpanMatcher } from './span-matcher.js';
import type { Lang, QueryWork } from './types.js';
import type { Vocabulary } from './vocabulary.js';
import { Exactness, type TermMatch } from './word-expansion.js';

/**
 * A word's match in one document, packed so that the smaller number is the better match:
 * bit 10 a compound part only, bits 7-9 typos, bits 4-6 field rank, bits 0-3 exactness.
 */
const NONE = 0xffff;
const PART_BIT = 1 << 10;
const FIELD_SHIFT = 4;
const FAR = 8;
/** Proximity of two words that both match labels of a bot. */
const LABELS_NEAR = 2;
const INITIAL_CANDIDATES = 1024;
/**
 * The quorum: the share of the query's weight a candidate must match to be returned. A word
 * weighs its inverse document frequency among the query's candidates (a compound's part half of
 * it), so a word most bots have weighs little: of "social deduction game", a bot that only has
 * "social" and "game" is left out once one has "deduction"; of two words of like weight both are
 * needed once a bot has both, of three two ("youtube upload alerts": a bot that alerts about
 * YouTube uploads without saying "upload" is an answer). The share is of the whole query's weight
 * when some candidate matches that much; when none does, the query is answered in part, and the
 * share is of the best candidate's weight. So of "kick inactive members", where no bot says both,
 * the bot that removes inactive members (the rarer word, most of the weight) is the answer and
 * bots that only kick are noise, while of "typing speed", where neither word carries the
 * quorum alone, a bot with either word is. When the query names a bot, every word is needed.
 */
export const QUORUM = 0.55;
/** Kinds of fields, by field code: the name and slugs, the labels (tags, categories), the descriptions. */
const FIELD_KIND = Uint8Array.from([1, 1, 1, 2, 2, 4, 4]);
/** Number of bits set in a 3-bit kinds value. */
const KINDS_COUNT = Uint8Array.from([0, 1, 1, 2, 1, 2, 2, 3]);
/** Typos one word may have (see typo.ts) and the worst field rank (see fields.ts). */
const MAX_TYPOS = 2;
const MAX_FIELD_RANK = 5;

/** `halves` of a word found in both halves of its split compound. */
const BOTH_HALVES = 3;

/** A packed part match made a match of the whole compound. */
function asCompound(packed: number): number {
  return (packed & ~(PART_BIT | 15)) | Exactness.compound;
}

function packMatch(match: Pick<TermMatch, 'exactness' | 'typos'>): number {
  return (match.exactness === Exactness.part ? PART_BIT : 0) | (match.typos << 7) | match.exactness;
}

/** A query word's best match in one document; `term` is null for a match of several words. */
export interface WordMatch {
  term: string | null;
  typos: number;
  fieldRank: number;
  field: number;
  position: number;
  exactness: number;
}

/** Why the documents of the last query ranked as they did (for the explain endpoint). */
export interface RankExplanation {
  /** Each query word's weight in the quorum (0 for a stop-like word or one that matched nothing). */
  weights: number[];
  /** The query weight a document had to cover to be returned. */
  quorum: number;
  /** The document slot whose categories a document found only in its descriptions had to share (-1: none). */
  topicDoc: number;
  results: { criteria: RankCriteria; covered: number; words: (WordMatch | null)[] }[];
}

/** The decoded criteria of one ranked document (for the explain endpoint). */
export interface RankCriteria {
  fullName: boolean;
  wordsMissing: number;
  typos: number;
  proximity: number;
  kindsMissing: number;
  attribute: number;
  exactness: number;
  stopWordsMissing: number;
  votesBand: number;
  serversBand: number;
}

export class Ranker {
  /**
   * Candidate membership of this query, one bit per document: small enough to stay in
   * the CPU cache while long posting lists of common words are checked against it.
   */
  private member = new Int32Array(0);
  /** Candidate slot of each member document. */
  private slotOf = new Int32Array(0);
  /** Per candidate: document slot, best packed match and its field/position per word. */
  private candidateDoc = new Int32Array(INITIAL_CANDIDATES);
  private best = new Uint16Array(INITIAL_CANDIDATES * MAX_QUERY_WORDS);
  /**
   * The best form of each word's matches, wherever they are (packMatch without the field): a
   * bot that has the word as typed in its description and a synonym in its tags has both.
   */
  private how = new Uint16Array(INITIAL_CANDIDATES * MAX_QUERY_WORDS);
  private where = new Uint16Array(INITIAL_CANDIDATES * MAX_QUERY_WORDS);
  /**
   * The kinds of fields each word was found in whole (FIELD_KIND bits; a compound's part alone
   * does not count): its support in the bot.
   */
  private kinds = new Uint8Array(INITIAL_CANDIDATES * MAX_QUERY_WORDS);
  /**
   * The halves of a split compound each word was found in (bit 1 the head, 2 the tail): a bot
   * with both, wherever they are, has the whole word.
   */
  private halves = new Uint8Array(INITIAL_CANDIDATES * MAX_QUERY_WORDS);
  /** The term of each best match (explained, never ranked on). */
  private bestTerm = new Int32Array(INITIAL_CANDIDATES * MAX_QUERY_WORDS);
  private adjacent = new Uint16Array(INITIAL_CANDIDATES);
  private keys = new Float64Array(INITIAL_CANDIDATES);
  /** Criterion 2 of each candidate. */
  private missingOf = new Uint8Array(INITIAL_CANDIDATES);
  /** The query weight each candidate covers, for the quorum. */
  private coverage = new Float64Array(INITIAL_CANDIDATES);
  /** Keyed candidates whose every matched word is best found in a description (no label has one). */
  private described = new Int32Array(INITIAL_CANDIDATES);
  private describedCount = 0;
  private count = 0;
  /** The word weights and the quorum of the last query (for `explain`). */
  private weights: Float64Array = new Float64Array(0);
  private quorum = 0;
  /** The document whose categories a passing mention lacks (-1: none was looked for), of the last query. */
  private topicDoc = -1;
  /** Per query word: how many candidates have it (its document frequency among them). */
  private having = new Int32Array(MAX_QUERY_WORDS);
  /** Scratch heap of topK. */
  private heap = new Int32Array(64);
  /** Entries per candidate in `best`/`where`: the number of query words. */
  private stride = 1;

  private readonly spans: SpanMatcher;

  constructor(
    private readonly vocab: Vocabulary,
    private readonly store: DocumentStore,
  ) {
    this.spans = new SpanMatcher(vocab);
  }

  /** Returns the best `limit` document slots, best first, and the number of candidates. */
  rank(plan: QueryPlan, lang: Lang, limit: number, work: QueryWork): { slots: number[]; total: number } {
    this.prepare(plan.words.length);
    this.spans.prepare(this.store.capacity);
    const rankOf = FIELD_RANK[lang];
    const spans = plan.spans.map((span) => this.spans.materialise(span, rankOf, work)).filter((s) => s.docs.length > 0);
    const n = plan.words.length;
    const cost = plan.terms.map((terms) => terms.reduce((sum, t) => sum + this.vocab.postingCount(t.term, t.titleOnly), 0));
    for (const s of spans) for (let w = s.span.first; w <= s.span.last; w++) cost[w]! += s.docs.length;
    // Words that match nothing are left out: they would only add the same to every document.
    const active = [...Array(n).keys()].filter((w) => cost[w]! > 0);
    if (!active.some((w) => !plan.stop[w])) return { slots: [], total: 0 };
    // Stop-like words last: they add to documents found by the other words, never find one.
    active.sort((a, b) => Number(plan.stop[a]) - Number(plan.stop[b]) || cost[a]! - cost[b]! || a - b);
    for (const word of active) {
      const create = !plan.stop[word];
      for (const match of plan.terms[word]!) {
        if (work.postingsRead > MAX_POSTINGS_READ) break;
        const base = packMatch(match);
        const half = match.half ?? 0;
        this.collect(listOf(match.term, true), word, match.term, base, half, create, rankOf, work);
        if (!match.titleOnly) this.collect(listOf(match.term, false), word, match.term, base, half, create, rankOf, work);
      }
      for (const s of spans) {
        if (s.span.first <= word && word <= s.span.last) this.collectSpan(s, word, create, rankOf);
      }
    }
    const named = this.store.docsNamed(plan.nameKey);
    const total = this.score(active, plan.stop, named);
    work.candidatesScored += total;
    return { slots: this.topK(limit), total };
  }

  /**
   * Why each of `docs` (document slots returned by the last `rank`) ranked where it did: its
   * criteria and, per query word, its best match. Reads the scratch state of that last query.
   */
  explain(plan: QueryPlan, docs: readonly number[]): RankExplanation {
    const results = docs.map((doc) => {
      const slot = this.slotOf[doc]!;
      const criteria = decodeKey(this.keys[slot]!);
      const words = plan.words.map((_, word): WordMatch | null => {
        const at = slot * this.stride + word;
        const b = this.best[at]!;
        if (b === NONE) return null;
        const term = this.bestTerm[at]!;
        return {
          term: term >= 0 ? this.vocab.terms[term]! : null,
          typos: (b >> 7) & 7,
          fieldRank: (b >> FIELD_SHIFT) & 7,
          field: this.where[at]! >> 7,
          position: this.where[at]! & 127,
          exactness: b & 15,
        };
      });
      return { criteria, covered: this.coverage[slot]!, words };
    });
    return { weights: plan.words.map((_, word) => this.weights[word] ?? 0), quorum: this.quorum, topicDoc: this.topicDoc, results };
  }

  /**
   * Reads one posting list (base segment, then delta) into the candidates; `half` is the half of
   * a split compound its term matches (0: not a part).
   */
  private collect(
    list: number,
    word: number,
    term: number,
    base: number,
    half: number,
    create: boolean,
    rankOf: Uint8Array,
    work: QueryWork,
  ): void {
    const { postings } = this.vocab;
    const from = postings.baseFrom(list);
    const to = postings.baseTo(list);
    this.scan(postings.baseArray, from, to, word, term, base, half, create, rankOf);
    const delta = postings.deltaArray(list);
    const count = postings.deltaCount(list);
    if (delta) this.scan(delta, 0, count, word, term, base, half, create, rankOf);
    work.postingsRead += to - from + count;
  }

  private scan(
    data: Int32Array,
    from: number,
    to: number,
    word: number,
    term: number,
    base: number,
    half: number,
    create: boolean,
    rankOf: Uint8Array,
  ): void {
    // Stop-like words are taken as typed (query-plan.ts): never a compound's half.
    if (create) this.scanCreating(data, from, to, word, term, base, half, rankOf);
    else this.scanExisting(data, from, to, word, term, base, rankOf);
  }

  /** Hot loop for a word that finds documents: every document read becomes a candidate. */
  private scanCreating(
    data: Int32Array,
    from: number,
    to: number,
    word: number,
    term: number,
    base: number,
    half: number,
    rankOf: Uint8Array,
  ): void {
    // Room for every posting of the range, so the loop never reallocates.
    this.ensureCandidates(this.count + (to - from));
    const { member, slotOf, stride, best, how, where, kinds, halves, having, bestTerm, candidateDoc, adjacent } = this;
    let count = this.count;
    // A document's postings in one list are mostly consecutive (name and slugs).
    let lastDoc = -1;
    let slot = -1;
    for (let i = from; i < to; i++) {
      const posting = data[i]!;
      const doc = posting >> 10;
      if (doc !== lastDoc) {
        lastDoc = doc;
        if (member[doc >> 5]! & (1 << (doc & 31))) slot = slotOf[doc]!;
        else {
          slot = count++;
          member[doc >> 5]! |= 1 << (doc & 31);
          slotOf[doc] = slot;
          candidateDoc[slot] = doc;
          adjacent[slot] = 0;
          for (let k = slot * stride, end = k + stride; k < end; k++) {
            best[k] = how[k] = NONE;
            kinds[k] = halves[k] = 0;
          }
        }
      }
      const meta = posting & 1023;
      const packed = base | (rankOf[meta >> 7]! << FIELD_SHIFT);
      const at = slot * stride + word;
      if (half) halves[at]! |= half;
      const seen = how[at]!;
      if (seen === NONE) having[word]!++;
      if (base < seen) how[at] = base;
      if (!(base & PART_BIT)) kinds[at]! |= FIELD_KIND[meta >> 7]!;
      if (packed < best[at]!) {
        best[at] = packed;
        where[at] = meta;
        bestTerm[at] = term;
      }
    }
    this.count = count;
  }

  /** Hot loop for stop-like words: only documents that are already candidates count. */
  private scanExisting(data: Int32Array, from: number, to: number, word: number, term: number, base: number, rankOf: Uint8Array): void {
    const { member, slotOf, stride, best, how, where, kinds, bestTerm } = this;
    let lastDoc = -1;
    // Index into best/where of lastDoc's entry for `word`, -1 if it is no candidate.
    let at = -1;
    for (let i = from; i < to; i++) {
      const posting = data[i]!;
      const doc = posting >> 10;
      if (doc !== lastDoc) {
        lastDoc = doc;
        at = member[doc >> 5]! & (1 << (doc & 31)) ? slotOf[doc]! * stride + word : -1;
      }
      if (at < 0) continue;
      const meta = posting & 1023;
      const packed = base | (rankOf[meta >> 7]! << FIELD_SHIFT);
      if (base < how[at]!) how[at] = base;
      if (!(base & PART_BIT)) kinds[at]! |= FIELD_KIND[meta >> 7]!;
      if (packed < best[at]!) {
        best[at] = packed;
        where[at] = meta;
        bestTerm[at] = term;
      }
    }
  }

  private collectSpan(hits: SpanHits, word: number, create: boolean, rankOf: Uint8Array): void {
    const { span, docs, metas } = hits;
    // Words covered together by one span are adjacent in the document.
    const adjacentBits = ((1 << (span.last - span.first)) - 1) << span.first;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      let slot: number;
      if (this.isCandidate(doc)) slot = this.slotOf[doc]!;
      else if (create) slot = this.newCandidate(doc);
      else continue;
      const meta = metas[i]!;
      const form = packMatch({ exactness: span.exactness, typos: 0 });
      const packed = form | (rankOf[meta >> 7]! << FIELD_SHIFT);
      const at = slot * this.stride + word;
      if (this.how[at] === NONE) this.having[word]!++;
      if (form < this.how[at]!) this.how[at] = form;
      this.kinds[at]! |= FIELD_KIND[meta >> 7]!;
      if (packed < this.best[at]!) {
        this.best[at] = packed;
        this.where[at] = meta;
        this.bestTerm[at] = -1;
      }
      this.adjacent[slot]! |= adjacentBits;
    }
  }

  /**
   * Keys every candidate that meets the quorum (or is named as the query); the others get the
   * key Infinity. Returns how many got a key.
   */
  private score(active: readonly number[], stop: readonly boolean[], fullName: readonly number[]): number {
    const { keys, missingOf, coverage, candidateDoc } = this;
    const { popularity } = this.store;
    const weights = this.wordWeights(active, stop);
    this.weights = weights;
    let least = Infinity;
    let most = 0;
    for (let slot = 0; slot < this.count; slot++) {
      const missing = this.tally(slot, active, stop, weights);
      missingOf[slot] = missing;
      if (missing < least) least = missing;
      if (coverage[slot]! > most) most = coverage[slot]!;
    }
    let whole = 0;
    for (const word of active) whole += weights[word]!;
    let quorum = QUORUM * (most >= QUORUM * whole ? whole : most);
    for (const doc of fullName) {
      if (!this.isCandidate(doc)) continue;
      missingOf[this.slotOf[doc]!] = least;
      coverage[this.slotOf[doc]!] = most;
      quorum = most;
    }
    this.quorum = quorum;
    let keyed = 0;
    let top = -1;
    let topKey = Infinity;
    this.describedCount = 0;
    for (let slot = 0; slot < this.count; slot++) {
      if (coverage[slot]! < quorum) {
        keys[slot] = Infinity;
        continue;
      }
      const key = this.relevanceOf(slot, active, stop) * POPULARITY_VALUES + popularity[candidateDoc[slot]!]!;
      keys[slot] = key;
      keyed++;
      if (key < topKey || (key === topKey && this.better(slot, top))) {
        top = slot;
        topKey = key;
      }
    }
    for (const doc of fullName) {
      if (!this.isCandidate(doc)) continue;
      const slot = this.slotOf[doc]!;
      keys[slot]! -= FULL_NAME_BONUS;
      if (top < 0 || this.better(slot, top)) top = slot;
    }
    // The best candidate names the query's topic by its categories; without one it names none.
    if (top >= 0 && this.store.categories.has(candidateDoc[top]!)) this.topicDoc = candidateDoc[top]!;
    return this.topicDoc >= 0 ? keyed - this.leaveOutPassingMentions() : keyed;
  }

  /**
   * Takes the key of every passing mention (see the file's comment): a candidate found only in
   * descriptions that shares no category with the best candidate. Returns how many it took.
   */
  private leaveOutPassingMentions(): number {
    const { categories } = this.store;
    const { keys, described, candidateDoc, topicDoc } = this;
    let left = 0;
    for (let i = 0; i < this.describedCount; i++) {
      const slot = described[i]!;
      if (categories.share(topicDoc, candidateDoc[slot]!)) continue;
      keys[slot] = Infinity;
      left++;
    }
    return left;
  }

  /**
   * Each query word's weight (0 for a stop-like word), from the number of candidates that have
   * it: ln(1 + documents / having), its inverse document frequency.
   */
  private wordWeights(active: readonly number[], stop: readonly boolean[]): Float64Array {
    const weights = new Float64Array(this.stride);
    for (const word of active) {
      if (!stop[word]) weights[word] = Math.log(1 + this.store.size / Math.max(1, this.having[word]!));
    }
    return weights;
  }

  /**
   * Returns criterion 2 of a candidate: 2 per meaningful word it lacks, 1 per word it has only a
   * part of; keeps the query weight it covers (`coverage`): the weights of the words it has, half
   * for a part. A candidate that has both halves of a split compound, wherever they are, has the
   * whole word: its match becomes a compound match.
   */
  private tally(slot: number, active: readonly number[], stop: readonly boolean[], weights: Float64Array): number {
    const { how, best, halves } = this;
    const base = slot * this.stride;
    let missing = 0;
    let covered = 0;
    for (const word of active) {
      if (stop[word]) continue;
      const at = base + word;
      const form = how[at]!;
      if (form === NONE) missing += 2;
      else if (!(form & PART_BIT)) covered += weights[word]!;
      else if (halves[at] === BOTH_HALVES) {
        how[at] = asCompound(form);
        best[at] = asCompound(best[at]!);
        covered += weights[word]!;
      } else {
        missing++;
        covered += weights[word]! / 2;
      }
    }
    this.coverage[slot] = covered;
    return missing;
  }

  /**
   * Criteria 2–7 of a candidate (see the file's comment) as one number, each criterion a digit
   * of RADIX; criterion 1 starts as "not the full name", criterion 2 is missingOf's. Notes the
   * candidate in `described` when no word of it is found in a label (read by the same loop).
   */
  private relevanceOf(slot: number, active: readonly number[], stop: readonly boolean[]): number {
    const { best, how, stride } = this;
    const base = slot * stride;
    let stopMissing = 0;
    let unsupported = 0;
    let typos = 0;
    let field = 0;
    let exact = 0;
    let mask = 0;
    let labelled = false;
    for (const word of active) {
      const b = best[base + word]!;
      if (stop[word]) {
        if (b === NONE) stopMissing++;
        continue;
      }
      if (b === NONE) continue;
      const form = how[base + word]!;
      unsupported += 3 - KINDS_COUNT[this.kinds[base + word]!]!;
      const rank = (b >> FIELD_SHIFT) & 7;
      typos += (form >> 7) & 7;
      field += rank;
      // A completion in the name is someone typing that name ("tom" → Tombola): it costs nothing.
      const completesName = (form & 15) === Exactness.prefix && rank === 0;
      exact += completesName ? 0 : form & 15;
      mask |= 1 << word;
      if (rank < DESCRIPTION_RANK) labelled = true;
    }
    if (!labelled) this.described[this.describedCount++] = slot;
    let proximity = 0;
    let previous = -1;
    for (let word = 0; mask >> word; word++) {
      if (!(mask & (1 << word))) continue;
      if (previous >= 0) proximity += this.proximity(slot, previous, word);
      previous = word;
    }
    let key = 1;
    key = key * RADIX.missing + this.missingOf[slot]!;
    key = key * RADIX.typos + typos;
    key = key * RADIX.proximity + proximity;
    key = key * RADIX.support + unsupported;
    key = key * RADIX.exactness + exact;
    key = key * RADIX.attribute + field;
    return key * RADIX.stopMissing + stopMissing;
  }

  /**
   * 1 for neighbours in query order, up to 7 further apart in one sentence, 8 reversed far or in
   * different sentences; 2 for two labels, 4 for a label and a sentence.
   */
  private proximity(slot: number, a: number, b: number): number {
    if (b === a + 1 && this.adjacent[slot]! & (1 << a)) return 1;
    const wa = this.where[slot * this.stride + a]!;
    const wb = this.where[slot * this.stride + b]!;
    // Labels (name, slugs, tags, categories) describe the whole bot: two words among them are
    // near one another; a label and a sentence are half far; two sentences as far as can be.
    const labels = Number(isLabelField(wa >> 7)) + Number(isLabelField(wb >> 7));
    if (labels === 2) return LABELS_NEAR;
    if (labels === 1) return FAR / 2;
    if (wa >> 7 !== wb >> 7) return FAR;
    const distance = (wb & 127) - (wa & 127);
    if (distance === 0) return 1;
    return distance > 0 ? Math.min(distance, 7) : Math.min(1 - distance, FAR);
  }

  private topK(limit: number): number[] {
    // A binary heap of candidate slots that keeps the current worst of the best `limit` at
    // its root; `worse(a, b)` is `better(b, a)`.
    const size = Math.min(limit, this.count);
    if (this.heap.length < size) this.heap = new Int32Array(Math.max(size, this.heap.length * 2));
    const { heap, keys } = this;
    let length = 0;
    let slot = 0;
    for (; slot < this.count && length < size; slot++) {
      if (keys[slot] === Infinity) continue;
      let i = length++;
      heap[i] = slot;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.better(heap[parent]!, heap[i]!)) break;
        const t = heap[i]!;
        heap[i] = heap[parent]!;
        heap[parent] = t;
        i = parent;
      }
    }
    if (length === 0) return [];
    for (; slot < this.count; slot++) {
      // Most candidates lose against the root on the key alone.
      if (keys[slot]! > keys[heap[0]!]! || keys[slot] === Infinity || !this.better(slot, heap[0]!)) continue;
      heap[0] = slot;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < length && this.better(heap[top]!, heap[l]!)) top = l;
        if (r < length && this.better(heap[top]!, heap[r]!)) top = r;
        if (top === i) break;
        const t = heap[i]!;
        heap[i] = heap[top]!;
        heap[top] = t;
        i = top;
      }
    }
    const best = Array.from(heap.subarray(0, length)).sort((a, b) => (this.better(a, b) ? -1 : 1));
    return best.map((candidate) => this.candidateDoc[candidate]!);
  }

  private better(a: number, b: number): boolean {
    const ka = this.keys[a]!;
    const kb = this.keys[b]!;
    if (ka !== kb) return ka < kb;
    const { ids } = this.store;
    return ids[this.candidateDoc[a]!]! < ids[this.candidateDoc[b]!]!;
  }

  private newCandidate(doc: number): number {
    if (this.count === this.candidateDoc.length) this.growCandidates();
    const slot = this.count++;
    this.member[doc >> 5]! |= 1 << (doc & 31);
    this.slotOf[doc] = slot;
    this.candidateDoc[slot] = doc;
    for (let i = slot * this.stride, end = i + this.stride; i < end; i++) {
      this.best[i] = this.how[i] = NONE;
      this.kinds[i] = this.halves[i] = 0;
    }
    this.adjacent[slot] = 0;
    return slot;
  }

  /** Starts a query: sizes the per-document scratch arrays and empties the candidate set. */
  private prepare(words: number): void {
    this.stride = Math.max(1, words);
    const capacity = this.store.capacity;
    if (this.slotOf.length < capacity) {
      const size = Math.max(capacity, this.slotOf.length * 2, 1024);
      this.slotOf = new Int32Array(size);
      this.member = new Int32Array((size >> 5) + 1);
    } else this.member.fill(0);
    this.count = 0;
    this.having.fill(0);
    this.weights = new Float64Array(0);
    this.quorum = 0;
    this.topicDoc = -1;
  }

  private isCandidate(doc: number): boolean {
    return (this.member[doc >> 5]! & (1 << (doc & 31))) !== 0;
  }

  /** Makes room for `needed` candidates (never more than there are document slots). */
  private ensureCandidates(needed: number): void {
    const wanted = Math.min(needed, Math.max(this.store.capacity, 1));
    while (this.candidateDoc.length < wanted) this.growCandidates();
  }

  private growCandidates(): void {
    const size = this.candidateDoc.length * 2;
    const grow = <T extends Int32Array | Uint8Array | Uint16Array | Float64Array>(old: T, make: (n: number) => T, n: number): T => {
      const next = make(n);
      next.set(old);
      return next;
    };
    this.candidateDoc = grow(this.candidateDoc, (k) => new Int32Array(k), size);
    this.best = grow(this.best, (k) => new Uint16Array(k), size * MAX_QUERY_WORDS);
    this.how = grow(this.how, (k) => new Uint16Array(k), size * MAX_QUERY_WORDS);
    this.where = grow(this.where, (k) => new Uint16Array(k), size * MAX_QUERY_WORDS);
    this.kinds = grow(this.kinds, (k) => new Uint8Array(k), size * MAX_QUERY_WORDS);
    this.halves = grow(this.halves, (k) => new Uint8Array(k), size * MAX_QUERY_WORDS);
    this.bestTerm = grow(this.bestTerm, (k) => new Int32Array(k), size * MAX_QUERY_WORDS);
    this.adjacent = grow(this.adjacent, (k) => new Uint16Array(k), size);
    this.keys = grow(this.keys, (k) => new Float64Array(k), size);
    this.missingOf = grow(this.missingOf, (k) => new Uint8Array(k), size);
    this.coverage = grow(this.coverage, (k) => new Float64Array(k), size);
    this.described = grow(this.described, (k) => new Int32Array(k), size);
  }
}

/** How many values each criterion of the relevance key can take: its digit's radix. */
const RADIX = {
  fullName: 2,
  missing: 2 * MAX_QUERY_WORDS + 1,
  typos: MAX_TYPOS * MAX_QUERY_WORDS + 1,
  proximity: FAR * MAX_QUERY_WORDS,
  support: 3 * MAX_QUERY_WORDS + 1,
  exactness: (Exactness.part + 1) * MAX_QUERY_WORDS,
  attribute: (MAX_FIELD_RANK + 1) * MAX_QUERY_WORDS,
  stopMissing: MAX_QUERY_WORDS + 1,
  popularity: POPULARITY_VALUES,
} as const;
const DIGITS = Object.keys(RADIX) as (keyof typeof RADIX)[];
if (Object.values(RADIX).reduce((product, radix) => product * radix, 1) > Number.MAX_SAFE_INTEGER) throw new Error('ranking key overflows');
/** What a full-name match takes off a key: one unit of the most significant digit. */
const FULL_NAME_BONUS = DIGITS.slice(1).reduce((product, digit) => product * RADIX[digit], 1);

/** A key's digits, for explaining a ranking. */
function decodeKey(key: number): RankCriteria {
  const digits = {} as Record<keyof typeof RADIX, number>;
  for (let i = DIGITS.length - 1; i >= 0; i--) {
    const radix = RADIX[DIGITS[i]!];
    digits[DIGITS[i]!] = key % radix;
    key = Math.floor(key / radix);
  }
  return {
    fullName: digits.fullName === 0,
    wordsMissing: digits.missing,
    typos: digits.typos,
    proximity: digits.proximity,
    kindsMissing: digits.support,
    attribute: digits.attribute,
    exactness: digits.exactness,
    stopWordsMissing: digits.stopMissing,
    ...popularityBands(digits.popularity),
  };
}
