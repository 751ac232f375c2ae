#include "fairness/scenario.hpp"

#include "json_fields.hpp"
#include "lesson.hpp"
#include "strict_json.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace fairness {

using nlohmann::json;
using namespace fields;

namespace {

// Sums of targets may carry rounding from decimal input (0.1 + 0.2 + 0.7).
constexpr double target_sum_tolerance = 1e-9;
// The largest integer a JavaScript number (the page's JSON.parse) holds exactly: 2^53 - 1.
constexpr double max_safe_integer = 9007199254740991.0;

template <typename Enum, std::size_t N>
Enum choice(const json& j, const std::string& path, const std::array<std::pair<std::string_view, Enum>, N>& options) {
    const std::string value = string(j, path);
    std::vector<std::string> names;
    for (const auto& [name, e] : options) {
        if (name == value) return e;
        names.emplace_back(name);
    }
    throw ScenarioError(path, "unknown value " + in_quotes(value) + "; expected one of " + join(names));
}

constexpr std::array<std::pair<std::string_view, BrowsingModel>, 3> browsing_models{{
    {"uniform", BrowsingModel::uniform},
    {"exponential", BrowsingModel::exponential},
    {"logarithmic", BrowsingModel::logarithmic},
}};
constexpr std::array<std::pair<std::string_view, Tokenizer>, 2> tokenizers{{
    {"words", Tokenizer::words},
    {"whitespace", Tokenizer::whitespace},
}};
constexpr std::array<std::pair<std::string_view, AwrfAlignment>, 2> awrf_alignments{{
    {"terms", AwrfAlignment::terms},
    {"labels", AwrfAlignment::labels},
}};
constexpr std::array<std::pair<std::string_view, AwrfDistance>, 2> awrf_distances{{
    {"l1", AwrfDistance::l1},
    {"js", AwrfDistance::js},
}};
constexpr std::array<std::pair<std::string_view, NdcgGain>, 2> ndcg_gains{{
    {"linear", NdcgGain::linear},
    {"exponential", NdcgGain::exponential},
}};
constexpr std::array<std::pair<std::string_view, RabMagnitude>, 3> rab_magnitudes{{
    {"tc", RabMagnitude::tc},
    {"tf", RabMagnitude::tf},
    {"bool", RabMagnitude::boolean},
}};
constexpr std::array<std::pair<std::string_view, NdklTarget>, 2> ndkl_targets{{
    {"targets", NdklTarget::targets},
    {"ranking", NdklTarget::ranking},
}};

// A name the page and the results show (a column, a verdict, a CSV row): empty or only white space
// would read as nothing there.
bool blank(std::string_view name) { return name.find_first_not_of(" \t\n\r\f\v") == std::string_view::npos; }

template <typename Enum, std::size_t N>
std::string_view name_of(Enum e, const std::array<std::pair<std::string_view, Enum>, N>& options) {
    for (const auto& [name, value] : options)
        if (value == e) return name;
    return "";
}

// The documents of a ranking with an id, by index, in an open-addressing table of (hash, index):
// a million ids in std::unordered_set took a cache miss per node and 0.3 s; here an insert reads
// one slot (and a document's id only when the hashes agree).
class IdSet {
public:
    IdSet(const std::vector<Document>& docs, std::size_t capacity) : docs_(docs) {
        std::size_t size = 16;
        while (size < 2 * capacity) size *= 2;
        slots_.assign(size, Slot{});
    }

    // false when docs[d]'s id is already in.
    bool insert(std::size_t d) {
        const auto& id = *docs_[d].id;
        const std::size_t hash = std::hash<std::string_view>{}(id);
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t at = hash & mask;; at = (at + 1) & mask) {
            auto& slot = slots_[at];
            if (slot.index_plus_1 == 0) {
                slot = {static_cast<std::uint32_t>(hash), static_cast<std::uint32_t>(d + 1)};
                return true;
            }
            if (slot.hash == static_cast<std::uint32_t>(hash) && *docs_[slot.index_plus_1 - 1].id == id) return false;
        }
    }

private:
    struct Slot {
        std::uint32_t hash = 0, index_plus_1 = 0;  // 0: empty
    };
    const std::vector<Document>& docs_;
    std::vector<Slot> slots_;
};

class Reader {
public:
    explicit Reader(const Limits& limits) : limits_(limits) {}

