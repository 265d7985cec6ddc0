import { hash } from 'node:crypto';

/**
 * A strong ETag of a body. Quoted by `JSON.stringify`, which makes one flat string (a template
 * literal makes a chain of concatenated strings, and a tag is kept for every bot listed).
 */
export function etagOf(body: string | Buffer): string {
  return JSON.stringify(hash('sha1', body, 'base64url'));
}

/** What stands for an EncodedJson in the text `JSON.stringify` makes: a NUL never appears unescaped in JSON. */
export const PART_MARK = '\u0000';

/**
 * What `toJSON` does during the `JSON.stringify` under way (it runs to its end synchronously):
 * collect the part and leave a mark, or decode it (`encode`'s rare fallback). Outside an encoding
 * an EncodedJson refuses to be stringified: only the answer module encodes answers.
 */
let stringifying: { parts: EncodedJson[]; decode: boolean } | undefined;

/** `JSON.stringify(value)`, and the EncodedJson parts met on the way (marked with PART_MARK, or decoded). */
export function stringifyWithParts(value: unknown, decode: boolean): { json: string; parts: EncodedJson[] } {
  stringifying = { parts: [], decode };
  try {
    return { json: JSON.stringify(value) ?? 'null', parts: stringifying.parts };
  } finally {
    stringifying = undefined;
  }
}

/**
 * JSON already encoded, as bytes: sent as it is when it is a whole answer, copied in where it is
 * part of one (a bot inside a list page). The catalog keeps each published bot this way, once.
 */
export class EncodedJson {
  private tag: string | undefined;

  constructor(
    /** The bytes this JSON is a part of (all of them when `from` and `to` are left out). */
    readonly body: Buffer,
    private readonly from = 0,
    private readonly to = body.length,
    /** A tag that changes whenever these bytes do (a part may carry its whole's); hashed when first asked for. */
    tag?: string,
  ) {
    this.tag = tag;
  }

  get length(): number {
    return this.to - this.from;
  }

  /** Whether this is the whole of `body`, so the bytes can be sent without a copy. */
  get whole(): boolean {
    return this.from === 0 && this.to === this.body.length;
  }

  get etag(): string {
    return (this.tag ??= etagOf(this.whole ? this.body : this.body.subarray(this.from, this.to)));
  }

  /** Copies the JSON into `target` at `at`; answers where it ends. */
  copyTo(target: Buffer, at: number): number {
    return at + this.body.copy(target, at, this.from, this.to);
  }

  /** The JSON value between `from` and `to` of these bytes, carrying this one's tag. */
  part(from: number, to: number): EncodedJson {
    return new EncodedJson(this.body, this.from + from, this.from + to, this.etag);
  }

  /** The JSON text. */
  toString(): string {
    return this.body.toString('utf8', this.from, this.to);
  }

  toJSON(): unknown {
    if (!stringifying) throw new Error('an EncodedJson is encoded by the answer module only');
    if (stringifying.decode) return JSON.parse(this.toString());
    stringifying.parts.push(this);
    return PART_MARK;
  }
}
