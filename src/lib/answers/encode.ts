import { EncodedJson, etagOf, PART_MARK, stringifyWithParts } from './encoded-json.js';

/** A value turned into the bytes of an answer, not yet written anywhere (the store decides where). */
export interface Encoding {
  readonly length: number;
  readonly etag: string;
  /** Writes the bytes into `target`, from its start. */
  writeInto(target: Buffer): void;
  /** The bytes, when they exist already (a Buffer, a whole EncodedJson): sent without a copy. */
  readonly bytes?: Buffer;
}

const MARK_JSON = JSON.stringify(PART_MARK);

/**
 * The bytes of an answer: a Buffer or a string as it is (images, pages), an EncodedJson as it is,
 * anything else as JSON, with every EncodedJson inside it copied in where it stands.
 */
export function encode(value: unknown): Encoding {
  if (Buffer.isBuffer(value))
    return { length: value.length, etag: etagOf(value), bytes: value, writeInto: (target) => void value.copy(target) };
  if (typeof value === 'string') return text(value);
  if (value instanceof EncodedJson) {
    return {
      length: value.length,
      etag: value.etag,
      bytes: value.whole ? value.body : undefined,
      writeInto: (target) => void value.copyTo(target, 0),
    };
  }
  const { json, parts } = stringifyWithParts(value, false);
  if (parts.length === 0) return text(json);
  const pieces = json.split(MARK_JSON);
  // A string that was a lone NUL would read as a mark: then the parts are decoded and all encoded again.
  return pieces.length === parts.length + 1 ? spliced(pieces, parts) : text(stringifyWithParts(value, true).json);
}

function text(value: string): Encoding {
  return { length: Buffer.byteLength(value), etag: etagOf(value), writeInto: (target) => void target.write(value) };
}

/**
 * JSON whose EncodedJson parts are copied in: nothing of them is decoded or encoded again. The
 * ETag hashes the text around the parts and the parts' own tags, which change whenever their
 * bytes do (for a page of bots, a tenth of hashing the page).
 */
function spliced(pieces: string[], parts: EncodedJson[]): Encoding {
  let length = 0;
  let tags = '';
  for (let i = 0; i < pieces.length; i++) {
    length += Buffer.byteLength(pieces[i]!);
    tags += pieces[i]!;
    if (i < parts.length) {
      length += parts[i]!.length;
      tags += parts[i]!.etag;
    }
  }
  return {
    length,
    etag: etagOf(tags),
    writeInto(target) {
      let at = 0;
      for (let i = 0; i < pieces.length; i++) {
        at += target.write(pieces[i]!, at);
        if (i < parts.length) at = parts[i]!.copyTo(target, at);
      }
    },
  };
}
