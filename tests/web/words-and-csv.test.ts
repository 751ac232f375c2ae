// Messages in words (web/state/messages.ts), the results CSV's formula neutralising
// (web/state/import.ts), and ids kept as the core reads them (web/state/scenario.ts).
import Papa from 'papaparse';
import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';

import { ScenarioError } from '../../wasm/errors';
import type { Scenario } from '../../wasm/types';
import { neutraliseCell, toCsv } from '../../web/state/import';
import { blameTheEdit, pathSteps, refusalInWords, refusalLine, warningAsRefusal } from '../../web/state/messages';
import { toPageScenario } from '../../web/state/scenario';

const scenario = {
  rankings: [
    { name: 'Left', docs: [] },
    { name: 'Right', docs: [] },
  ],
};

describe('refusals in words', () => {
  test('a document field: ranking name, 1-based document number, the field, then the core’s message', () => {
    expect(refusalInWords({ field: 'rankings[0].docs[1].relevance', message: 'must be a finite number, got 1e999' }, scenario)).toEqual({
      text: 'Left, document 2: relevance must be a finite number, got 1e999',
      detail: 'rankings[0].docs[1].relevance',
    });
    expect(
      refusalLine({ field: 'rankings[1].docs[0].label', message: "unknown label 'x'; expected neutral or one of female, male" }, scenario),
    ).toBe("Right, document 1, label: unknown label 'x'; expected neutral or one of female, male (rankings[1].docs[0].label)");
  });

  test('"got null" (the page sends a number field left empty as null) is said as an empty field', () => {
    expect(refusalInWords({ field: 'rankings[0].docs[1].relevance', message: 'must be a finite number, got null' }, scenario)).toEqual({
      text: 'Left, document 2: relevance is empty or not a number; it must be a finite number',
      detail: 'rankings[0].docs[1].relevance',
    });
    expect(refusalLine({ field: 'params.k', message: 'must be a whole number of at least 1, got null' }, scenario)).toBe(
      'Parameters: cut-off k is empty or not a number; it must be a whole number of at least 1 (params.k)',
    );
    // A field the page has no words for (the experiments' settings): its own name.
    expect(refusalLine({ field: 'repetitions', message: 'must be a whole number of at least 1, got null' }, null)).toBe(
      'repetitions is empty or not a number; it must be a whole number of at least 1',
    );
    // Only a null the core got: other values, and messages of another form, as the core says them.
    expect(refusalLine({ field: 'repetitions', message: 'must be a whole number of at least 1, got 0' }, null)).toBe(
      'repetitions: must be a whole number of at least 1, got 0',
    );
    expect(refusalInWords({ field: 'rankings[1].name', message: 'got null where a string belongs' }, scenario).text).toBe(
      'Right, name: got null where a string belongs',
    );
    // A null where no number belongs (a file's or a link's): not an empty number field.
    expect(refusalLine({ field: 'params.ndklTarget', message: 'must be a string, got null' }, scenario)).toBe(
      'Parameters: NDKL D* must be a string, got null (params.ndklTarget)',
    );
    expect(refusalLine({ field: 'scenario', message: 'must be an object, got null' }, null)).toBe('scenario: must be an object, got null');
  });

  test('the core’s warnings in words: the place their path names, then what they say; one that names no place as it is', () => {
    const words = (warning: string) => refusalLine(warningAsRefusal(warning), scenario);
    expect(words('rankings[1].docs[0].text contains typographic quotes, dashes or no-break spaces')).toBe(
      'Right, document 1: text contains typographic quotes, dashes or no-break spaces (rankings[1].docs[0].text)',
    );
    expect(words('rankings[0].docs[2].text and 3 more texts contain typographic quotes')).toBe(
      'Left, document 3: text and 3 more texts contain typographic quotes (rankings[0].docs[2].text)',
    );
    expect(words("lexicon.non binary[0]: the term 'they them' can never match a single words token")).toBe(
      "Lexicon, group non binary, term 1: the term 'they them' can never match a single words token (lexicon.non binary[0])",
    );
    expect(words("lexicon: group 'nonbinary' has no terms, so the term-based metrics never see it")).toBe(
      "Lexicon: group 'nonbinary' has no terms, so the term-based metrics never see it (lexicon)",
    );
    expect(words('background[3].text contains typographic quotes')).toBe(
      'Background, document 4: text contains typographic quotes (background[3].text)',
    );
    expect(words('something else: said as it is')).toBe('something else: said as it is');
    // A colon further on in the message does not end the path.
    expect(words('rankings[0].docs[0].text contains quotes: “ and ”')).toBe(
      'Left, document 1: text contains quotes: “ and ” (rankings[0].docs[0].text)',
    );
  });

  test('parameters by their names on the panel; lexicon, groups and background by position', () => {
    expect(refusalLine({ field: 'params.k', message: 'must be a whole number from 1 to 1000000, got 0' }, scenario)).toBe(
      'Parameters: cut-off k must be a whole number from 1 to 1000000, got 0 (params.k)',
    );
    expect(refusalInWords({ field: 'params.targets.female', message: 'must be in [0, 1]' }, scenario).text).toBe(
      'Parameters: target share of female must be in [0, 1]',
    );
    expect(refusalInWords({ field: 'params.browsing.gamma', message: 'must be in (0, 1)' }, scenario).text).toBe(
      'Parameters: γ of the browsing model must be in (0, 1)',
    );
    // Every parameter a metric reads (the CLI's `--describe`, from the project's root as the tests
    // run) is named as the panel names it, not by its key.
    const described = JSON.parse(execFileSync('build/fairness-eval', ['--describe'], { encoding: 'utf8' })) as {
      params: { key: string }[];
    }[];
    for (const key of new Set(described.flatMap((m) => m.params.map((p) => p.key))))
      expect(refusalInWords({ field: `params.${key}`, message: 'must be …' }, scenario).text, key).toMatch(/^Parameters: /);
    expect(refusalInWords({ field: 'params.ndklEpsilon', message: 'must be between 0 and 1' }, scenario).text).toBe(
      'Parameters: NDKL ε must be between 0 and 1',
    );
    expect(refusalInWords({ field: 'lexicon.male[2]', message: "'her' is also a term of female" }, scenario).text).toBe(
      "Lexicon, group male, term 3: 'her' is also a term of female",
    );
    expect(refusalInWords({ field: 'background[4].text', message: 'must be a string' }, scenario).text).toBe(
      'Background, document 5: text must be a string',
    );
    expect(refusalInWords({ field: 'rankings[1]', message: 'has no documents' }, scenario).text).toBe('Right: has no documents');
  });

  test('a ranking without a name is numbered; a path it does not know stays as the core wrote it', () => {
    expect(refusalInWords({ field: 'rankings[2].docs[0].text', message: 'must be a string' }, scenario).text).toBe(
      'Ranking 3, document 1: text must be a string',
    );
    const blank = {
      rankings: [
        { name: 'Left', docs: [] },
        { name: ' ', docs: [] },
      ],
    };
    expect(refusalLine({ field: 'rankings[1].name', message: 'a ranking needs a name' }, blank)).toBe(
      'Ranking 2, name: a ranking needs a name (rankings[1].name)',
    );
    // JSON the core refused names its rankings as it can: a name missing, not a string, or no object at all.
    const refused = { rankings: [{}, { name: 7 }, null, 'x'] };
    for (const r of [0, 1, 2, 3])
      expect(refusalInWords({ field: `rankings[${r}].docs`, message: 'is over the limit' }, refused).text).toBe(
        `Ranking ${r + 1}: documents is over the limit`,
      );
    expect(refusalInWords({ field: 'scenario[""]', message: 'unknown key' }, scenario)).toEqual({
      text: 'scenario[""]: unknown key',
      detail: '',
    });
    expect(refusalInWords({ field: '', message: 'malformed JSON at line 1' }, scenario)).toEqual({
      text: 'malformed JSON at line 1',
      detail: '',
    });
    expect(pathSteps('rankings[12].docs[3].relevance')).toEqual(['rankings', 12, 'docs', 3, 'relevance']);
  });
});

