#include "fairness/scenario.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <set>
#include <cstdio>
#include <unordered_map>
#include <unordered_set>

namespace fairness {

using nlohmann::json;

namespace {

// Sums of targets may carry rounding from decimal input (0.1 + 0.2 + 0.7).
constexpr double target_sum_tolerance = 1e-9;
constexpr double max_k = 1e6;

// A number for a message, to 10 significant digits. snprintf rather than a stream: iostreams
// would add about 35 kB of locale code to the WebAssembly module.
std::string format_number(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.10g", value);
    return buffer;
}

std::string in_quotes(std::string_view s) { return "'" + std::string(s) + "'"; }

std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
    return out;
}

std::string describe(const json& j) {
    if (j.is_string()) return "the string " + j.dump();
    if (j.is_null()) return "null";
    if (j.is_boolean()) return j.dump();
    if (j.is_number()) return j.dump();
    if (j.is_array()) return "an array";
    return "an object";
}

std::string child(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}
std::string item(const std::string& path, std::size_t index) {
    return path + "[" + std::to_string(index) + "]";
}

const json& expect_object(const json& j, const std::string& path) {
    if (!j.is_object()) throw ScenarioError(path, "must be an object, got " + describe(j));
    return j;
}

const json& expect_array(const json& j, const std::string& path) {
    if (!j.is_array()) throw ScenarioError(path, "must be an array, got " + describe(j));
    return j;
}

void only_keys(const json& object, const std::string& path, std::initializer_list<std::string_view> allowed) {
    for (const auto& [key, value] : object.items()) {
        if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
        std::vector<std::string> names(allowed.begin(), allowed.end());
        throw ScenarioError(child(path, key), "unknown key; expected one of " + join(names));
    }
}

double number(const json& j, const std::string& path) {
    if (!j.is_number()) throw ScenarioError(path, "must be a finite number, got " + describe(j));
    const double value = j.get<double>();
    if (!std::isfinite(value)) throw ScenarioError(path, "must be a finite number");
    return value;
}

double number_in(const json& j, const std::string& path, double lo, double hi) {
    const double value = number(j, path);
    if (value < lo || value > hi) {
        throw ScenarioError(path, "must be between " + format_number(lo) + " and " + format_number(hi) + ", got " + j.dump());
    }
    return value;
}

bool boolean(const json& j, const std::string& path) {
    if (!j.is_boolean()) throw ScenarioError(path, "must be true or false, got " + describe(j));
    return j.get<bool>();
}

std::string string(const json& j, const std::string& path) {
    if (!j.is_string()) throw ScenarioError(path, "must be a string, got " + describe(j));
    return j.get<std::string>();
}

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

template <typename Enum, std::size_t N>
std::string_view name_of(Enum e, const std::array<std::pair<std::string_view, Enum>, N>& options) {
    for (const auto& [name, value] : options)
        if (value == e) return name;
    return "";
}

// Turns nlohmann's "[json.exception.parse_error.101] parse error at line 1, column 5: ..."
// into "malformed JSON at line 1, column 5: ...".
std::string parse_message(const json::parse_error& error) {
    std::string what = error.what();
    const std::string marker = "parse error ";
    const auto at = what.find(marker);
    if (at != std::string::npos) what = what.substr(at + marker.size());
    return "malformed JSON " + what;
}

// Typographic punctuation is UTF-8 (bytes >= 0x80), so SPEC's `words` tokenizer keeps it inside a
// token: "He’s" is one token, not "he" + "s". Worth a warning, since pasted text is full of it.
bool has_typographic_punctuation(std::string_view text) {
    static constexpr std::string_view marks[] = {"\u2018", "\u2019", "\u201C", "\u201D", "\u2013", "\u2014", "\u00A0"};
    // Every mark begins with the byte E2 or C2: most texts are passed over in one scan.
    if (text.find_first_of("\xE2\xC2") == std::string_view::npos) return false;
    return std::any_of(std::begin(marks), std::end(marks), [&](std::string_view m) { return text.find(m) != std::string_view::npos; });
}

// A document of a long ranking costs nlohmann's tree some 450 bytes besides its text (an object
// of four members): a million of them took 880 MB. While parsing, each document whose members are
// all well-typed is therefore replaced by a compact array [marker, id, text, label, relevance]
// (null where absent; the id as text), about 100 bytes; the marker is a binary value, which JSON
// text cannot produce, so no scenario can spell a compact document. Any other document stays an
// object, and the reader reports what is wrong with it as always.
bool is_compact_document(const json& j) { return j.is_array() && j.size() == 5 && j[0].is_binary(); }

// The slot of a well-typed member in the compact array, or 0.
std::size_t compact_slot(const std::string& key, const json& value) {
    if (key == "id") return value.is_string() || value.is_number_integer() ? 1 : 0;
    if (key == "text") return value.is_string() ? 2 : 0;
    if (key == "label") return value.is_string() ? 3 : 0;
    if (key == "relevance") return value.is_number() ? 4 : 0;
    return 0;
}

void compact_document(json& doc) {
    if (!doc.is_object()) return;
    // An unknown key or a wrong type: left as it is, for the reader to report.
    for (const auto& [key, value] : doc.items())
        if (compact_slot(key, value) == 0) return;
    json fields = json::array({json::binary({}), nullptr, nullptr, nullptr, nullptr});
    for (auto& [key, value] : doc.items()) {
        const std::size_t slot = compact_slot(key, value);
        fields[slot] = slot == 1 && value.is_number_integer() ? json(value.dump()) : std::move(value);
    }
    doc = std::move(fields);
}

// nlohmann's DOM parser (its json_sax_dom_parser, event for event), compacting each document as
// it ends (compact_document): an object ending inside rankings[i].docs or background. nlohmann's
// own callback parser could do it, but it searches the parent for discarded values at the end of
// every object, which is quadratic in a ranking's length.
class CompactingDomParser {
public:
    explicit CompactingDomParser(json& root) : root_(root) {}

