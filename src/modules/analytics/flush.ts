import type { Queryable } from '../../db/index.js';
import { dayString, type BotDay } from './day-counts.js';
import { TOP_LISTS } from './metrics.js';
import { analyticsRepository, type MonthRow, type SketchRow, type TopsRow } from './repository.js';
import { estimate, mergeSketch } from './sketch.js';

/**
 * One flush in one transaction: the visitor sketches merged under their row locks (and the day's
 * estimate taken from the merge), then the counts added to each bot's month, then the top lists
 * merged. Everything goes in bot and day order, so flushes of several processes lock alike.
 */
export async function writeBatch(tx: Queryable, batch: BotDay[]): Promise<void> {
  batch.sort((a, b) => (a.botId < b.botId ? -1 : a.botId > b.botId ? 1 : a.day - b.day));
  const days = batch.map((entry) => dayString(entry.day));

  const sketches: SketchRow[] = [];
  batch.forEach((entry, i) => entry.sketch && sketches.push({ botId: entry.botId, day: days[i]!, registers: entry.sketch }));
  const visitors = new Map<BotDay, number>();
  if (sketches.length > 0) {
    const stored = await analyticsRepository.lockSketches(tx, sketches);
    for (const row of sketches) {
      const other = stored.get(`${row.botId} ${row.day}`);
      if (other) mergeSketch(row.registers, other);
    }
    await analyticsRepository.saveSketches(tx, sketches);
    batch.forEach((entry) => entry.sketch && visitors.set(entry, estimate(entry.sketch)));
  }

  const months: MonthRow[] = [];
  batch.forEach((entry, i) => {
    const month = `${days[i]!.slice(0, 8)}01`;
    let row = months.at(-1);
    if (!row || row.botId !== entry.botId || row.month !== month) {
      row = {
        botId: entry.botId,
        month,
        counts: entry.counts.map(() => new Array<number>(31).fill(0)),
        visitors: new Array<number>(31).fill(0),
      };
      months.push(row);
    }
    const element = Number(days[i]!.slice(8, 10)) - 1;
    entry.counts.forEach((count, index) => (row.counts[index]![element]! += count));
    row.visitors[element] = visitors.get(entry) ?? 0;
  });
  await analyticsRepository.addMonths(tx, months);

  const tops: TopsRow[] = [];
  batch.forEach((entry, i) => {
    const lists: TopsRow['lists'] = {};
    for (const list of TOP_LISTS) if (entry.tops[list]) lists[list] = entry.tops[list].toJSON();
    if (Object.keys(lists).length > 0) tops.push({ botId: entry.botId, day: days[i]!, lists });
  });
  if (tops.length > 0) await analyticsRepository.mergeTops(tx, tops);
}
