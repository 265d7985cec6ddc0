/**
 * The UTF-8 bytes of a text in memory of their own. `Buffer.from` packs texts under 4 KB into
 * shared 8 KB slabs, and a slab lives while any of its buffers does: a kept answer (a bot's, a
 * cached vote check) would keep alive every short-lived buffer made beside it, dead answers of
 * bots that changed included.
 */
export function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}
