#include "fairness/runs/readers.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

#include "count.hpp"

namespace fairness::runs {

namespace {

std::uint64_t pair_key(std::uint32_t q, std::uint32_t d) { return (std::uint64_t{q} << 32) | d; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::string_view unquote(std::string_view s) {
    s = trim(s);
    if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
    return s;
}

bool blank(std::string_view s) { return trim(s).empty(); }

// A CSV field that opens a quote and does not close it ("d1,M read as "d1 and M): its closing quote
// lost, the line cannot be read as meant. (In TSV a quote is a character like any other.)
bool unclosed(std::string_view field) {
    const auto t = trim(field);
    return !t.empty() && t.front() == '"' && (t.size() < 2 || t.back() != '"');
}

// Where the first field of a CSV line ends: at the first separator, or, for a quoted field ("doc,1",
// as pandas writes an id holding a comma; "" is a quote within it), at the first after its
// closing quote. npos when the line has one field.
std::size_t field_end(std::string_view line, char separator) {
    const auto start = line.find_first_not_of(" \t");
    if (separator == ',' && start != std::string_view::npos && line[start] == '"')
        for (auto at = start + 1; at < line.size(); ++at)
            if (line[at] == '"') {
                if (at + 1 < line.size() && line[at + 1] == '"') {
                    ++at;
                    continue;
                }
                return line.find(separator, at + 1);
            }
    return line.find(separator);
}

// A CSV field without its quotes, "" read as one quote.
std::string csv_text(std::string_view field) {
    const auto inner = unquote(field);
    if (inner.size() == trim(field).size()) return std::string(inner);
    std::string out;
    for (std::size_t i = 0; i < inner.size(); ++i) {
        out += inner[i];
        if (inner[i] == '"' && i + 1 < inner.size() && inner[i + 1] == '"') ++i;
    }
    return out;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// What a run line of the wrong width most likely is, from the files researchers hold: a line
// separated by no-break spaces, a run without its Q0 column, an MS MARCO run (qid<TAB>pid<TAB>rank,
// as MS MARCO's own runs are written), or a qrels file picked as a run.
std::string run_hint(std::string_view line, const std::string_view* f, std::size_t n) {
    long long whole = 0;
    double number = 0;
    // A no-break space (a copy from a web page or a word processor) looks like a separator, and is not.
    if (line.find("\xC2\xA0") != std::string_view::npos) return " (a no-break space, U+00A0, is not a separator: use spaces or tabs)";
    if (n == 5) return lower(f[1]) == "q0" ? " (is the tag column missing?)" : " (is the Q0 column missing?)";
    if (n == 3 && parse_int(f[2], whole))
        return " (an MS MARCO run, qid pid rank? As a TREC run: awk '{print $1, \"Q0\", $2, $3, -$3, \"run\"}')";
    if (n == 4 && parse_double(f[3], number)) return " (is this a qrels file?)";
    return "";
}

}  // namespace

// ------------------------------------------------------------------------------------------------

void RunReader::line(std::string_view text, std::uint64_t number) {
    if (blank(text)) return;
    std::string_view f[6];
    const std::size_t n = split_fields(text, f, 6);
    const auto& file = table_.file;
    if (n != 6)
        throw InputError(file, number, "",
                         count(n, "field", "fields") + "; a TREC run line has 6: qid Q0 docid rank score tag" + run_hint(text, f, n));
    // The rank is checked, not read (the score orders): a whole number, written as pandas writes one
    // from a column of floats (1.0) too.
    long long rank = 0;
    double rank_number = 0;
    if (!parse_int(f[3], rank) && !(parse_double(f[3], rank_number) && rank_number == std::floor(rank_number)))
        throw InputError(file, number, "rank", "not a whole number: " + in_quotes(f[3]));
    double score = 0;
    if (!parse_double(f[4], score)) throw InputError(file, number, "score", "not a finite decimal number: " + in_quotes(f[4]));
    if (last_q_ == Interner::none || f[0] != last_qid_) {
        last_q_ = qids_.intern(f[0]);
        last_qid_.assign(f[0]);
        if (!table_.resumed_line && table_.has(last_q_)) table_.resumed_line = number, table_.resumed_qid = last_qid_;
    }
    const auto q = last_q_;
    if (q >= table_.queries.size()) table_.queries.resize(q + 1);
    auto& list = table_.queries[q];
    if (list.empty()) table_.query_order.push_back(q);
    const auto docid = f[2];
    if (docid.size() > sizeof(Pending::bytes)) {
        list.push_back({docs_.intern(docid), static_cast<std::uint32_t>(number), score});
        return;
    }
    auto& p = pending_[pending_count_++];
    std::memcpy(p.bytes, docid.data(), docid.size());
    p.size = static_cast<std::uint8_t>(docid.size());
    p.hash = Interner::hash(docid);
    p.q = q;
    p.index = static_cast<std::uint32_t>(list.size());
    docs_.prefetch(p.hash);
    list.push_back({0, static_cast<std::uint32_t>(number), score});  // doc set by flush()
    if (pending_count_ == batch) flush();
}

void RunReader::flush() {
#if defined(__wasm__)
    // WebAssembly has no prefetch instruction (prefetch() does nothing there): load the batch's
    // slots first, in a loop of independent loads whose cache misses overlap, then intern.
    std::uint32_t touched = 0;
    for (std::size_t i = 0; i < pending_count_; ++i) touched += docs_.peek(pending_[i].hash);
    touched_ += touched;
#endif
    for (std::size_t i = 0; i < pending_count_; ++i) {
        const auto& p = pending_[i];
        table_.queries[p.q][p.index].doc = docs_.intern(std::string_view(p.bytes, p.size), p.hash);
    }
    pending_count_ = 0;
}

void RunReader::finish() {
    flush();
    if (table_.query_order.empty()) throw InputError(table_.file, 0, "", "the run holds no line");
    // The first repeat in file order: the pair with the smallest second line. Each query's
    // documents are stamped in a table indexed by docid (the list is still in file order), so a
    // repeat is found in one pass, without sorting; the first line is looked up only for the
    // repeat reported.
    std::uint32_t first_line = 0, second_line = 0, query = 0, doc = 0;
    std::vector<std::uint32_t> stamp(docs_.size(), 0);
    std::uint32_t current = 0;
    for (const auto q : table_.query_order) {
        ++current;
        for (const auto& e : table_.queries[q]) {
            if (stamp[e.doc] != current) {
                stamp[e.doc] = current;
                continue;
            }
            if (!second_line || e.line < second_line) {
                second_line = e.line, query = q, doc = e.doc;
                for (const auto& f : table_.queries[q])
                    if (f.doc == e.doc) {
                        first_line = f.line;
                        break;
                    }
            }
            break;  // later repeats of this query come later in the file
        }
    }
    if (second_line)
        throw InputError(table_.file, second_line, "docid",
                         "document " + in_quotes(docs_.name(doc)) + " appears twice for query " + in_quotes(qids_.name(query)) +
                             " (lines " + std::to_string(first_line) + " and " + std::to_string(second_line) + ")");
}

void order_run(RunTable& table, Order order, const Interner& docs) {
    if (order == Order::file) return;
    for (auto& list : table.queries)
        std::sort(list.begin(), list.end(), [&](const RunEntry& a, const RunEntry& b) {
            if (a.score != b.score) return a.score > b.score;
            return docs.name(a.doc) > docs.name(b.doc);
        });
}

// ------------------------------------------------------------------------------------------------

void QrelsReader::line(std::string_view text, std::uint64_t number) {
    if (blank(text)) return;
    std::string_view f[4];
    const std::size_t n = split_fields(text, f, 4);
    if (n != 4)
        throw InputError(
            file_, number, "",
            count(n, "field", "fields") + "; a TREC qrels line has 4: qid iter docid rel" +
                (n == 6                  ? " (is this a run?)"
                 : n == 3 && number == 1 ? " (BEIR's qrels, query-id corpus-id score? As TREC qrels: awk 'NR > 1 {print $1, 0, $2, $3}')"
                                         : ""));
    double rel = 0;
    if (!parse_double(f[3], rel)) throw InputError(file_, number, "rel", "not a finite decimal number: " + in_quotes(f[3]));
    // A negative grade (TREC's -1, -2: junk, spam) gains nothing: trec_eval reads it as unjudged.
    if (rel < 0) ++qrels_.negative, rel = 0;
    // A grade between whole numbers (0.5) is a real-valued gain here (SPEC's relevance is a real);
    // trec_eval would read it as its whole part.
    if (rel != std::floor(rel)) ++qrels_.fractional;
    const auto q = qids_.intern(f[0]);
    const auto d = docs_.intern(f[2]);
    const auto [it, fresh] = lines_.emplace(pair_key(q, d), static_cast<std::uint32_t>(number));
    if (!fresh)
        throw InputError(file_, number, "docid",
                         "document " + in_quotes(f[2]) + " is judged twice for query " + in_quotes(f[0]) + " (lines " +
                             std::to_string(it->second) + " and " + std::to_string(number) + ")");
    if (q >= qrels_.by_query.size()) qrels_.by_query.resize(q + 1);
    qrels_.by_query[q].emplace_back(d, rel);
    qrels_.rel.emplace(pair_key(q, d), rel);
}

// ------------------------------------------------------------------------------------------------

int resolve_label(std::string_view raw, const std::vector<std::string>& groups) {
    const auto label = trim(raw);
    if (label.empty() || label == "neutral") return -1;
    for (std::size_t g = 0; g < groups.size(); ++g)
        if (groups[g] == label) return static_cast<int>(g);
    const auto low = lower(label);
    if (low == "neutral") return -1;
    for (std::size_t g = 0; g < groups.size(); ++g)
        if (lower(groups[g]) == low) return static_cast<int>(g);
    // Labels that favour neither group (Grep-BiasIR's `both` and its typo `botrh`), as the page's
    // import reads them.
    if (low == "both" || low == "botrh" || low == "none" || low == "n/a") return -1;
    if (low.size() == 1) {
        int found = -2, matches = 0;
        for (std::size_t g = 0; g < groups.size(); ++g)
            if (!groups[g].empty() && std::tolower(static_cast<unsigned char>(groups[g][0])) == low[0])
                found = static_cast<int>(g), ++matches;
        if (low[0] == 'n') found = -1, ++matches;
        if (matches == 1) return found;
    }
    return -2;
}

namespace {

// The one-letter labels resolve_label reads, as a message lists them: "F, M, N".
std::string label_initials(const std::vector<std::string>& groups) {
    std::string out;
    const auto add = [&](char c) { out += (out.empty() ? "" : ", ") + std::string(1, c); };
    for (const auto& g : groups) {
        if (g.empty()) continue;
        const auto initial = resolve_label(std::string(1, g[0]), groups);
        if (initial >= 0 && groups[static_cast<std::size_t>(initial)] == g)
            add(static_cast<char>(std::toupper(static_cast<unsigned char>(g[0]))));
    }
    if (resolve_label("n", groups) == -1) add('N');
    return out;
}

// The names a labels file's header gives its columns.
bool names_id(std::string_view field) {
    static constexpr std::string_view ids[] = {"id",  "docid",      "doc_id",      "d_id", "docno",
                                               "pid", "passage_id", "document_id", "doc",  "document"};
    const auto low = lower(trim(unquote(field)));
    return std::find(std::begin(ids), std::end(ids), low) != std::end(ids);
}

bool names_label(std::string_view field) {
    static constexpr std::string_view labels[] = {"label", "labels", "group", "gender", "content_gender", "class", "category"};
    const auto low = lower(trim(unquote(field)));
    return std::find(std::begin(labels), std::end(labels), low) != std::end(labels);
}

}  // namespace

void LabelsReader::line(std::string_view text, std::uint64_t number) {
    if (blank(text)) return;
    labels_.given = true;
    const bool first = first_;
    first_ = false;
    const std::string expected = label_first_ ? "expected label,docid (CSV) or label<TAB>docid (TSV), as the header names them"
                                              : "expected docid,label (CSV) or docid<TAB>label (TSV)";
    // `,d1` under a label,docid header: an empty label, which gives none (below).
    if (label_first_) {
        const auto lead = text.find_first_not_of(' ');
        if (text[lead] == ',' || text[lead] == '\t') {
            const auto rest = text.substr(lead + 1);
            if (field_end(trim(rest), text[lead]) != std::string_view::npos)
                throw InputError(file_, number, "", "more than 2 fields; " + expected);
            if (trim(rest).empty()) throw InputError(file_, number, "docid", "empty");
            return;
        }
    }
    // Trailing blanks are no field (a spreadsheet's `1,F<TAB>`): the separator is read from the rest.
    const auto body = trim(text);
    const char separator = body.find('\t') != std::string_view::npos ? '\t' : ',';
    const auto cut = field_end(body, separator);
    // `d1,` or `d1<TAB>`: a document without its label, the separator trimmed away with it.
    const auto after = text.substr(static_cast<std::size_t>(body.data() - text.data()) + body.size());
    const bool bare = cut == std::string_view::npos && after.find_first_of(",\t") != std::string_view::npos;
    if (cut == std::string_view::npos && !bare) throw InputError(file_, number, "", expected);
    const auto left = bare ? body : body.substr(0, cut);
    const auto right = bare ? std::string_view() : body.substr(cut + 1);
    if (field_end(right, separator) != std::string_view::npos) throw InputError(file_, number, "", "more than 2 fields; " + expected);
    if (separator == ',' && (unclosed(left) || unclosed(right)))
        throw InputError(file_, number, "", "a quote is opened and not closed: " + in_quotes(body) + "; " + expected);
    // A header names its columns, in either order (label,docid as some tools write it): a first
    // line is a header only when a field is a column's name, so a mistyped first label (1,Femal)
    // is refused as any other line would be.
    if (first && names_label(left) && names_id(right)) {
        label_first_ = true;
        return;
    }
    const auto id = csv_text(label_first_ ? right : left);
    const auto raw = unquote(label_first_ ? left : right);
    const int label = resolve_label(raw, groups_);
    if (label == -2) {
        if (first && (names_id(left) || names_label(right))) return;
        std::string names;
        for (const auto& g : groups_) names += g + ", ";
        const auto letters = label_initials(groups_);
        throw InputError(file_, number, "label",
                         "unknown label " + in_quotes(raw) + "; expected " + names + "neutral" +
                             (letters.empty() ? "" : " (or " + letters + ")") +
                             (first ? " (a header names its columns, as docid,label)" : ""));
    }
    if (id.empty()) throw InputError(file_, number, "docid", "empty");
    // An empty label gives none: the document is neutral, and counted with those the file leaves out.
    if (trim(raw).empty()) return;
    const auto d = docs_.intern(id);
    const auto [it, fresh] = labels_.of.emplace(d, std::pair{label, static_cast<std::uint32_t>(number)});
    if (!fresh && it->second.first != label)
        throw InputError(file_, number, "label",
                         "document " + in_quotes(id) + " is labelled differently on line " + std::to_string(it->second.second));
}

// ------------------------------------------------------------------------------------------------

void QueriesReader::finish() const {
    if (list_.ids.empty()) throw InputError(file_, 0, "", "the query list holds no query");
}

void QueriesReader::line(std::string_view text, std::uint64_t number) {
    if (blank(text)) return;
    list_.given = true;
    std::string id, query, label;
    const auto header = [&](std::string_view first) {
        // A header (qid,query,label) names its columns instead of giving a query.
        const auto low = lower(first);
        return lines_.empty() && list_.ids.empty() && (low == "qid" || low == "id" || low == "query_id" || low == "q_id");
    };
    if (const auto tab = text.find('\t'); tab != std::string_view::npos) {
        // qid<TAB>query text (MS MARCO's queries.tsv), optionally <TAB>label. Tabs never occur in
        // the text, so no quoting.
        const auto rest = text.substr(tab + 1);
        const auto second = rest.find('\t');
        id = std::string(trim(text.substr(0, tab)));
        query = std::string(trim(rest.substr(0, second)));
        if (second != std::string_view::npos) {
            label = std::string(trim(rest.substr(second + 1)));
            if (label.find('\t') != std::string::npos)
                throw InputError(file_, number, "", "more than 3 fields; expected qid<TAB>query text, optionally <TAB>label");
        }
        if (header(id)) return;
        if (second != std::string_view::npos) list_.annotated = true;
    } else if (const auto first = text.find(','); first == std::string_view::npos) {
        id = std::string(trim(text));
        if (id.find_first_of(" \t") != std::string::npos)
            throw InputError(
                file_, number, "qid",
                "a query id has no spaces: " + in_quotes(id) + " (one id a line, qid<TAB>query text, or qid,query text,label)");
    } else {
        const auto last = text.rfind(',');
        id = std::string(unquote(text.substr(0, first)));
        label = std::string(unquote(text.substr(last + 1)));
        query = first == last ? std::string() : std::string(unquote(text.substr(first + 1, last - first - 1)));
        if (header(id)) return;
        list_.annotated = true;
    }
    if (id.empty()) throw InputError(file_, number, "qid", "empty");
    const auto [it, fresh] = lines_.emplace(id, number);
    if (!fresh)
        throw InputError(
            file_, number, "qid",
            "query " + in_quotes(id) + " is listed twice (lines " + std::to_string(it->second) + " and " + std::to_string(number) + ")");
    list_.ids.push_back(std::move(id));
    list_.texts.push_back(std::move(query));
    list_.labels.push_back(std::move(label));
}

}  // namespace fairness::runs
