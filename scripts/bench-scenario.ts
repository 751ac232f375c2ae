// The generated scenarios `npm run bench` times: news-like texts over the built-in word list.
import { closeSync, openSync, writeSync } from 'node:fs';

import type { Scenario, ScenarioDocument } from '../wasm/types';

/** The documents of a ranking of `n` news-like documents over the built-in word list; deterministic. */
function* benchDocs(n: number): Generator<ScenarioDocument> {
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
  const filler = [
    'the',
    'doctor',
    'said',
    'that',
    'team',
    'won',
    'match',
    'engineer',
    'nurse',
    'city',
    'of',
    'and',
    'a',
    'report',
    'new',
    'in',
    'council',
    'study',
    'found',
    'school',
  ];
  for (let i = 0; i < n; i++) {
    const words = Array.from({ length: 20 + Math.floor(random() * 30) }, () => (random() < 0.12 ? pick(terms) : pick(filler)));
    yield {
      id: `d${i + 1}`,
      text: `${words.join(' ')}.`,
      label: pick(['female', 'male', 'neutral']),
      relevance: Math.floor(random() * 4),
    };
  }
}

/** A ranking of `n` news-like documents over the built-in word list; deterministic. */
export function benchScenario(n: number): Scenario {
  return { rankings: [{ name: 'A', docs: [...benchDocs(n)] }] };
}

/**
 * Writes JSON.stringify(benchScenario(n)) to `path`, byte for byte, a few thousand documents at a
 * time (a million documents are 240 MB of JSON).
 */
export function writeBenchScenario(path: string, n: number): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, '{"rankings":[{"name":"A","docs":[');
    let chunk: string[] = [];
    let first = true;
    for (const doc of benchDocs(n)) {
      chunk.push(JSON.stringify(doc));
      if (chunk.length === 4096) {
        writeSync(fd, (first ? '' : ',') + chunk.join(','));
        first = false;
        chunk = [];
      }
    }
    if (chunk.length) writeSync(fd, (first ? '' : ',') + chunk.join(','));
    writeSync(fd, ']}]}');
  } finally {
    closeSync(fd);
  }
}