    // A scenario's settings without rankings (run evaluation's params file): groups, lexicon, params.
    Scenario read_settings(const json& root) {
        expect_object(root, "scenario");
        only_keys(root, "", {"groups", "lexicon", "params", "title", "description"});
        if (root.contains("title")) string(root["title"], "title");
        if (root.contains("description")) string(root["description"], "description");
        read_groups(root);
        read_lexicon(root);
        read_params(root);
        return std::move(scenario_);
    }

    Scenario read(StrictJson&& parsed) {
        compact_ = &parsed;
        const json& root = parsed.root;
        expect_object(root, "scenario");
        only_keys(root, "", {"groups", "lexicon", "params", "rankings", "background", "title", "description", "lesson"});
        if (root.contains("title")) string(root["title"], "title");
        if (root.contains("description")) string(root["description"], "description");
        read_groups(root);
        read_lexicon(root);
        read_params(root);
        if (!root.contains("rankings")) throw ScenarioError("rankings", "is required: give at least one ranking");
        read_rankings(root["rankings"]);
        std::vector<CompactDocument>().swap(parsed.ranking_documents);  // moved from: freed before the background is read
        if (root.contains("background")) read_background(root["background"]);
        warn_ids_shared_with_other_texts();
        if (root.contains("lesson"))
            check_lesson(root["lesson"], scenario_, [&](const json& params, const std::string& path) {
                Params copy = scenario_.params;
                read_params_object(copy, params, path);
            });
        warn_typographic_punctuation();
        return std::move(scenario_);
    }

private:
    const Limits& limits_;
    Scenario scenario_;
    std::vector<std::string> typographic_;  // paths of texts with curly quotes, dashes or NBSP
    std::uint64_t text_bytes_ = 0;          // of every document read so far
    std::uint64_t lexicon_terms_ = 0;       // entries of the scenario's lexicon read so far
    StrictJson* compact_ = nullptr;         // the compact documents, taken in reading order:
    std::size_t next_ranking_document_ = 0, next_background_document_ = 0;

    // A list longer than its limit: "rankings[0].docs: 20000 documents is over the limit of 1000 (documentsPerRanking)".
    static void at_most(const json& list, const std::string& path, std::string_view unit, std::uint64_t limit, std::string_view key) {
        if (list.size() > limit) throw ScenarioError(path, over_limit(list.size(), unit, limit, key));
    }

    template <class Path>
    void note_text(const Document& doc, const Path& path) {
        if (has_typographic_punctuation(doc.text)) typographic_.push_back(child(path(), "text"));
    }

    void warn_typographic_punctuation() {
        if (typographic_.empty() || scenario_.params.tokenizer != Tokenizer::words) return;
        const auto more = typographic_.size() - 1;
        scenario_.warnings.push_back(typographic_.front() + (more ? " and " + std::to_string(more) + " more texts contain" : " contains") +
                                     " typographic quotes, dashes or no-break spaces, which the words tokenizer keeps inside"
                                     " tokens (He\u2019s is one token, not he + s); use ASCII ' and - where a term should match");
    }

    std::vector<std::string>& groups() { return scenario_.groups; }

    std::optional<std::size_t> group_index(std::string_view name) const {
        const auto& g = scenario_.groups;
        const auto found = std::find(g.begin(), g.end(), name);
        if (found == g.end()) return std::nullopt;
        return static_cast<std::size_t>(found - g.begin());
    }

    std::size_t require_group(const json& j, const std::string& path) {
        const std::string name = string(j, path);
        if (const auto g = group_index(name)) return *g;
        throw ScenarioError(path, "unknown group " + in_quotes(name) + "; the groups are " + join(scenario_.groups));
    }