    bool null() { return add(nullptr); }
    bool boolean(bool value) { return add(value); }
    bool number_integer(json::number_integer_t value) { return add(value); }
    bool number_unsigned(json::number_unsigned_t value) { return add(value); }
    bool number_float(json::number_float_t value, const json::string_t&) { return add(value); }
    bool string(json::string_t& value) { return add(value); }
    bool binary(json::binary_t& value) { return add(json::binary(value)); }
    bool start_object(std::size_t) { return open(json::value_t::object); }
    bool start_array(std::size_t) { return open(json::value_t::array); }
    bool end_array() { return close(); }

    bool key(json::string_t& name) {
        if (keys_.size() <= open_.size()) keys_.resize(open_.size() + 1);
        keys_[open_.size()] = name;
        member_ = &(*open_.back())[name];
        return true;
    }

    bool end_object() {
        const auto depth = open_.size();
        const auto inside = [&](std::size_t at, const char* key) { return keys_.size() > at && keys_[at] == key && open_[at]->is_array(); };
        if ((depth == 5 && inside(1, "rankings") && inside(3, "docs")) || (depth == 3 && inside(1, "background"))) compact_document(*open_.back());
        return close();
    }

    template <class Exception>
    bool parse_error(std::size_t, const std::string&, const Exception& error) {
        throw error;
    }

private:
    template <typename Value>
    json* place(Value&& value) {
        if (open_.empty()) {
            root_ = json(std::forward<Value>(value));
            return &root_;
        }
        if (open_.back()->is_array()) {
            open_.back()->push_back(json(std::forward<Value>(value)));
            return &open_.back()->back();
        }
        *member_ = json(std::forward<Value>(value));
        return member_;
    }

    template <typename Value>
    bool add(Value&& value) {
        place(std::forward<Value>(value));
        return true;
    }

    bool open(json::value_t type) {
        open_.push_back(place(type));
        return true;
    }

    bool close() {
        open_.pop_back();
        return true;
    }

    json& root_;
    std::vector<json*> open_;        // the containers being filled, outermost first
    json* member_ = nullptr;         // where the next value of the innermost object goes
    std::vector<std::string> keys_;  // keys_[d]: the last key read in open_[d - 1]
};

class Reader {
public:
    Scenario read(const json& root) {
        expect_object(root, "scenario");
        only_keys(root, "", {"groups", "lexicon", "params", "rankings", "background", "title", "description"});
        if (root.contains("title")) string(root["title"], "title");
        if (root.contains("description")) string(root["description"], "description");
        read_groups(root);
        read_lexicon(root);
        read_params(root);
        if (!root.contains("rankings")) throw ScenarioError("rankings", "is required: give at least one ranking");
        read_rankings(root["rankings"]);
        if (root.contains("background")) read_background(root["background"]);
        warn_typographic_punctuation();
        return std::move(scenario_);
    }

private:
    Scenario scenario_;
    std::vector<std::string> typographic_;  // paths of texts with curly quotes, dashes or NBSP

    void note_text(const Document& doc, const std::string& path) {
        if (has_typographic_punctuation(doc.text)) typographic_.push_back(child(path, "text"));
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
        if (list.size() < 2) throw ScenarioError("groups", "needs at least two groups");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const auto path = item("groups", i);
            std::string name = string(list[i], path);
            if (name.empty()) throw ScenarioError(path, "a group needs a name");
            if (name == neutral_label)
                throw ScenarioError(path, "'neutral' is the label of documents of no group; it cannot be a group");
            if (group_index(name)) throw ScenarioError(path, "group " + in_quotes(name) + " is listed twice");
            groups().push_back(std::move(name));
        }
    }

