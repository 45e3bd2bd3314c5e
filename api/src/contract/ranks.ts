// Ranks (issue 43, decision 063): within a race, on net time, finishers only (a withheld result, a
// DNF, DNS or DQ has no rank); overall, within the runner's gender and within their category.
// Equal times share a rank and the next takes its place in the count: 1, 1, 3.

export interface RankInput {
  id: number;
  race: number;
  finisher: boolean;
  netTenths: number | null;
  gender: string;
  category: string;
}

export interface Ranks {
  rankOverall: number | null;
  rankGender: number | null;
  rankCategory: number | null;
}

/** Competition ranks of the ranked entries of each group, by the group's key. */
function rankWithin<T extends RankInput>(entries: T[], key: (e: T) => string): Map<number, number> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const k = key(entry);
    let group = groups.get(k);
    if (!group) groups.set(k, (group = []));
    group.push(entry);
  }
  const ranks = new Map<number, number>();
  for (const group of groups.values()) {
    group.sort((a, b) => a.netTenths! - b.netTenths!);
    let rank = 0;
    group.forEach((entry, i) => {
      if (i === 0 || entry.netTenths !== group[i - 1].netTenths) rank = i + 1;
      ranks.set(entry.id, rank);
    });
  }
  return ranks;
}

/** Every entry's ranks, by id: null for one not ranked. */
export function rankResults(entries: readonly RankInput[]): Map<number, Ranks> {
  const ranked = entries.filter((e) => e.finisher && e.netTenths !== null);
  const overall = rankWithin(ranked, (e) => String(e.race));
  const byGender = rankWithin(
    ranked.filter((e) => e.gender !== ''),
    (e) => `${e.race}|${e.gender}`,
  );
  const byCategory = rankWithin(ranked, (e) => `${e.race}|${e.category}`);
  return new Map(
    entries.map((e) => [
      e.id,
      {
        rankOverall: overall.get(e.id) ?? null,
        rankGender: byGender.get(e.id) ?? null,
        rankCategory: byCategory.get(e.id) ?? null,
      },
    ]),
  );
}