    void read_groups(const json& root) {
        if (!root.contains("groups")) {
            groups() = {"female", "male"};
            return;
        }
        const auto& list = expect_array(root["groups"], "groups");
        at_most(list, "groups", "groups", limits_.groups, limit_key::groups);
        if (list.size() < 2) throw ScenarioError("groups", "needs at least two groups");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const auto path = item("groups", i);
            std::string name = string(list[i], path);
            if (blank(name)) throw ScenarioError(path, "a group needs a name");
            if (name == neutral_label) throw ScenarioError(path, "'neutral' is the label of documents of no group; it cannot be a group");
            if (group_index(name)) throw ScenarioError(path, "group " + in_quotes(name) + " is listed twice");
            groups().push_back(std::move(name));
        }
    }

    void read_lexicon(const json& root) {
        auto& terms = scenario_.lexicon.terms;
        terms.assign(groups().size(), {});
        std::unordered_map<std::string, std::size_t> owner;
        const auto add = [&](std::size_t g, const std::string& raw, const std::string& path) {
            std::string term = lowercase(raw);
            if (term.empty()) throw ScenarioError(path, "a term cannot be empty");
            const auto [it, fresh] = owner.emplace(term, g);
            if (!fresh && it->second != g)
                throw ScenarioError(path, "the term " + in_quotes(term) + " is also listed under " + in_quotes(groups()[it->second]) +
                                              "; a term may belong to one group only");
            if (!fresh) return;  // V_g is a set: a repeated term counts once
            const auto tokens = tokenize(term, scenario_.params.tokenizer);
            if (tokens.size() != 1 || tokens[0].text != term)
                scenario_.warnings.push_back(path + ": the term " + in_quotes(term) + " can never match a single " +
                                             std::string(to_string(scenario_.params.tokenizer)) + " token");
            terms[g].push_back(std::move(term));
        };
        // The tokenizer decides which terms can match, so read it before the lexicon.
        if (root.contains("params") && root["params"].is_object() && root["params"].contains("tokenizer"))
            scenario_.params.tokenizer = choice(root["params"]["tokenizer"], "params.tokenizer", tokenizers);

        if (!root.contains("lexicon")) {
            for (std::size_t g = 0; g < groups().size(); ++g)
                for (const auto& term : default_terms(groups()[g])) add(g, term, "lexicon");
        } else {
            scenario_.default_lexicon = false;
            const auto& lexicon = expect_object(root["lexicon"], "lexicon");
            for (const auto& [name, list] : lexicon.items()) {
                const auto path = child("lexicon", name);
                const auto g = group_index(name);
                if (!g) throw ScenarioError(path, "unknown group " + in_quotes(name) + "; the groups are " + join(groups()));
                expect_array(list, path);
                for (std::size_t i = 0; i < list.size(); ++i) {
                    if (++lexicon_terms_ > limits_.lexicon_terms)
                        throw ScenarioError(item(path, i), over_limit(lexicon_terms_, "terms in the lexicon", limits_.lexicon_terms,
                                                                      limit_key::lexicon_terms));
                    add(*g, string(list[i], item(path, i)), item(path, i));
                }
            }
        }
        for (std::size_t g = 0; g < groups().size(); ++g)
            if (terms[g].empty())
                scenario_.warnings.push_back("lexicon: group " + in_quotes(groups()[g]) +
                                             " has no terms, so the term-based metrics (NFaiRR, TExFAIR, AWRF by terms) never see it");
    }

    void read_params(const json& root) {
        auto& p = scenario_.params;
        const auto n_groups = groups().size();
        p.targets.assign(n_groups, 1.0 / static_cast<double>(n_groups));
        // RaB/ARaB's default f and m are SPEC's "female" and "male", or the first two groups when
        // the scenario names its groups otherwise (as dipsGroups defaults to them).
        const auto female = group_index("female"), male = group_index("male");
        if (female && male) p.rab_f = *female, p.rab_m = *male;
        if (root.contains("params")) read_params_object(p, root["params"], "params");
    }

    // The keys of a params object (at `base`: "params", or a lesson's change) onto `p`.
    void read_params_object(Params& p, const json& params, const std::string& base) {
        expect_object(params, base);
        only_keys(params, base,
                  {"k", "tau", "tauInclusive", "targets", "rbdf", "alpha", "ct", "dipsGroups", "browsing", "tokenizer", "awrfAlignment",
                   "awrfDistance", "ndcgGain", "rabGroups", "rabMagnitude", "ndklTarget", "ndklEpsilon"});
        for (const auto& [key, value] : params.items()) {
            const auto path = child(base, key);
            if (key == "k") {
                const double k = number(value, path);
                if (k < 1 || k != std::floor(k)) throw ScenarioError(path, "must be a whole number of at least 1, got " + json_text(value));
                // The limit keeps the SetFaiRR baseline's Σ_{r<=k} p(r) (an O(k) sum) instant.
                if (k > static_cast<double>(limits_.k))
                    throw ScenarioError(path, json_text(value) + " is over the limit of " + std::to_string(limits_.k) + " (" +
                                                  std::string(limit_key::k) + ")");
                p.k = static_cast<std::size_t>(k);
            } else if (key == "tau") {
                p.tau = number(value, path);
                if (p.tau < 0) throw ScenarioError(path, "must be at least 0, got " + json_text(value));
            } else if (key == "tauInclusive") {
                p.tau_inclusive = boolean(value, path);
            } else if (key == "targets") {
                read_targets(p.targets, value, path);
            } else if (key == "rbdf") {
                p.rbdf = boolean(value, path);
            } else if (key == "alpha") {
                p.alpha = number_in(value, path, 0, 1);
            } else if (key == "ct") {
                p.ct = number_in(value, path, 0, 1);
            } else if (key == "dipsGroups") {
                std::tie(p.dips_a, p.dips_b) =
                    two_groups(value, path, "must name exactly two groups, A then B", "groups A and B must differ");
            } else if (key == "browsing") {
                expect_object(value, path);
                only_keys(value, path, {"model", "gamma"});
                if (value.contains("model")) p.browsing = choice(value["model"], child(path, "model"), browsing_models);
                if (value.contains("gamma")) {
                    p.gamma = number(value["gamma"], child(path, "gamma"));
                    if (p.gamma <= 0 || p.gamma > 1)
                        throw ScenarioError(child(path, "gamma"), "must be in (0, 1], got " + json_text(value["gamma"]));
                }
            } else if (key == "tokenizer") {
                p.tokenizer = choice(value, path, tokenizers);
            } else if (key == "awrfAlignment") {
                p.awrf_alignment = choice(value, path, awrf_alignments);
            } else if (key == "awrfDistance") {
                p.awrf_distance = choice(value, path, awrf_distances);
            } else if (key == "ndcgGain") {
                p.ndcg_gain = choice(value, path, ndcg_gains);
            } else if (key == "rabGroups") {
                std::tie(p.rab_f, p.rab_m) =
                    two_groups(value, path, "must name exactly two groups, f then m", "groups f and m must differ");
            } else if (key == "rabMagnitude") {
                p.rab_magnitude = choice(value, path, rab_magnitudes);
            } else if (key == "ndklTarget") {
                p.ndkl_target = choice(value, path, ndkl_targets);
            } else if (key == "ndklEpsilon") {
                p.ndkl_epsilon = number_in(value, path, 0, 1);
            }
        }
    }

    // Two different groups of the scenario, as dipsGroups (A, B) and rabGroups (f, m) name them;
    // the messages are whole literals (no concatenation: this reader is in the WASM module too).
    std::pair<std::size_t, std::size_t> two_groups(const json& value, const std::string& path, const char* not_two, const char* same) {
        expect_array(value, path);
        if (value.size() != 2) throw ScenarioError(path, not_two);
        const auto a = require_group(value[0], item(path, 0)), b = require_group(value[1], item(path, 1));
        if (a == b) throw ScenarioError(path, same);
        return {a, b};
    }

    void read_targets(std::vector<double>& targets, const json& value, const std::string& path) {
        expect_object(value, path);
        std::vector<bool> seen(groups().size(), false);
        for (const auto& [name, t] : value.items()) {
            const auto g = group_index(name);
            if (!g) throw ScenarioError(child(path, name), "unknown group " + in_quotes(name) + "; the groups are " + join(groups()));
            targets[*g] = number(t, child(path, name));
            if (targets[*g] < 0) throw ScenarioError(child(path, name), "a target cannot be negative, got " + json_text(t));
            // A share: above 1 the sum cannot be 1 (and two of 1e308 would sum to infinity, said as null).
            if (targets[*g] > 1 + target_sum_tolerance)
                throw ScenarioError(child(path, name), "a target is a share, at most 1, got " + json_text(t));
            seen[*g] = true;
        }
        double sum = 0;
        for (std::size_t g = 0; g < groups().size(); ++g) {
            if (!seen[g]) throw ScenarioError(path, "no target for group " + in_quotes(groups()[g]) + "; give one per group");
            sum += targets[g];
        }
        if (std::abs(sum - 1) > target_sum_tolerance) {
            throw ScenarioError(path, "must sum to 1, got " + format_number(sum));
        }
    }

    // A document of the tree, or (a `discarded` marker) the next compact one of `compact`.
    // `path` makes the document's path, called only for a message.
    template <class Path>
    Document read_document(const json& j, const Path& path, std::vector<CompactDocument>& compact, std::size_t& next) {
        if (j.is_discarded()) return read_compact_document(compact[next++], path);
        expect_object(j, path());
        only_keys(j, path(), {"id", "text", "label", "relevance"});
        Document doc;
        if (j.contains("id")) doc.id = read_id(j["id"], child(path(), "id"));
        if (j.contains("text")) {
            string(j["text"], child(path(), "text"));
            doc.text = std::move(const_cast<json&>(j["text"]).get_ref<std::string&>());  // the tree is read once
            count_text(doc.text, path);
        }
        if (j.contains("label")) doc.label = read_label(string(j["label"], child(path(), "label")), path);
        if (j.contains("relevance")) doc.relevance = number(j["relevance"], child(path(), "relevance"));
        return doc;
    }

    // An id is text. A number is read as JavaScript's JSON.parse reads it (a double) and kept as
    // its decimal text, so the page and the core agree on every id: accepted only when that
    // double is a whole number of at most 2^53 - 1 in size (1e2 is "100", -0 is "0"); a larger or
    // fractional number would be a different id once rounded, so it is refused.
    static std::string read_id(const json& id, const std::string& path) {
        if (id.is_string()) return id.get<std::string>();
        if (!id.is_number()) throw ScenarioError(path, "must be a string or a whole number, got " + describe(id));
        const auto refuse = [&] {
            throw ScenarioError(path, "the number " + json_text(id) +
                                          " is not a whole number of at most 2^53 - 1 (9007199254740991)"
                                          ", which JavaScript could not read exactly; write the id as a string");
        };
        if (id.is_number_unsigned()) {
            const auto v = id.get<std::uint64_t>();
            if (v > static_cast<std::uint64_t>(max_safe_integer)) refuse();
            return std::to_string(v);
        }
        if (id.is_number_integer()) {
            const auto v = id.get<std::int64_t>();
            if (v > static_cast<std::int64_t>(max_safe_integer) || v < -static_cast<std::int64_t>(max_safe_integer)) refuse();
            return std::to_string(v);
        }
        const double v = id.get<double>();
        if (!(std::abs(v) <= max_safe_integer) || v != std::floor(v)) refuse();
        return std::to_string(static_cast<std::int64_t>(v));  // -0 becomes "0", as String(-0) in JS
    }

    // A text counted against the limit of all texts.
    template <class Path>
    void count_text(const std::string& text, const Path& path) {
        text_bytes_ += text.size();
        if (text_bytes_ > limits_.text_bytes)
            throw ScenarioError(child(path(), "text"), over_limit(text_bytes_, "bytes of text (this and the texts before it)",
                                                                  limits_.text_bytes, limit_key::text_bytes));
    }

    // A document the parser has checked the types of: its id, text limit and label are checked as
    // read_document checks them. Its strings are moved: parse_scenario's own, read once.
    template <class Path>
    Document read_compact_document(CompactDocument& compact, const Path& path) {
        Document doc;
        if (compact.present & member_id)
            doc.id = compact.id_is_text ? std::move(compact.id_text) : read_id(compact.id_number, child(path(), "id"));
        if (compact.present & member_text) {
            doc.text = std::move(compact.text);
            count_text(doc.text, path);
        }
        if (compact.present & member_label) doc.label = read_label(compact.label, path);
        if (compact.present & member_relevance) doc.relevance = compact.relevance;
        return doc;
    }

    // -1 for neutral, else the group's index.
    template <class Path>
    int read_label(const std::string& label, const Path& path) {
        if (label == neutral_label) return -1;
        const auto g = group_index(label);
        if (!g)
            throw ScenarioError(child(path(), "label"),
                                "unknown label " + in_quotes(label) + "; expected neutral or one of " + join(groups()));
        return static_cast<int>(*g);
    }

    void read_rankings(const json& value) {
        expect_array(value, "rankings");
        at_most(value, "rankings", "rankings", limits_.rankings, limit_key::rankings);
        if (value.empty()) throw ScenarioError("rankings", "give at least one ranking");
        std::set<std::string> names;
        for (std::size_t r = 0; r < value.size(); ++r) {
            const auto path = item("rankings", r);
            const auto& j = expect_object(value[r], path);
            only_keys(j, path, {"name", "docs"});
            Ranking ranking;
            // Unnamed rankings are A, B, C, … as on the page.
            ranking.name = j.contains("name") ? string(j["name"], child(path, "name"))
                                              : (r < 26 ? std::string(1, static_cast<char>('A' + r)) : std::to_string(r + 1));
            if (blank(ranking.name)) throw ScenarioError(child(path, "name"), "a ranking needs a name");
            if (!names.insert(ranking.name).second)
                throw ScenarioError(child(path, "name"), "another ranking is already named " + in_quotes(ranking.name));
            if (!j.contains("docs")) throw ScenarioError(child(path, "docs"), "is required");
            const auto& docs = expect_array(j["docs"], child(path, "docs"));
            at_most(docs, child(path, "docs"), "documents", limits_.documents_per_ranking, limit_key::documents_per_ranking);
            if (docs.empty()) throw ScenarioError(child(path, "docs"), "a ranking needs at least one document");
            ranking.docs.reserve(docs.size());  // the documents never move: IdSet keeps their indices
            IdSet ids(ranking.docs, docs.size());
            for (std::size_t d = 0; d < docs.size(); ++d) {
                const auto doc_path = [&] { return item(child(path, "docs"), d); };
                auto doc = read_document(docs[d], doc_path, compact_->ranking_documents, next_ranking_document_);
                note_text(doc, doc_path);
                // This document's part of the tree is read: freed now (the tree is parse_scenario's
                // own, not const), so that a long ranking is not held twice, as tree and as scenario.
                const_cast<json&>(docs[d]) = nullptr;
                const auto& added = ranking.docs.emplace_back(std::move(doc));
                if (added.id && !ids.insert(d))
                    throw ScenarioError(child(doc_path(), "id"), "the id " + in_quotes(*added.id) + " appears twice in this ranking");
            }
            scenario_.rankings.push_back(std::move(ranking));
        }
    }

    // A background document with a ranking document's id is that document, counted once in
    // NFaiRR's set S (SPEC); with another text, the ranking's is the one read, unseen unless said.
    void warn_ids_shared_with_other_texts() {
        if (scenario_.background.empty()) return;
        std::unordered_map<std::string_view, std::size_t> background_of;
        for (std::size_t i = 0; i < scenario_.background.size(); ++i)
            if (const auto& id = scenario_.background[i].id) background_of.emplace(*id, i);
        std::string first;
        std::size_t count = 0;
        for (std::size_t r = 0; r < scenario_.rankings.size(); ++r)
            for (std::size_t d = 0; d < scenario_.rankings[r].docs.size(); ++d) {
                const auto& doc = scenario_.rankings[r].docs[d];
                if (!doc.id) continue;
                const auto found = background_of.find(*doc.id);
                if (found == background_of.end() || scenario_.background[found->second].text == doc.text) continue;
                if (count++ == 0)
                    first = child(item("background", found->second), "id") + ": " + in_quotes(*doc.id) + " is also the id of " +
                            item(child(item("rankings", r), "docs"), d) + ", whose text differs";
            }
        if (count == 0) return;
        scenario_.warnings.push_back(
            first +
            (count > 1 ? " (and " + std::to_string(count - 1) + (count == 2 ? " more such document)" : " more such documents)") : "") +
            "; NFaiRR's set S counts such a document once, with the ranking's text");
    }

    void read_background(const json& value) {
        expect_array(value, "background");
        at_most(value, "background", "documents", limits_.background_documents, limit_key::background_documents);
        std::set<std::string> ids;
        for (std::size_t d = 0; d < value.size(); ++d) {
            const auto doc_path = [&] { return item("background", d); };
            auto doc = read_document(value[d], doc_path, compact_->background_documents, next_background_document_);
            note_text(doc, doc_path);
            if (doc.id && !ids.insert(*doc.id).second)
                throw ScenarioError(child(item("background", d), "id"),
                                    "the id " + in_quotes(*doc.id) + " appears twice in the background");
            scenario_.background.push_back(std::move(doc));
        }
    }
};

}  // namespace

void check_scenario_size(std::uint64_t bytes, const Limits& limits) {
    if (bytes > limits.scenario_bytes)
        throw ScenarioError("scenario", "too large: " + over_limit(bytes, "bytes", limits.scenario_bytes, limit_key::scenario_bytes));
}

Scenario parse_settings(const nlohmann::json& root, const Limits& limits) { return Reader(limits).read_settings(root); }

Scenario parse_scenario(std::string_view json_text, const Limits& limits) {
    return Reader(limits).read(read_json_strictly(json_text, limits, "scenario", true));
}

std::string_view to_string(BrowsingModel e) { return name_of(e, browsing_models); }
std::string_view to_string(Tokenizer e) { return name_of(e, tokenizers); }
std::string_view to_string(AwrfAlignment e) { return name_of(e, awrf_alignments); }
std::string_view to_string(AwrfDistance e) { return name_of(e, awrf_distances); }
std::string_view to_string(NdcgGain e) { return name_of(e, ndcg_gains); }
std::string_view to_string(RabMagnitude e) { return name_of(e, rab_magnitudes); }
std::string_view to_string(NdklTarget e) { return name_of(e, ndkl_targets); }

}  // namespace fairness
