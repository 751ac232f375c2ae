// The readers of run evaluation's formats (SPEC "Run evaluation", inputs), one per format, each
// taking numbered lines from a LineSplitter and refusing bad input with InputError (file, line,
// field). The collection reader is in fairness/runs/collection.hpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "fairness/runs/input.hpp"

namespace fairness::runs {

// A TREC run, `qid Q0 docid rank score tag`: per query (by qid id) its documents as read.
struct RunEntry {
    std::uint32_t doc = 0;
    std::uint32_t line = 0;
    double score = 0;
};
struct RunTable {
    std::string name, file;
    std::vector<std::vector<RunEntry>> queries;  // [qid id]; empty for a qid the run lacks
    std::vector<std::uint32_t> query_order;      // qid ids in order of first appearance
    // The first line where a query's lines resume after another query's (0: each query's lines are
    // together), and that query: the official NFaiRR code keeps only a query's last block.
    std::uint64_t resumed_line = 0;
    std::string resumed_qid;
    bool has(std::uint32_t qid) const { return qid < queries.size() && !queries[qid].empty(); }
};

class RunReader {
public:
    RunReader(RunTable& table, Interner& qids, Interner& docs) : table_(table), qids_(qids), docs_(docs) {}
    void line(std::string_view text, std::uint64_t number);
    // The end of the file: refuses an empty run and the same (qid, docid) twice (found here, by
    // sorting each query's documents, rather than with a hash set per line).
    void finish();

private:
    RunTable& table_;
    Interner& qids_;
    Interner& docs_;
    std::string last_qid_;  // runs list a query's lines together: one look-up per query, not per line
    std::uint32_t last_q_ = Interner::none;
    // Docids waiting for their look-up: hashed and prefetched when read, interned a batch later.
    struct Pending {
        char bytes[24];
        std::uint8_t size;
        std::uint32_t hash, q, index;
    };
    static constexpr std::size_t batch = 32;
    Pending pending_[batch];
    std::size_t pending_count_ = 0;
    [[maybe_unused]] std::uint32_t touched_ = 0;  // keeps flush()'s loads of slots (WebAssembly) from being dropped
    void flush();
};

// Order within each query: by score descending, ties by docid descending in byte order (trec_eval
// sorts so); `file` keeps the file's order.
enum class Order { score, file };
void order_run(RunTable& table, Order order, const Interner& docs);

// TREC qrels `qid iter docid rel`.
struct Qrels {
    bool given = false;
    std::vector<std::vector<std::pair<std::uint32_t, double>>> by_query;  // [qid id] (docid, rel)
    std::unordered_map<std::uint64_t, double> rel;                        // (qid, docid) → rel
    std::size_t negative = 0;                                             // judgments with a grade below 0, read as 0 (trec_eval: unjudged)
    std::size_t fractional = 0;                                           // judgments with a grade between whole numbers (0.5)
    const double* find(std::uint32_t qid, std::uint32_t doc) const {
        const auto it = rel.find((std::uint64_t{qid} << 32) | doc);
        return it == rel.end() ? nullptr : &it->second;
    }
};

class QrelsReader {
public:
    QrelsReader(Qrels& qrels, Interner& qids, Interner& docs, std::string file)
        : qrels_(qrels), qids_(qids), docs_(docs), file_(std::move(file)) {}
    void line(std::string_view text, std::uint64_t number);

private:
    Qrels& qrels_;
    Interner& qids_;
    Interner& docs_;
    std::string file_;
    std::unordered_map<std::uint64_t, std::uint32_t> lines_;
};

// Labels `docid,label` (CSV or TSV; a header line detected, `label,docid` read in its order): a
// group index, or -1 for neutral.
// A label maps as the page's import does: exactly, then ignoring case, then a unique initial
// (F, M, N with the default groups); empty is neutral.
int resolve_label(std::string_view raw, const std::vector<std::string>& groups);  // -2: unmapped

struct Labels {
    bool given = false;
    std::unordered_map<std::uint32_t, std::pair<int, std::uint32_t>> of;  // docid → (label, line)
};

class LabelsReader {
public:
    LabelsReader(Labels& labels, Interner& docs, const std::vector<std::string>& groups, std::string file)
        : labels_(labels), docs_(docs), groups_(groups), file_(std::move(file)) {}
    void line(std::string_view text, std::uint64_t number);

private:
    Labels& labels_;
    Interner& docs_;
    const std::vector<std::string>& groups_;
    std::string file_;
    bool first_ = true;
    bool label_first_ = false;  // the header was label,docid
};

// A query list: one id a line; `qid<TAB>query text` (MS MARCO's queries.tsv), optionally
// `<TAB>label`; or the annotated CSV `qid,query text,label` whose text may hold unquoted commas
// (the id is the first field, the label the last). `annotated`: the list has labels.
struct QueryList {
    bool given = false;
    bool annotated = false;
    std::vector<std::string> ids, texts, labels;
};

class QueriesReader {
public:
    QueriesReader(QueryList& list, std::string file) : list_(list), file_(std::move(file)) {}
    void line(std::string_view text, std::uint64_t number);
    // An empty list is refused, as an empty run is: it would evaluate nothing, and say so only in a warning.
    void finish() const;

private:
    QueryList& list_;
    std::string file_;
    std::unordered_map<std::string, std::size_t> lines_;
};

}  // namespace fairness::runs
