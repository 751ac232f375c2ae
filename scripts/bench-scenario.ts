// The generated scenarios `npm run bench` times: news-like texts over the built-in word list.
import type { Scenario } from '../wasm/types';

/** A ranking of `n` news-like documents over the built-in word list; deterministic. */
export function benchScenario(n: number): Scenario {
  let state = 0x9e3779b9 ^ n;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  const terms = ['he', 'she', 'his', 'her', 'him', 'woman', 'man', 'mother', 'father', 'girl', 'boy', 'sister', 'brother'];
  const filler = ['the', 'doctor', 'said', 'that', 'team', 'won', 'match', 'engineer', 'nurse', 'city', 'of', 'and', 'a', 'report', 'new', 'in', 'council', 'study', 'found', 'school'];
  const docs = Array.from({ length: n }, (_, i) => {
    const words = Array.from({ length: 20 + Math.floor(random() * 30) }, () => (random() < 0.12 ? pick(terms) : pick(filler)));
    return {
      id: `d${i + 1}`,
      text: `${words.join(' ')}.`,
      label: pick(['female', 'male', 'neutral']),
      relevance: Math.floor(random() * 4),
    };
  });
  return { rankings: [{ name: 'A', docs }] };
}
