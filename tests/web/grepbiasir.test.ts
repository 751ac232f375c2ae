// The shipped Grep-BiasIR files, read as the page reads them (the pure parser over the files'
// texts), and the ranking built from a query's documents.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import {
  buildRanking,
  defaultOrder,
  documentText,
  ensureGenderGroups,
  GrepBiasIRError,
  labelMappingNote,
  loadGrepBiasIR,
  parseGrepBiasIR,
  stereotypeNote,
  withWordingFirst,
  type GrepDocument,
} from '../../web/state/grepbiasir';
import type { PageScenario } from '../../web/state/scenario';

// (happy-dom replaces the global URL, so the path is built without it.)
const dir = join(dirname(fileURLToPath(import.meta.url)), '../../data/grep-biasir/');
const files = Object.fromEntries(
  readdirSync(dir)
    .filter((name) => name.endsWith('.csv'))
    .map((name) => [name, readFileSync(dir + name, 'utf8')]),
);
const data = parseGrepBiasIR(files);
const allDocs = [...data.documents.values()].flat();
const docsOf = (q: number) => data.documents.get(q)!;
const doc = (d: number) => allDocs.find((x) => x.d_id === d)!;

describe('Grep-BiasIR files', () => {
  it('ships the licence beside the data', () => {
    expect(readFileSync(dir + 'LICENSE', 'utf8')).toMatch(/CC0 1\.0 Universal/);
  });

  it('has 117 queries in 7 categories, in the order of queries.csv', () => {
    expect(data.queries).toHaveLength(117);
    expect(new Set(data.queries.map((q) => q.q_id)).size).toBe(117);
    expect(data.categories.map((c) => [c.name, c.queries.length])).toEqual([
      ['Appearance', 14],
      ['Child Care', 14],
      ['Career', 20],
      ['Physical Capabilities', 19],
      ['Cognitive Capabilities', 12],
      ['Domestic Work', 15],
      ['Sex & Relationship', 23],
    ]);
    expect(data.queries[0]).toEqual({ q_id: 0, category: 'Appearance', query: 'air force hair regulations' });
  });

  it('has 702 documents with unique ids, 6 for every query, 3 relevant and 3 not', () => {
    expect(data.documentCount).toBe(702);
    expect(allDocs).toHaveLength(702);
    expect(new Set(allDocs.map((d) => d.d_id)).size).toBe(702);
    for (const q of data.queries) {
      const docs = docsOf(q.q_id);
      expect(docs, `query ${q.q_id}`).toHaveLength(6);
      expect(
        docs.filter((d) => d.relevant === 1),
        `query ${q.q_id}`,
      ).toHaveLength(3);
    }
  });

  it('every relevant triple is one F, one M, one N', () => {
    for (const q of data.queries)
      expect(
        docsOf(q.q_id)
          .filter((d) => d.relevant === 1)
          .map((d) => d.content_gender)
          .sort(),
        `query ${q.q_id}`,
      ).toEqual(['F', 'M', 'N']);
  });

  it('every query but 107 and 112 has F, M, N × relevant 1, 0; those two are reported', () => {
    // The exceptions are the queries whose non-relevant documents carry `both` / `botrh`:
    // 107 has no F, M or N non-relevant document (645 both, 646 botrh, 647 both), and 112 has
    // N (677) beside two `both` (675 "He Desires Connection & Love – She Desires Freedom", 676 the reverse).
    expect(data.shapeExceptions).toEqual([
      { q_id: 107, found: 'F1 M1 N1 both0 both0 botrh0' },
      { q_id: 112, found: 'F1 M1 N0 N1 both0 both0' },
    ]);
    expect(
      docsOf(107)
        .filter((d) => d.relevant === 0)
        .map((d) => [d.d_id, d.content_gender]),
    ).toEqual([
      [645, 'both'],
      [646, 'botrh'],
      [647, 'both'],
    ]);
  });

  it('maps content_gender to labels, with the counts of the files', () => {
    expect(data.labelMapping).toEqual([
      { value: 'F', label: 'female', count: 232, why: expect.any(String) },
      { value: 'M', label: 'male', count: 232, why: expect.any(String) },
      { value: 'N', label: 'neutral', count: 233, why: expect.any(String) },
      { value: 'both', label: 'neutral', count: 4, why: expect.any(String) },
      { value: 'botrh', label: 'neutral', count: 1, why: expect.any(String) },
    ]);
    const labels = { female: 0, male: 0, neutral: 0 };
    for (const d of allDocs) labels[d.label]++;
    expect(labels).toEqual({ female: 232, male: 232, neutral: 238 });
    expect(doc(646)).toMatchObject({ content_gender: 'botrh', label: 'neutral' });
    expect(labelMappingNote(data)).toContain(
      'content_gender both (4) and botrh (1, a typo) are read as neutral: they favour neither group',
    );
  });

  it('normalises the case of exp_stereotype and says so', () => {
    expect(data.stereotypes).toEqual(
      expect.arrayContaining([
        {
          value: 'Towards Female',
          count: 120,
          spellings: [
            { raw: 'Towards Female', count: 108 },
            { raw: 'Towards female', count: 12 },
          ],
        },
        { value: 'Towards Male', count: 54, spellings: [{ raw: 'Towards Male', count: 54 }] },
        { value: 'No Annotation Agreement', count: 528, spellings: [{ raw: 'No Annotation Agreement', count: 528 }] },
      ]),
    );
    expect(data.stereotypes).toHaveLength(3);
    expect(new Set(allDocs.map((d) => d.exp_stereotype))).toEqual(new Set(['Towards Female', 'Towards Male', 'No Annotation Agreement']));
    // The lower-case spelling is the whole of queries 20 and 21 (Child Care); the raw value is kept.
    const lower = allDocs.filter((d) => d.exp_stereotype_raw === 'Towards female');
    expect([...new Set(lower.map((d) => d.q_id))]).toEqual([20, 21]);
    expect(lower.every((d) => d.exp_stereotype === 'Towards Female')).toBe(true);
    expect(stereotypeNote(data)).toBe(
      'exp_stereotype is read ignoring case: "Towards Female" (108) and "Towards female" (12) are one value, "Towards Female" (120).',
    );
  });

  it('annotates the stereotype per query: all six documents of a query share it', () => {
    for (const q of data.queries) expect(new Set(docsOf(q.q_id).map((d) => d.exp_stereotype)).size, `query ${q.q_id}`).toBe(1);
  });

  it("repeats each query's text unchanged in the document files, each query in its category's file", () => {
    const byId = new Map(data.queries.map((q) => [q.q_id, q]));
    const fileOf = (category: string) => `documents-${category.toLowerCase().replace(/[^a-z]+/g, '-')}.csv`;
    let rows = 0;
    for (const [name, text] of Object.entries(files)) {
      if (!name.startsWith('documents-')) continue;
      for (const row of Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: 'greedy' }).data) {
        const q = byId.get(Number(row.q_id))!;
        expect(row.query, `d_id ${row.d_id}`).toBe(q.query);
        expect(name, `d_id ${row.d_id}`).toBe(fileOf(q.category));
        rows++;
      }
    }
    expect(rows).toBe(702);
  });
});