    void read_lexicon(const json& root) {
        auto& terms = scenario_.lexicon.terms;
        terms.assign(groups().size(), {});
        std::unordered_map<std::string, std::size_t> owner;
        const auto add = [&](std::size_t g, const std::string& raw, const std::string& path) {
            std::string term = ascii_lower(raw);
            if (term.empty()) throw ScenarioError(path, "a term cannot be empty");
            const auto [it, fresh] = owner.emplace(term, g);
            if (!fresh && it->second != g)
                throw ScenarioError(path, "the term " + in_quotes(term) + " is also listed under " +
                                              in_quotes(groups()[it->second]) + "; a term may belong to one group only");
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
                for (std::size_t i = 0; i < list.size(); ++i) add(*g, string(list[i], item(path, i)), item(path, i));
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
        if (!root.contains("params")) return;
        const auto& params = expect_object(root["params"], "params");
        only_keys(params, "params",
                  {"k", "tau", "tauInclusive", "targets", "rbdf", "alpha", "ct", "dipsGroups", "browsing", "tokenizer",
                   "awrfAlignment", "awrfDistance", "ndcgGain"});
        for (const auto& [key, value] : params.items()) {
            const auto path = child("params", key);
            if (key == "k") {
                const double k = number(value, path);
                // The cap keeps the SetFaiRR baseline's Σ_{r<=k} p(r) (an O(k) sum) instant.
                if (k < 1 || k != std::floor(k) || k > max_k)
                    throw ScenarioError(path, "must be a whole number from 1 to 1000000, got " + value.dump());
                p.k = static_cast<std::size_t>(k);
            } else if (key == "tau") {
                p.tau = number(value, path);
                if (p.tau < 0) throw ScenarioError(path, "must be at least 0, got " + value.dump());
            } else if (key == "tauInclusive") {
                p.tau_inclusive = boolean(value, path);
            } else if (key == "targets") {
                read_targets(value, path);
            } else if (key == "rbdf") {
                p.rbdf = boolean(value, path);
            } else if (key == "alpha") {
                p.alpha = number_in(value, path, 0, 1);
            } else if (key == "ct") {
                p.ct = number_in(value, path, 0, 1);
            } else if (key == "dipsGroups") {
                expect_array(value, path);
                if (value.size() != 2) throw ScenarioError(path, "must name exactly two groups, A then B");
                p.dips_a = require_group(value[0], item(path, 0));
                p.dips_b = require_group(value[1], item(path, 1));
                if (p.dips_a == p.dips_b) throw ScenarioError(path, "groups A and B must differ");
            } else if (key == "browsing") {
                expect_object(value, path);
                only_keys(value, path, {"model", "gamma"});
                if (value.contains("model")) p.browsing = choice(value["model"], child(path, "model"), browsing_models);
                if (value.contains("gamma")) {
                    p.gamma = number(value["gamma"], child(path, "gamma"));
                    if (p.gamma <= 0 || p.gamma > 1)
                        throw ScenarioError(child(path, "gamma"), "must be in (0, 1], got " + value["gamma"].dump());
                }
            } else if (key == "tokenizer") {
                p.tokenizer = choice(value, path, tokenizers);
            } else if (key == "awrfAlignment") {
                p.awrf_alignment = choice(value, path, awrf_alignments);
            } else if (key == "awrfDistance") {
                p.awrf_distance = choice(value, path, awrf_distances);
            } else if (key == "ndcgGain") {
                p.ndcg_gain = choice(value, path, ndcg_gains);
            }
        }
    }

    void read_targets(const json& value, const std::string& path) {
        expect_object(value, path);
        auto& targets = scenario_.params.targets;
        std::vector<bool> seen(groups().size(), false);
        for (const auto& [name, t] : value.items()) {
            const auto g = group_index(name);
            if (!g) throw ScenarioError(child(path, name), "unknown group " + in_quotes(name) + "; the groups are " + join(groups()));
            targets[*g] = number(t, child(path, name));
            if (targets[*g] < 0) throw ScenarioError(child(path, name), "a target cannot be negative, got " + t.dump());
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

    Document read_document(const json& j, const std::string& path) {
        if (is_compact_document(j)) return read_compact_document(j, path);
        expect_object(j, path);
        only_keys(j, path, {"id", "text", "label", "relevance"});
        Document doc;
        if (j.contains("id")) {
            const auto& id = j["id"];
            if (id.is_string()) doc.id = id.get<std::string>();
            else if (id.is_number_integer()) doc.id = id.dump();
            else throw ScenarioError(child(path, "id"), "must be a string or a whole number, got " + describe(id));
        }
        if (j.contains("text")) {
            string(j["text"], child(path, "text"));
            // Moved, not copied: the tree is parse_scenario's own (not const) and read once, and
            // the texts are most of a long scenario's memory.
            doc.text = std::move(const_cast<json&>(j["text"]).get_ref<std::string&>());
        }
        if (j.contains("label")) doc.label = read_label(j["label"], child(path, "label"));
        if (j.contains("relevance")) doc.relevance = number(j["relevance"], child(path, "relevance"));
        return doc;
    }

    // A document compact_document() has already checked: only its label is left to check.
    Document read_compact_document(const json& j, const std::string& path) {
        auto& fields = const_cast<json&>(j);  // parse_scenario's own tree, read once: moved from
        Document doc;
        if (!fields[1].is_null()) doc.id = std::move(fields[1].get_ref<std::string&>());
        if (!fields[2].is_null()) doc.text = std::move(fields[2].get_ref<std::string&>());
        if (!fields[3].is_null()) doc.label = read_label(fields[3], child(path, "label"));
        if (!fields[4].is_null()) doc.relevance = number(fields[4], child(path, "relevance"));
        return doc;
    }

    // -1 for neutral, else the group's index.
    int read_label(const json& j, const std::string& path) {
        const std::string label = string(j, path);
        if (label == neutral_label) return -1;
        const auto g = group_index(label);
        if (!g) throw ScenarioError(path, "unknown label " + in_quotes(label) + "; expected neutral or one of " + join(groups()));
        return static_cast<int>(*g);
    }

    void read_rankings(const json& value) {
        expect_array(value, "rankings");
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
            if (!names.insert(ranking.name).second)
                throw ScenarioError(child(path, "name"), "another ranking is already named " + in_quotes(ranking.name));
            if (!j.contains("docs")) throw ScenarioError(child(path, "docs"), "is required");
            const auto& docs = expect_array(j["docs"], child(path, "docs"));
            if (docs.empty()) throw ScenarioError(child(path, "docs"), "a ranking needs at least one document");
            // The ids seen, as views of the documents' own ids: reserved, the documents never move.
            ranking.docs.reserve(docs.size());
            std::unordered_set<std::string_view> ids;
            ids.reserve(docs.size());
            for (std::size_t d = 0; d < docs.size(); ++d) {
                const auto doc_path = item(child(path, "docs"), d);
                auto doc = read_document(docs[d], doc_path);
                note_text(doc, doc_path);
                // This document's part of the tree is read: freed now (the tree is parse_scenario's
                // own, not const), so that a long ranking is not held twice, as tree and as scenario.
                const_cast<json&>(docs[d]) = nullptr;
                const auto& added = ranking.docs.emplace_back(std::move(doc));
                if (added.id && !ids.insert(*added.id).second)
                    throw ScenarioError(child(doc_path, "id"), "the id " + in_quotes(*added.id) + " appears twice in this ranking");
            }
            scenario_.rankings.push_back(std::move(ranking));
        }
    }

    void read_background(const json& value) {
        expect_array(value, "background");
        std::set<std::string> ids;
        for (std::size_t d = 0; d < value.size(); ++d) {
            auto doc = read_document(value[d], item("background", d));
            note_text(doc, item("background", d));
            if (doc.id && !ids.insert(*doc.id).second)
                throw ScenarioError(child(item("background", d), "id"), "the id " + in_quotes(*doc.id) + " appears twice in the background");
            scenario_.background.push_back(std::move(doc));
        }
    }
};

}  // namespace

Scenario parse_scenario(std::string_view json_text) {
    json root;
    try {
        CompactingDomParser parser(root);
        json::sax_parse(json_text.begin(), json_text.end(), &parser);
    } catch (const json::parse_error& error) {
        throw ScenarioError("scenario", parse_message(error));
    } catch (const json::out_of_range& error) {
        // A number too large for a double (1e400) is reported as out_of_range, not parse_error.
        std::string what = error.what();
        const auto at = what.find("] ");
        throw ScenarioError("scenario", "malformed JSON: " + (at == std::string::npos ? what : what.substr(at + 2)));
    }
    return Reader{}.read(root);
}

std::string_view to_string(BrowsingModel e) { return name_of(e, browsing_models); }
std::string_view to_string(Tokenizer e) { return name_of(e, tokenizers); }
std::string_view to_string(AwrfAlignment e) { return name_of(e, awrf_alignments); }
std::string_view to_string(AwrfDistance e) { return name_of(e, awrf_distances); }
std::string_view to_string(NdcgGain e) { return name_of(e, ndcg_gains); }

}  // namespace fairness
