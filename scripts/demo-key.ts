import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { OPERATOR_TOKEN } from '../src/modules/audit/entry.js';
import { decryptSecret, encryptSecret, loadOrCreateKeyFile } from '../src/modules/webhooks/endpoints/secret-box.js';

const SCOPES = ['votes:read', 'premium:read', 'stats:write'] as const;

interface StoredKey {
  botId: string;
  keyId: string;
  /** The key, encrypted with SECRET_KEY (or the key file): the file alone does not reveal it. */
  box: string;
}

/**
 * The demo's API key for `botId`: the same on every start, kept in `DATA_DIR/demo-key.json`
 * (mode 0600, the key encrypted like webhook secrets). A new one is made only when there is none,
 * it belongs to another bot, or it was revoked; older demo keys are left alone.
 */
export async function demoKey(app: FastifyInstance, botId: string): Promise<string> {
  const file = join(app.config.dataDir, 'demo-key.json');
  const secretKey = app.config.secretKey ?? (await loadOrCreateKeyFile(app.config.secretKeyFile));
  const stored = await readStored(file);
  if (stored?.botId === botId) {
    const live = (await app.services.keys.list(botId)).some((key) => key.id === stored.keyId && key.revokedAt === null);
    if (live) {
      try {
        return decryptSecret(stored.box, secretKey);
      } catch {
        // Another SECRET_KEY: make a new key below.
      }
    }
  }
  const created = await app.services.keys.create(botId, { scopes: [...SCOPES], name: 'demo' }, OPERATOR_TOKEN);
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify({ botId, keyId: created.id, box: encryptSecret(created.key, secretKey) } satisfies StoredKey), {
    mode: 0o600,
  });
  await chmod(temporary, 0o600);
  await rename(temporary, file);
  return created.key;
}

async function readStored(file: string): Promise<StoredKey | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<StoredKey>;
    return typeof parsed.botId === 'string' && typeof parsed.keyId === 'string' && typeof parsed.box === 'string'
      ? (parsed as StoredKey)
      : undefined;
  } catch {
    return undefined;
  }
}
