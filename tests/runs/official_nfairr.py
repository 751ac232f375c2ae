"""NFaiRR as the official code computes it (CPJKU/FairnessRetrievalResults, measurement/), written
from its documented behaviour, for the --official parity test (tests/node/runs-official.test.mjs)
and for `npm run bench` (the neutrality step's throughput).

Behaviour reproduced:
- neutrality step: each collection line is stripped and split on tabs (lines without exactly two
  fields are skipped); the text is lower()-ed and split on single spaces; a word counts for its
  group when it is in the group's word list (lowercased); with the magnitudes' sum above the
  threshold 1, neutrality = 1 - sum_g |m_g / sum - 1/2|, else 1; the score is stored with "%f"
  (six decimals) and read back;
- a run (and the background run) keeps its first 200 lines per query in file order;
- IFaiRR@k: the background documents (a set), neutralities sorted descending, the first min(k, |S|);
- FaiRR@k: the run's documents in file order, the first min(k, n); NFaiRR = FaiRR / IFaiRR;
- a query absent from the background run is skipped; a document without a neutrality score is 1
  (the official code means to do this; its warning line refers to an undefined name).

usage: official_nfairr.py WORDLIST COLLECTION BACKGROUND RUN CUTOFFS   -> JSON {cutoff: {qid: v}}
       official_nfairr.py --neutrality WORDLIST COLLECTION              -> passages/s on stderr
"""
import collections
import json
import math
import sys
import time


def read_words(path):
    words = {"f": set(), "m": set()}
    for line in open(path, encoding="utf8"):
        vals = line.strip().split(",")
        if len(vals) == 2:
            words[vals[1]].add(vals[0].lower())
    return words


def neutrality(tokens, words, threshold=1):
    counts = collections.Counter(tokens)
    mag = {g: sum(c for w, c in counts.items() if w in words[g]) for g in words}
    total = sum(mag.values())
    if total <= threshold:
        return 1.0
    return 1.0 - sum(abs(mag[g] / total - 0.5) for g in words)


def collection_neutrality(path, words):
    scores = {}
    for line in open(path, encoding="utf8"):
        vals = line.strip().split("\t")
        if len(vals) != 2:
            continue
        scores[vals[0]] = float("%f" % neutrality(vals[1].lower().split(" "), words))
    return scores


def read_run(path, depth=200):
    per_query = collections.OrderedDict()
    for line in open(path, encoding="utf8"):
        vals = line.split()
        if len(vals) != 6:
            continue
        docs = per_query.setdefault(vals[0], [])
        if len(docs) < depth:
            docs.append(vals[2])
    return per_query


def main(argv):
    if argv[1] == "--neutrality":
        words = read_words(argv[2])
        start = time.process_time()  # processor time, as the bench reports for fairness-eval
        scores = collection_neutrality(argv[3], words)
        seconds = time.process_time() - start
        print(json.dumps({"passages": len(scores), "seconds": seconds}))
        return
    words = read_words(argv[1])
    scores = collection_neutrality(argv[2], words)
    background = read_run(argv[3])
    run = read_run(argv[4])
    cutoffs = [int(c) for c in argv[5].split(",")]
    out = {}
    for k in cutoffs:
        out[k] = {}
        for q, docs in run.items():
            if q not in background:
                continue
            ideal = sorted((scores.get(d, 1.0) for d in set(background[q])), reverse=True)[:k]
            ifairr = sum(w / math.log2(r + 2) for r, w in enumerate(ideal))
            fairr = sum(scores.get(d, 1.0) / math.log2(r + 2) for r, d in enumerate(docs[:k]))
            out[k][q] = fairr / ifairr if ifairr else None
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv)
