import type { FastifyRequest } from 'fastify';

/**
 * A secret a form has just made (a new API key, a webhook signing secret, an invitation link). The POST keeps it in
 * the encrypted, HTTP-only session cookie and redirects (303); the GET it lands on takes it out
 * again. So the secret is shown exactly once, a reload shows the page without it, and a reload
 * never repeats the POST that made it.
 */
export interface ShownOnce {
  botId: string;
  kind: 'key' | 'secret' | 'invitation';
  value: string;
}

export function keepShownOnce(request: FastifyRequest, shown: ShownOnce): void {
  request.session.set('shownOnce', shown);
}

/** The secret of one of `kinds` waiting for this bot's page (its own page shows it), removed from the session as it is read. */
export function takeShownOnce(request: FastifyRequest, botId: string, kinds: readonly ShownOnce['kind'][]): ShownOnce | undefined {
  const shown = request.session.get('shownOnce');
  if (!shown || shown.botId !== botId || !kinds.includes(shown.kind)) return undefined;
  request.session.set('shownOnce', undefined);
  return shown;
}

declare module '@fastify/secure-session' {
  interface SessionData {
    shownOnce: ShownOnce;
  }
}