test('a key the format does not have, at the top, is said to be the scenario’s', () => {
  expect(refusalLine({ field: 'tauInclusve', message: 'unknown key; expected one of groups, lexicon, params' }, scenario)).toBe(
    'The scenario, key “tauInclusve”: unknown key; expected one of groups, lexicon, params (tauInclusve)',
  );
});

describe('a name given twice is said of the field just typed in', () => {
  const twice = { field: 'rankings[1].name', message: "another ranking is already named 'Right'" };
  const names = (...n: string[]) => ({ rankings: n.map((name) => ({ name })) });

  test('ranking 1 renamed to ranking 2’s name: said of ranking 1, in the same words', () => {
    expect(blameTheEdit(twice, names('Left', 'Right'), names('Right', 'Right'))).toEqual({ ...twice, field: 'rankings[0].name' });
    expect(refusalLine(blameTheEdit(twice, names('Left', 'Right'), names('Right', 'Right')), names('Right', 'Right'))).toBe(
      "Right, name: another ranking is already named 'Right' (rankings[0].name)",
    );
  });

  test('ranking 2 renamed, or a scenario loaded with the two names (nothing before it): as the core says', () => {
    expect(blameTheEdit(twice, names('Left', 'Right'), names('Left', 'Left'))).toEqual(twice);
    expect(blameTheEdit(twice, null, names('Right', 'Right'))).toEqual(twice);
  });

  test('group 1 renamed to group 2’s name: said of group 1', () => {
    const group = { field: 'groups[1]', message: "group 'male' is listed twice" };
    const before = { rankings: [], groups: ['female', 'male'] };
    expect(blameTheEdit(group, before, { rankings: [], groups: ['male', 'male'] })).toEqual({ ...group, field: 'groups[0]' });
    expect(blameTheEdit(group, before, { rankings: [], groups: ['female', 'female'] })).toEqual(group);
    // Other refusals pass as they are.
    const other = { field: 'params.k', message: 'must be a whole number of at least 1, got 0' };
    expect(blameTheEdit(other, before, { rankings: [], groups: ['female', 'male'] })).toBe(other);
  });
});

