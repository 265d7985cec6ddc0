/**
 * The key that encrypts webhook secrets (AES-256: 32 bytes), as text: 64 hex characters or
 * base64/base64url of exactly 32 bytes, surrounding whitespace ignored (a key file ends with a
 * newline). Undefined when the text is not such a key. Read for SECRET_KEY here and for the key
 * file by the webhook secret box.
 */
export function decodeSecretKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  // Node's base64 decoder skips junk silently, so check the alphabet first.
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed, 'base64');
    if (key.length === 32) return key;
  }
  return undefined;
}
