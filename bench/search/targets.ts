/** The relevance targets our engine is held to, judged from one setting's summaries. */
import type { Summary } from './summary.js';

export interface TargetVerdict {
  target: string;
  figure: string;
  /** undefined: cannot be judged in this run (a peer was not run). */
  met: boolean | undefined;
}

/** Mean nDCG@10 to reach: the distractors make the same queries harder. */
const NDCG10_TARGET = { sample: 0.92, distractors: 0.88 } as const;
const JUNK3_TARGET = 0.2;

/** Kinds where ours is not ahead of a peer; a tie counts as ahead only at 1.000, which nobody can beat. */
function behind(ours: Summary, peers: [string, Summary][]): string[] {
  const out: string[] = [];
  for (const [kind, mine] of Object.entries(ours.kinds)) {
    for (const [name, peer] of peers) {
      const theirs = peer.kinds[kind]?.ndcg10 ?? 0;
      if (mine.ndcg10 < theirs || (mine.ndcg10 === theirs && mine.ndcg10 < 1)) out.push(`${kind} (${name} ${theirs.toFixed(3)})`);
    }
  }
  return out;
}

export function judgeTargets(setting: keyof typeof NDCG10_TARGET, summaries: ReadonlyMap<string, Summary>): TargetVerdict[] {
  const ours = summaries.get('ours');
  if (!ours) return [];
  const peers = [...summaries].filter(([name]) => name !== 'ours');
  const lagging = behind(ours, peers);
  return [
    {
      target: `mean nDCG@10 ≥ ${NDCG10_TARGET[setting]}`,
      figure: ours.ndcg10.toFixed(3),
      met: ours.ndcg10 >= NDCG10_TARGET[setting],
    },
    {
      target: 'ahead of every peer on every kind (nDCG@10)',
      figure: peers.length === 0 ? 'no peer run' : lagging.length === 0 ? 'all kinds' : `not on ${lagging.join(', ')}`,
      met: peers.length === 0 ? undefined : lagging.length === 0,
    },
    { target: `mean junk@3 ≤ ${JUNK3_TARGET}`, figure: ours.junk3.toFixed(3), met: ours.junk3 <= JUNK3_TARGET },
    { target: 'no query without results', figure: `${ours.zeroResults} without`, met: ours.zeroResults === 0 },
    { target: 'no unpublished bot returned', figure: `${ours.unpublished} returned`, met: ours.unpublished === 0 },
    {
      target: 'exact: the named bot first',
      figure: `${ours.namedFirst}/${ours.exactQueries}`,
      met: ours.namedFirst === ours.exactQueries,
    },
  ];
}