describe('CSV cells a spreadsheet would run', () => {
  test('text starting with = + - @ tab or carriage return gets an apostrophe', () => {
    expect(['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x")'].map(neutraliseCell)).toEqual([
      "'=1+1",
      "'+cmd",
      "'-2+3",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      `'=HYPERLINK("http://x")`,
    ]);
  });

  test('numbers stay numbers: a negative value, and text that is a plain number', () => {
    expect(neutraliseCell(-0.25)).toBe('-0.25');
    expect(neutraliseCell(-1e-9)).toBe('-1e-9');
    expect(neutraliseCell('-0.25')).toBe('-0.25');
    expect(neutraliseCell('+3')).toBe('+3');
    expect(neutraliseCell('plain text')).toBe('plain text');
    expect(neutraliseCell(null)).toBe('');
  });

  test('a whole file reads back as the cells written, formulas inert', () => {
    const csv = toCsv([
      ['ranking', 'value', 'note'],
      ['=cmd|"/c calc"!A1', -0.25, 'a, "quoted" note'],
    ]);
    expect(csv).toBe(`ranking,value,note\r\n"'=cmd|""/c calc""!A1",-0.25,"a, ""quoted"" note"\r\n`);
    expect(Papa.parse<string[]>(csv.trim()).data[1]).toEqual([`'=cmd|"/c calc"!A1`, '-0.25', 'a, "quoted" note']);
  });
});

describe('ids keep the text the core reads', () => {
  test('a whole number becomes its decimal text, exactly as the core writes it; a string stays as it is', () => {
    const page = toPageScenario({
      rankings: [{ docs: [{ id: 9007199254740991 }, { id: -12 }, { id: '0012' }, { id: '1e3' }] }],
      background: [{ id: 7, text: '' }],
    });
    expect(page.rankings[0]!.docs.map((d) => d.id)).toEqual(['9007199254740991', '-12', '0012', '1e3']);
    expect(page.background![0]!.id).toBe(7);
  });

  test('a number JavaScript has already rounded (beyond 2^53 − 1) is refused by its path, never changed', () => {
    // 12345678901234567890 parses to 12345678901234567000 in JavaScript: another id than the core's.
    const parsed = JSON.parse('{"rankings":[{"docs":[{"id":"a"},{"id":12345678901234567890}]}]}') as Scenario;
    expect(() => toPageScenario(parsed)).toThrow(ScenarioError);
    try {
      toPageScenario(parsed);
    } catch (error) {
      expect((error as ScenarioError).field).toBe('rankings[0].docs[1].id');
    }
    expect(() => toPageScenario({ rankings: [{ docs: [] }], background: [{ id: 2 ** 53, text: '' }] })).toThrow(
      /background\[0\]\.id|2\^53/,
    );
  });
});
