import { describe, expect, it } from 'vitest';
import { rankResults, type RankInput } from './ranks';

const shuffled = <T>(items: T[]) => [...items].sort(() => Math.random() - 0.5);
let next = 1;
const runner = (netTenths: number | null, gender = 'female', category = 'F 30–39', finisher = true, race = 1): RankInput => ({
  id: next++,
  race,
  finisher,
  netTenths,
  gender,
  category,
});

describe('ranks on net time', () => {
  it('lets equal times share a rank and skips the next (1, 1, 3)', () => {
    const [a, b, c, d] = [runner(30000), runner(30000), runner(30010), runner(29990)];
    const ranks = rankResults(shuffled([a, b, c, d]));
    expect([d, a, b, c].map((r) => ranks.get(r.id)!.rankOverall)).toEqual([1, 2, 2, 4]);
  });

  it('ranks finishers only: DNF, DNS, DQ and withheld results (not finishers here) have none', () => {
    const [first, dnf, dq] = [runner(40000), runner(null, 'female', 'F 30–39', false), runner(35000, 'female', 'F 30–39', false)];
    const ranks = rankResults(shuffled([first, dnf, dq]));
    expect(ranks.get(first.id)).toEqual({ rankOverall: 1, rankGender: 1, rankCategory: 1 });
    expect(ranks.get(dnf.id)).toEqual({ rankOverall: null, rankGender: null, rankCategory: null });
    expect(ranks.get(dq.id)).toEqual({ rankOverall: null, rankGender: null, rankCategory: null });
  });

  it('ranks by gender and by category within each race apart', () => {
    const man = runner(30000, 'male', 'M 40–49');
    const woman = runner(31000, 'female', 'F 30–39');
    const olderWoman = runner(32000, 'female', 'F 40–49');
    const otherRace = runner(10000, 'female', 'F 30–39', true, 2);
    const ranks = rankResults(shuffled([man, woman, olderWoman, otherRace]));
    expect(ranks.get(man.id)).toEqual({ rankOverall: 1, rankGender: 1, rankCategory: 1 });
    expect(ranks.get(woman.id)).toEqual({ rankOverall: 2, rankGender: 1, rankCategory: 1 });
    expect(ranks.get(olderWoman.id)).toEqual({ rankOverall: 3, rankGender: 2, rankCategory: 1 });
    expect(ranks.get(otherRace.id)).toEqual({ rankOverall: 1, rankGender: 1, rankCategory: 1 });
  });
});
