/**
 * The order of our keyset lists of things made over time (the delivery log, the bans in force):
 * newest first, and within one instant the larger id first, as `ORDER BY created_at DESC, id DESC`
 * reads them. Things made in the same millisecond have no other order.
 */
export function newestFirst(list: readonly { createdAt: Date | string; id: string }[]): string[] {
  const time = (at: Date | string) => new Date(at).getTime();
  return [...list].sort((a, b) => time(b.createdAt) - time(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((item) => item.id);
}
