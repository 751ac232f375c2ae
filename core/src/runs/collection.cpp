#include "fairness/runs/collection.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <nlohmann/json.hpp>

#include "../strict_json.hpp"
#include "count.hpp"
#include "fairness/scenario.hpp"

namespace fairness::runs {

Collection::Collection(const TermCounter& counter, const Interner& docs, std::vector<Want> want, std::size_t groups, std::string file)
    : counter_(counter), docs_(docs), want_(std::move(want)), groups_(groups), file_(std::move(file)), lines_(file_) {
    records_.resize(want_.size());
    scratch_.assign(counter_.term_count(), 0);
    magnitude_.assign(groups_, 0.0);
}

void Collection::keep_top_omega(std::size_t top, OmegaFn omega, const void* context) {
    top_ = top;
    omega_ = omega;
    omega_context_ = context;
}

void Collection::feed(std::string_view chunk) {
    bytes_ += chunk.size();
    lines_.feed(chunk, [this](std::string_view text, std::uint64_t number) { line(text, number); });
}

void Collection::end() {
    lines_.end([this](std::string_view text, std::uint64_t number) { line(text, number); });
}

void Collection::line(std::string_view text, std::uint64_t number) {
    if (format_ == Format::unknown) {
        const auto start = text.find_first_not_of(" \t");
        if (start == std::string_view::npos) return;
        format_ = text[start] == '{' ? Format::jsonl : Format::tsv;
    }
    if (format_ == Format::jsonl) return jsonl(text, number);
    // The common case: one memchr for the tab, one look-up of the id, and (for a document no run
    // names) nothing else.
    const char* tab = find_byte(text.data(), text.size(), '\t');
    if (!tab) {
        if (text.empty()) return;
        throw InputError(file_, number, "", "no tab; a TSV collection line is docid<TAB>text (or give JSON lines)");
    }
    const auto at = static_cast<std::size_t>(static_cast<const char*>(tab) - text.data());
    if (at == 0) throw InputError(file_, number, "docid", "empty");
    document(text.substr(0, at), {}, text.substr(at + 1), number);
}

void Collection::jsonl(std::string_view text, std::uint64_t number) {
    if (text.find_first_not_of(" \t") == std::string_view::npos) return;
    // The strict reader of every JSON the core reads: a key given twice, nesting past jsonLineDepth
    // (refused as it is met, before a deep tree is built) and malformed JSON name the line.
    nlohmann::json j;
    try {
        j = parse_json_line_strictly(text, default_limits());
    } catch (const ScenarioError& error) {
        throw InputError(file_, number, error.field(), error.message());
    }
    if (!j.is_object()) throw InputError(file_, number, "", "a JSON line must be an object with an id and a text");
    std::string id;
    const char* found = nullptr;
    for (const char* key : {"id", "docid", "doc_id", "_id"}) {
        if (!j.contains(key)) continue;
        const auto& v = j[key];
        if (!v.is_string() && !v.is_number_integer()) throw InputError(file_, number, key, "must be a string or a whole number");
        const auto value = v.is_string() ? v.get<std::string>() : v.dump();
        // Two keys naming two ids: which one the runs mean cannot be told.
        if (found && value != id)
            throw InputError(file_, number, key,
                             "another id than " + std::string(found) + "'s (" + in_quotes(value) + " and " + in_quotes(id) + "); give one");
        if (!found) id = value, found = key;
    }
    if (!found) throw InputError(file_, number, "id", "missing: give the id in id, docid, doc_id or _id");
    if (id.empty()) throw InputError(file_, number, "id", "empty");
    std::string body, title;
    bool has_text = false;
    for (const char* key : {"text", "contents", "body"}) {
        if (!j.contains(key)) continue;
        if (!j[key].is_string()) throw InputError(file_, number, key, "must be a string");
        body = j[key].get<std::string>();
        has_text = true;
        break;
    }
    if (j.contains("title")) {
        if (!j["title"].is_string()) throw InputError(file_, number, "title", "must be a string");
        title = j["title"].get<std::string>();
    }
    if (!has_text && title.empty()) throw InputError(file_, number, "text", "missing: give the text in text, contents or body");
    document(id, title, body, number);
}

void Collection::document(std::string_view id, std::string_view title, std::string_view text, std::uint64_t number) {
    if (documents_++ == 0) first_id_ = id;
    const auto doc = docs_.find(id);
    const Want want = doc == Interner::none ? Want::skip : want_[doc];
    if (!seen_.insert(id)) {
        // A named document's first line is known; another's was not kept (only a bit of it was).
        const std::string first =
            want != Want::skip ? "lines " + std::to_string(records_[doc].line) + " and " : "an earlier line and line ";
        throw InputError(file_, number, "docid",
                         "document '" + std::string(id) + "' appears twice (" + first + std::to_string(number) + ")");
    }
    if (want == Want::skip && !omega_) return;

    // Title and text are one text, joined by a space (only JSON lines have a title).
    std::string joined;
    if (!title.empty()) {
        joined.reserve(title.size() + 1 + text.size());
        joined.append(title).append(" ").append(text);
        text = joined;
    }
    tokenized_bytes_ += text.size();
    const std::uint32_t tokens = counter_.count(text, [this](std::size_t t) {
        if (scratch_[t]++ == 0) touched_.push_back(static_cast<std::uint32_t>(t));
    });

    if (omega_) {
        std::fill(magnitude_.begin(), magnitude_.end(), 0.0);
        for (const auto t : touched_) magnitude_[counter_.group_of(t)] += scratch_[t];
        const double w = omega_(omega_context_, magnitude_);
        const std::pair<double, std::uint32_t> entry{w, want == Want::skip ? Interner::none : doc};
        const auto greater = std::greater<std::pair<double, std::uint32_t>>();
        if (heap_.size() < top_) {
            heap_.push_back(entry);
            std::push_heap(heap_.begin(), heap_.end(), greater);
        } else if (top_ && entry.first > heap_.front().first) {
            std::pop_heap(heap_.begin(), heap_.end(), greater);
            heap_.back() = entry;
            std::push_heap(heap_.begin(), heap_.end(), greater);
        }
    }
    if (want != Want::skip) {
        auto& r = records_[doc];
        r.line = static_cast<std::uint32_t>(number);
        r.tokens = tokens;
        r.counts_begin = static_cast<std::uint32_t>(counts_.size());
        r.counts_size = static_cast<std::uint32_t>(touched_.size());
        for (const auto t : touched_) counts_.push_back({t, scratch_[t]});
        if (want == Want::text) {
            r.text = static_cast<std::int32_t>(texts_.size());
            texts_.emplace_back(text);
        }
        ++kept_;
    }
    for (const auto t : touched_) scratch_[t] = 0;
    touched_.clear();
}

std::vector<std::pair<double, std::uint32_t>> Collection::top_omega() const { return heap_; }

}  // namespace fairness::runs
