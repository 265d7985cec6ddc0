#!/usr/bin/env bash
# The SDK as a user gets it: `npm pack`, installed into an empty folder, then imported (ESM and
# CommonJS), type-checked (both module kinds) and used against the service at $1.
set -euo pipefail
base_url=${1:?usage: scripts/sdk-pack-check.sh BASE_URL}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

tarball=$(cd "$root" && npm pack --workspace @bot-directory/sdk --pack-destination "$work" --silent | tail -n 1)
echo "packed $tarball ($(du -k "$work/$tarball" | cut -f1) kB)"
# A file, not a pipe: grep -q stops reading early, and tar's SIGPIPE would fail the pipeline.
tar -tzf "$work/$tarball" > "$work/files"
grep -q 'package/dist/cjs/index.js' "$work/files"
grep -q 'package/dist/esm/webhooks/index.d.ts' "$work/files"
if grep -qE 'package/(src|test|docs)/' "$work/files"; then echo "the tarball holds sources, tests or docs"; exit 1; fi

mkdir "$work/consumer" && cd "$work/consumer"
npm init -y >/dev/null
# Its one dependency comes from the npm cache when it is there.
npm install --prefer-offline --no-audit --no-fund --silent "$work/$tarball"

cat > esm.mjs <<'JS'
import { createHmac } from 'node:crypto';
import { BotDirectory, BotDirectoryError } from '@bot-directory/sdk';
import { verifyWebhook } from '@bot-directory/sdk/webhooks';
const directory = new BotDirectory({ baseUrl: process.argv[2] });
const { data, pagination } = await directory.bots.list({ limit: 1 });
if (!Array.isArray(data) || pagination.limit !== 1) throw new Error('unexpected bot list');
const missing = await directory.bots.get('1').catch((error) => error);
if (!(missing instanceof BotDirectoryError) || missing.status !== 404) throw new Error(`expected a 404 BotDirectoryError, got ${missing}`);
const body = '{"event":"test"}', at = Math.floor(Date.now() / 1000);
const signature = createHmac('sha256', 'whsec_x').update(`${at}.${body}`).digest('hex');
if (!verifyWebhook(body, { 'x-service-timestamp': String(at), 'x-service-signature': signature }, 'whsec_x').ok) throw new Error('verify failed');
console.log(`ESM: listed ${pagination.total} bots, 404 as BotDirectoryError, webhook verified`);
JS
cat > cjs.cjs <<'JS'
const { BotDirectory } = require('@bot-directory/sdk');
const { createWebhookHandler } = require('@bot-directory/sdk/webhooks');
if (typeof createWebhookHandler !== 'function') throw new Error('no createWebhookHandler');
new BotDirectory({ baseUrl: process.argv[2] }).search('bot', { limit: 1 }).then((result) => console.log(`CommonJS: search answered ${result.total} hits`));
JS
cat > consumer.mts <<'TS'
import { BotDirectory, type Bot } from '@bot-directory/sdk';
import { webhookMiddleware, type VoteEvent } from '@bot-directory/sdk/webhooks';
const bot: Promise<Bot> = new BotDirectory({ baseUrl: 'http://x' }).bots.get('1');
webhookMiddleware({ secret: 's', onVote: (vote: VoteEvent) => vote.flagged });
export { bot };
TS
cat > consumer.cts <<'TS'
import sdk = require('@bot-directory/sdk');
const count: Promise<number> = new sdk.BotDirectory({ baseUrl: 'http://x' }).bots.get('1').then((bot) => bot.serverCount);
export = count;
TS
node esm.mjs "$base_url"
node cjs.cjs "$base_url"
node "$root/node_modules/typescript/bin/tsc" --noEmit --strict --module nodenext --moduleResolution nodenext --skipLibCheck false \
  --typeRoots "$root/node_modules/@types" --types node consumer.mts consumer.cts
echo "types: ESM and CommonJS consumers type-check"
