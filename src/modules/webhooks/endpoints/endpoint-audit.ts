/**
 * What the audit log says of a bot's webhook endpoints: which settings a write changed, whether it
 * switched the endpoint on again, whether it replaced the secret. The secret itself never goes in
 * (nor a Discord URL's token: the log is shown to the whole team).
 */
import { diffOf, diffOfNew, type Actor, type AuditEntry, type Diff } from '../../audit/entry.js';
import { redactUrl } from './discord-url.js';
import type { StoredWebhook } from './repository.js';

const LOGGED = ['url', 'enabled', 'events', 'format', 'language'] as const;
type Logged = Pick<StoredWebhook, (typeof LOGGED)[number]>;

/** An endpoint's settings as the log shows them. */
export function loggedSettings(hook: StoredWebhook): Logged {
  return { url: redactUrl(hook.url), enabled: hook.enabled, events: hook.events, format: hook.format, language: hook.language };
}

/**
 * The entries of one write of an endpoint: `webhook.create` with its settings; else the settings
 * it changed, as `webhook.enable` when it switched the endpoint on again and `webhook.update`
 * otherwise (nothing when nothing changed); and `webhook.rotate_secret` when it gave an existing
 * endpoint a new secret.
 */
export function writeEntries(existing: StoredWebhook | undefined, stored: StoredWebhook, secretSet: boolean, actor: Actor): AuditEntry[] {
  const base = { actor, botId: stored.botId, target: stored.id };
  if (!existing) return [{ ...base, action: 'webhook.create', diff: diffOfNew({ ...loggedSettings(stored) }) }];
  const entries: AuditEntry[] = [];
  const diff: Diff | null = diffOf<Logged>(loggedSettings(existing), loggedSettings(stored), LOGGED);
  if (diff) entries.push({ ...base, action: !existing.enabled && stored.enabled ? 'webhook.enable' : 'webhook.update', diff });
  if (secretSet) entries.push({ ...base, action: 'webhook.rotate_secret' });
  return entries;
}
