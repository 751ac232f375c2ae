// The collection reader (SPEC "Run evaluation"): `docid<TAB>text` lines (MS MARCO's
// collection.tsv) or JSON lines (id in id|docid|doc_id|_id, text in text|contents|body, title
// joined before it with a space), fed in chunks. A document no run or background names is skipped
// after one memchr for its tab, a look-up of its id and a bit noting that id (a document given
// twice is refused, named or not), without tokenizing; a named one keeps only its token count and
// group-term counts (and its text when it is within the largest cut-off). Memory is bounded by
// the named documents and the ids' bits, not by the collection's text.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/runs/input.hpp"
#include "fairness/runs/seen_ids.hpp"
#include "fairness/runs/term_counter.hpp"

namespace fairness::runs {

enum class Want : std::uint8_t { skip = 0, counts = 1, text = 2 };

struct TermCount {
    std::uint32_t term = 0, count = 0;
};

struct DocRecord {
    std::uint32_t line = 0;    // 0: not (yet) read
    std::uint32_t tokens = 0;  // |d|
    std::uint32_t counts_begin = 0, counts_size = 0;
    std::int32_t text = -1;  // index into the kept texts
};

class Collection {
public:
    // `want[doc id]` says what to keep of each document of `docs`. With `omega_of_all`, every
    // document is tokenized and its ω (from `omega`) kept among the `top` highest, for the
    // background "collection".
    using OmegaFn = double (*)(const void* context, std::span<const double> magnitude);
    Collection(const TermCounter& counter, const Interner& docs, std::vector<Want> want, std::size_t groups, std::string file);
    void keep_top_omega(std::size_t top, OmegaFn omega, const void* context);

    void feed(std::string_view chunk);
    void end();

    const DocRecord* record(std::uint32_t doc) const { return doc < records_.size() && records_[doc].line ? &records_[doc] : nullptr; }
    std::span<const TermCount> counts(const DocRecord& r) const { return {counts_.data() + r.counts_begin, r.counts_size}; }
    std::string_view text(const DocRecord& r) const { return r.text < 0 ? std::string_view() : texts_[static_cast<std::size_t>(r.text)]; }

    // The `top` highest ω of the whole collection, with the doc id (Interner::none when no run
    // names it), and how many documents there were.
    std::vector<std::pair<double, std::uint32_t>> top_omega() const;
    std::uint64_t documents() const { return documents_; }
    // The first document's id, to show beside a run's when no id matches ("0" against "D0").
    std::string_view first_id() const { return first_id_; }
    std::uint64_t kept() const { return kept_; }
    std::uint64_t bytes() const { return bytes_; }
    std::uint64_t tokenized_bytes() const { return tokenized_bytes_; }

private:
    const TermCounter& counter_;
    const Interner& docs_;
    std::vector<Want> want_;
    std::size_t groups_;
    std::string file_;
    LineSplitter lines_;
    enum class Format { unknown, tsv, jsonl } format_ = Format::unknown;
    std::vector<DocRecord> records_;
    std::vector<TermCount> counts_;
    std::vector<std::string> texts_;
    SeenIds seen_;  // every id given, named or not
    std::string first_id_;
    std::uint64_t documents_ = 0, kept_ = 0, bytes_ = 0, tokenized_bytes_ = 0;
    // Scratch of one document's counts: per term, and the terms touched.
    std::vector<std::uint32_t> scratch_;
    std::vector<std::uint32_t> touched_;
    std::vector<double> magnitude_;
    // Background "collection": a min-heap of the highest ω.
    std::size_t top_ = 0;
    OmegaFn omega_ = nullptr;
    const void* omega_context_ = nullptr;
    std::vector<std::pair<double, std::uint32_t>> heap_;

    void line(std::string_view text, std::uint64_t number);
    void document(std::string_view id, std::string_view title, std::string_view text, std::uint64_t number);
    void jsonl(std::string_view text, std::uint64_t number);
};

}  // namespace fairness::runs