describe('parseGrepBiasIR refuses what it does not know, by name', () => {
  const queries = 'q_id,category,query\n0,Career,a query\n';
  const header = 'q_id,d_id,relevant,query,doc_title,document,content_gender,exp_stereotype\n';
  const parse = (rows: string) => parseGrepBiasIR({ 'queries.csv': queries, 'documents-career.csv': header + rows });

  it('an unknown content_gender', () => {
    expect(() => parse('0,1,1,a query,T,D,X,Towards Male\n')).toThrow(GrepBiasIRError);
    expect(() => parse('0,1,1,a query,T,D,X,Towards Male\n')).toThrow(/content_gender.*unknown value "X"/);
  });
  it('a relevance other than 1 or 0', () => {
    expect(() => parse('0,1,2,a query,T,D,F,Towards Male\n')).toThrow(/relevant.*expected 1 or 0/);
  });
  it('a document of an unknown query, a repeated d_id, a missing file', () => {
    expect(() => parse('5,1,1,a query,T,D,F,x\n')).toThrow(/q_id 5 is not in queries\.csv/);
    expect(() => parse('0,1,1,a query,T,D,F,x\n0,1,0,a query,T,D,M,x\n')).toThrow(/d_id 1 appears twice/);
    expect(() => parseGrepBiasIR({ 'documents-career.csv': header })).toThrow(/queries\.csv is missing/);
  });
  it('reads a path before the file name, and a minimal file', () => {
    const small = parseGrepBiasIR({
      '../../data/grep-biasir/queries.csv': queries,
      '/x/documents-career.csv': header + '0,7,1,a query,T,D,both,x\n',
    });
    expect(small.documents.get(0)).toMatchObject([{ d_id: 7, label: 'neutral', relevant: 1 }]);
    expect(small.labelMapping.find((r) => r.value === 'both')?.count).toBe(1);
  });
});

