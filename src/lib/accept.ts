/**
 * The quality an Accept header gives a media type by naming it exactly (not through `*` ranges),
 * or undefined when it does not name it. Enough for the few explicit choices we offer:
 * JSON errors instead of images, PNG instead of SVG.
 */
export function explicitQuality(accept: string | undefined, type: string): number | undefined {
  if (!accept) return undefined;
  let best: number | undefined;
  for (const range of accept.split(',')) {
    const [media, ...params] = range.trim().toLowerCase().split(';');
    if (media?.trim() !== type) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (Number.isFinite(quality)) best = Math.max(best ?? 0, quality);
  }
  return best;
}

/** True when the client names `preferred` and rates it above every other type it names. */
export function prefers(accept: string | undefined, preferred: string, over: string[]): boolean {
  const quality = explicitQuality(accept, preferred) ?? 0;
  if (quality <= 0) return false;
  return over.every((other) => (explicitQuality(accept, other) ?? 0) < quality);
}
