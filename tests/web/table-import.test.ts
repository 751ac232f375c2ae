// Reading pasted tables: header synonyms, `both` as neutral, rows that cannot become documents
// named with their row and value, and a TREC run recognised and refused with what to use instead.
import { describe, expect, test } from 'vitest';

import { looksLikeTrecRun, parseTable, resolveLabel } from '../../web/state/table';

const groups = ['female', 'male'];
const ids = (n: number) => `t${n + 1}`;

describe('parseTable', () => {
  test('header synonyms: passage, gender, rel', () => {
    const table = parseTable('passage\tgender\trel\nShe won.\tF\t1\nHe lost.\tm\t0', groups, ids);
    expect(table.hasHeader).toBe(true);
    expect(table.problems).toEqual([]);
    expect(table.docs).toEqual([
      { id: 't1', text: 'She won.', label: 'female', relevance: 1 },
      { id: 't2', text: 'He lost.', label: 'male', relevance: 0 },
    ]);
    expect(table.notes[0]).toBe('header found (tab-separated): text = "passage", label = "gender", relevance = "rel"');
  });

  test('plain lines are one column, not "comma-separated" (no delimiter was found)', () => {
    const table = parseTable('hello world\nanother line', groups, ids);
    expect(table.notes[0]).toBe('no header, one column: each line read as a text');
    // No note promising an import the problems then refuse: one problem, of the table.
    expect(table.problems).toEqual([
      'no relevance column: each document needs its relevance (the third column, after text and label), never read as 0',
    ]);
    expect(table.docs).toEqual([]);
  });

  test('header synonyms: text, label, relevance, in any order, comma-separated', () => {
    const table = parseTable('relevance,label,text\n2,female,"Her book, at last."', groups, ids);
    expect(table.docs).toEqual([{ id: 't1', text: 'Her book, at last.', label: 'female', relevance: 2 }]);
  });

  test('both (and its typo botrh) are read as neutral, and the notes say so', () => {
    expect(resolveLabel('both', groups)).toBe('neutral');
    expect(resolveLabel('Both', groups)).toBe('neutral');
    expect(resolveLabel('botrh', groups)).toBe('neutral');
    const table = parseTable('text\tlabel\trelevance\nThey met.\tboth\t1', groups, ids);
    expect(table.docs[0]!.label).toBe('neutral');
    expect(table.notes).toContain('labels read as: both → neutral');
  });

  test('a decimal comma, as a spreadsheet copies it or a semicolon CSV writes it, is read and said', () => {
    const copied = parseTable('Sie gewann.\tF\t0,5\nEr verlor.\tM\t1\nSie kam.\tF\t-,25', groups, ids);
    expect(copied.problems).toEqual([]);
    expect(copied.docs.map((d) => d.relevance)).toEqual([0.5, 1, -0.25]);
    expect(copied.notes).toContain('relevance read with a decimal comma: 0,5 → 0.5, -,25 → -0.25');
    const semicolons = parseTable('text;label;relevance\n"Sie gewann; endlich.";female;2,75', groups, ids);
    expect(semicolons.notes[0]).toBe('header found (";"-separated): text = "text", label = "label", relevance = "relevance"');
    expect(semicolons.docs).toEqual([{ id: 't1', text: 'Sie gewann; endlich.', label: 'female', relevance: 2.75 }]);
    // In a comma-separated table a comma inside a quoted number is no decimal sign: refused by its row.
    const quoted = parseTable('text,label,relevance\nShe won.,female,"1,5"', groups, ids);
    expect(quoted.problems).toEqual(['line 2: relevance "1,5" is not a number']);
    // Nor is a second comma, or a point and a comma together.
    const odd = parseTable('a\tF\t1,000,5\nb\tF\t1.000,5', groups, ids);
    expect(odd.problems).toEqual(['line 1: relevance "1,000,5" is not a number', 'line 2: relevance "1.000,5" is not a number']);
  });

  test('a missing relevance is reported with its row, not read as 0', () => {
    const table = parseTable('text\tlabel\trelevance\nShe won.\tfemale\t1\nHe lost.\tmale\t', groups, ids);
    expect(table.problems).toEqual(['line 3: relevance is missing']);
    const noColumn = parseTable('text\tlabel\nShe won.\tfemale\nHe lost.\tmale', groups, ids);
    expect(noColumn.problems).toEqual([
      'no relevance column: each document needs its relevance (a column named relevance), never read as 0',
    ]);
  });

  test('a retrieval score is not read as relevance: the table is refused by its rows, and the note says why', () => {
    const table = parseTable('id,text,label,Score\nd1,She runs.,female,12.5\nd2,He walks.,male,11.0', groups, ids);
    expect(table.notes).toEqual([
      'header found (","-separated): id = "id", text = "text", label = "label"',
      'column "Score" is not read as relevance: a retrieval score is no judgment (name the column relevance if it holds judgments)',
    ]);
    expect(table.problems).toEqual(['no relevance column: each document needs its relevance (a column named relevance), never read as 0']);
  });

  test('a TREC run without its Q0 column is named as such, not read as lines of text', () => {
    const table = parseTable('101 doc12 1 12.5 tag\n101 doc13 2 11 tag', groups, ids);
    expect(table.problems).toHaveLength(1);
    expect(table.problems[0]).toMatch(/^This looks like a TREC run without its Q0 column/);
    expect(table.notes).toEqual([]);
  });

  test('cells past the third of a table without a header are said not to be read, naming the rows', () => {
    const table = parseTable('She won.,F,1,extra,more\nHe lost.,M,0\nThey met.,N,1,x', groups, ids);
    expect(table.problems).toEqual([]);
    expect(table.docs.map((d) => d.text)).toEqual(['She won.', 'He lost.', 'They met.']);
    expect(table.notes).toContain(
      'cells past the third are not read (lines 1, 3): a header row (text, label, relevance, id) chooses the columns',
    );
  });

  test('a row is named by the line it starts on: blank lines and a quoted text’s line breaks count, as the person sees them', () => {
    const table = parseTable('text,label,relevance\n\n\nShe won.,F,1\n\nHe lost.,femal,\n"Two\nlines",M,x', groups, ids);
    expect(table.rows).toEqual([4, 6, 7]);
    expect(table.problems).toEqual(['line 6: relevance is missing', 'line 7: relevance "x" is not a number']);
    const unclosed = parseTable('text,label,relevance\nShe won.,F,1\n\n"He lost.,M,0\nThey met.,N,1', groups, ids);
    expect(unclosed.problems).toEqual(['line 4: a quoted field is not closed (a " without its pair): the lines after it run into it']);
  });

  test('a non-numeric relevance names the value', () => {
    const table = parseTable('She won.\tfemale\thigh', groups, ids);
    expect(table.problems).toEqual(['line 1: relevance "high" is not a number']);
  });

  test('a relevance is a decimal number, as the core reads one: no hexadecimal, binary or Infinity', () => {
    const table = parseTable('She won.\tfemale\t0x10\nHe won.\tmale\t0b1\nIt rained.\tN\tInfinity\nThey won.\tN\t1e1', groups, ids);
    expect(table.problems).toEqual([
      'line 1: relevance "0x10" is not a number',
      'line 2: relevance "0b1" is not a number',
      'line 3: relevance "Infinity" is not a number',
    ]);
  });

  test('a quote left open is said on its row, not as the relevance the rows after it lack', () => {
    const table = parseTable('text,label,relevance\nOne,F,1\n"she ""x"" went,F,1\nTwo,M,0\n', groups, ids);
    expect(table.problems).toEqual(['line 3: a quoted field is not closed (a " without its pair): the lines after it run into it']);
    expect(table.docs).toEqual([]);
  });

  test('a TREC run is recognised and refused, pointing to the Runs view and fairness-eval runs', () => {
    const run = '101 Q0 doc12 1 12.5 tag\n101 Q0 doc7 2 11.0 tag\n';
    expect(looksLikeTrecRun(run)).toBe(true);
    const table = parseTable(run, groups, ids);
    expect(table.docs).toEqual([]);
    expect(table.problems).toHaveLength(1);
    expect(table.problems[0]).toMatch(/TREC run/);
    expect(table.problems[0]).toMatch(/fairness-eval runs/);
    expect(table.problems[0]).toMatch(/the Runs view \(Runs… in the toolbar\)/);
    // Six words of a document are not a run.
    expect(looksLikeTrecRun('She Q0 won the final match')).toBe(false);
    expect(looksLikeTrecRun('text\tlabel\trelevance\n101 Q0 doc12 1 12.5 tag')).toBe(false);
  });
});