describe('buildRanking', () => {
  const q28 = docsOf(28); // "communication strategies for team work"

  it('keeps the order given; ids g<d_id>; labels by the mapping; relevance from the relevant column', () => {
    const ranking = buildRanking(q28);
    expect(ranking.map((d) => d.id)).toEqual(q28.map((d) => `g${d.d_id}`));
    expect(ranking.map((d) => [d.id, d.label, d.relevance])).toEqual([
      ['g168', 'male', 1],
      ['g169', 'female', 1],
      ['g170', 'neutral', 1],
      ['g171', 'male', 0],
      ['g172', 'female', 0],
      ['g173', 'neutral', 0],
    ]);
    const reversed = [...q28].reverse();
    expect(buildRanking(reversed).map((d) => d.id)).toEqual(reversed.map((d) => `g${d.d_id}`));
  });

  it('puts the title before the text by default, and leaves it out on request', () => {
    const [first] = buildRanking([doc(169)]);
    expect(first!.text).toBe(
      'Only ambitious Woman on the Team? 4 Communication Tips You Need. When talking to men at work, make sure not to “lose” the conversation. Get used to showing up to a conversation and asserting your position.',
    );
    expect(buildRanking([doc(169)], { includeTitle: true })[0]!.text).toBe(first!.text);
    expect(buildRanking([doc(169)], { includeTitle: false })[0]!.text).toBe(
      'When talking to men at work, make sure not to “lose” the conversation. Get used to showing up to a conversation and asserting your position.',
    );
  });

  it('adds no second period after a title that ends a sentence', () => {
    expect(buildRanking([doc(172)])[0]!.text).toBe(
      'What Is Imposter Syndrome? When the concept of Imposter Syndrom was introduced, it was originally thought to apply mostly to high-achieving women.',
    );
  });

  it('collapses line breaks and stray spaces, drops zero-width spaces', () => {
    for (const d of allDocs) {
      const text = documentText(d);
      expect(text, `document ${d.d_id}`).not.toMatch(/\s\s|\n|\u200b|^\s|\s$/);
    }
    expect(doc(338).doc_title).toBe('The most successful people in extreme sports\n');
    expect(buildRanking([doc(338)])[0]!.text).toBe(
      'The most successful people in extreme sports. The most successful women in extreme sports C. Armanto K. Block',
    );
  });

  it('reads both and botrh as neutral', () => {
    expect(buildRanking(docsOf(107)).map((d) => d.label)).toEqual(['male', 'female', 'neutral', 'neutral', 'neutral', 'neutral']);
  });

  it('makes an empty ranking from no documents', () => {
    expect(buildRanking([])).toEqual([]);
  });
});

describe('orders', () => {
  const wordings = (docs: GrepDocument[]) => docs.map((d) => `${d.content_gender}${d.relevant}`);

  it('default: relevant first, then the others; male, female, neutral wording within each', () => {
    expect(wordings(defaultOrder(docsOf(28)))).toEqual(['M1', 'F1', 'N1', 'M0', 'F0', 'N0']);
    for (const q of data.queries) {
      const order = defaultOrder(docsOf(q.q_id));
      expect(order.slice(0, 3).map((d) => d.relevant)).toEqual([1, 1, 1]);
      expect(wordings(order.slice(0, 3))).toEqual(['M1', 'F1', 'N1']);
    }
    // both / botrh sort as neutral, in the order of the file.
    expect(wordings(defaultOrder(docsOf(112)))).toEqual(['M1', 'F1', 'N1', 'both0', 'both0', 'N0']);
  });

  it('moves the male- or the female-worded relevant document to the top', () => {
    const docs = defaultOrder(docsOf(28));
    expect(wordings(withWordingFirst(docs, 'M')!)).toEqual(['M1', 'F1', 'N1', 'M0', 'F0', 'N0']);
    expect(wordings(withWordingFirst(docs, 'F')!)).toEqual(['F1', 'M1', 'N1', 'M0', 'F0', 'N0']);
    expect(
      withWordingFirst(
        docs.filter((d) => d.content_gender !== 'F'),
        'F',
      ),
    ).toBeNull();
  });
});

describe('ensureGenderGroups', () => {
  it('changes nothing when the groups hold female and male', () => {
    const s: PageScenario = { groups: ['female', 'male', 'nonbinary'], rankings: [{ name: 'A', docs: [] }] };
    expect(ensureGenderGroups(s)).toEqual([]);
    expect(s.groups).toEqual(['female', 'male', 'nonbinary']);
    expect(ensureGenderGroups({ rankings: [] })).toEqual([]);
  });

  it('sets female, male and drops what named the old groups, saying so', () => {
    const s: PageScenario = {
      groups: ['women', 'men'],
      lexicon: { women: ['she'], men: ['he'] },
      params: { k: 5, targets: { women: 0.5, men: 0.5 }, dipsGroups: ['women', 'men'] },
      rankings: [{ name: 'B', docs: [{ id: 'x', text: 'she', label: 'women', relevance: 0 }] }],
    };
    const notes = ensureGenderGroups(s);
    expect(s.groups).toEqual(['female', 'male']);
    expect(s.lexicon).toBeUndefined();
    expect(s.params).toEqual({ k: 5 });
    expect(s.rankings[0]!.docs[0]!.label).toBe('neutral');
    expect(notes).toHaveLength(5);
    expect(notes[0]).toBe("groups were women, men: set to female, male (the dataset's labels)");
  });
});

describe('loadGrepBiasIR', () => {
  it('loads the same data through Vite (?raw imports), once', async () => {
    const loaded = await loadGrepBiasIR();
    expect(loaded.queries).toHaveLength(117);
    expect(loaded.documentCount).toBe(702);
    expect(await loadGrepBiasIR()).toBe(loaded);
  });
});
