// Builds examples/runs/ from Grep-BiasIR (data/grep-biasir/, CC0; Krieg et al., CHIIR 2023), so
// `fairness-eval runs` has something real to show on a fresh clone:
//   collection.tsv   docid<TAB>title text (the 702 documents; tabs and newlines made spaces)
//   qrels.txt        qid 0 docid relevant (1/0), as the dataset marks them
//   labels.csv       docid,label from content_gender: F, M, N; `both` and its typo `botrh`
//                    favour neither group, so they are N (neutral), as the page's importer does
//   queries.csv      qid,query text,category (annotated query list: --query-label career)
//   female-first.run, male-first.run: for every query its six documents, relevant before
//                    non-relevant, and within each the female (resp. male) wording first, then
//                    neutral, then the other: two runs that differ only in whom they put first.
// usage: node scripts/make-runs-example.mjs
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';

const root = fileURLToPath(new URL('../', import.meta.url));
const data = `${root}data/grep-biasir/`;
const out = `${root}examples/runs/`;

const read = (file) => Papa.parse(readFileSync(data + file, 'utf8'), { header: true, skipEmptyLines: true }).data;
const clean = (s) => s.replace(/[\t\r\n]+/g, ' ').trim();
const label = (g) => ({ F: 'F', M: 'M', N: 'N', both: 'N', botrh: 'N' })[g.trim()];

const queries = read('queries.csv');
const docs = readdirSync(data)
  .filter((f) => f.startsWith('documents-'))
  .sort()
  .flatMap((f) => read(f));
docs.sort((a, b) => Number(a.d_id) - Number(b.d_id));

let collection = '';
let qrels = '';
let labels = 'docid,label\n';
for (const d of docs) {
  if (!label(d.content_gender)) throw new Error(`document ${d.d_id}: unknown content_gender '${d.content_gender}'`);
  collection += `${d.d_id}\t${clean(`${d.doc_title} ${d.document}`)}\n`;
  qrels += `${d.q_id} 0 ${d.d_id} ${d.relevant}\n`;
  labels += `${d.d_id},${label(d.content_gender)}\n`;
}

// The query list: commas inside the text stay unquoted, as in queries_gender_annotated.csv.
const queryList = queries.map((q) => `${q.q_id},${clean(q.query)},${q.category.toLowerCase().replace(/ /g, '-')}\n`).join('');

function run(name, first) {
  const rank = { [first]: 0, N: 1, [first === 'F' ? 'M' : 'F']: 2 };
  let text = '';
  for (const q of queries) {
    const own = docs.filter((d) => d.q_id === q.q_id);
    own.sort(
      (a, b) =>
        Number(b.relevant) - Number(a.relevant) ||
        rank[label(a.content_gender)] - rank[label(b.content_gender)] ||
        Number(a.d_id) - Number(b.d_id),
    );
    own.forEach((d, i) => (text += `${q.q_id} Q0 ${d.d_id} ${i + 1} ${(own.length - i).toFixed(1)} ${name}\n`));
  }
  return text;
}

writeFileSync(out + 'collection.tsv', collection);
writeFileSync(out + 'qrels.txt', qrels);
writeFileSync(out + 'labels.csv', labels);
writeFileSync(out + 'queries.csv', queryList);
writeFileSync(out + 'female-first.run', run('female-first', 'F'));
writeFileSync(out + 'male-first.run', run('male-first', 'M'));
console.log(`examples/runs/: ${docs.length} documents, ${queries.length} queries`);
