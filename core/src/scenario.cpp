#include "fairness/scenario.hpp"

#include "strict_json.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <cstdio>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace fairness {

using nlohmann::json;

namespace {

// Sums of targets may carry rounding from decimal input (0.1 + 0.2 + 0.7).
constexpr double target_sum_tolerance = 1e-9;
// The largest integer a JavaScript number (the page's JSON.parse) holds exactly: 2^53 - 1.
constexpr double max_safe_integer = 9007199254740991.0;

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

// A key in a path: `params.k`, or `scenario[""]`, `lexicon["a.b"]` for a key that is empty or
// holds a character of the path syntax, so that every path names one place.
std::string child(const std::string& path, std::string_view key, std::string_view root = "scenario") {
    const bool plain = !key.empty() && std::none_of(key.begin(), key.end(), [](char c) {
        return c == '.' || c == '[' || c == ']' || c == '"' || static_cast<unsigned char>(c) < 0x20;
    });
    if (!plain) return (path.empty() ? std::string(root) : path) + "[" + json(std::string(key)).dump(-1, ' ', false, json::error_handler_t::replace) + "]";
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
    // nlohmann reads what follows the value as a literal that fails; say what is wrong instead.
    if (what.find("expected end of input") != std::string::npos) {
        const auto colon = what.find(": ");
        return "malformed JSON " + what.substr(0, colon) + ": bytes after the end of the JSON value";
    }
    return "malformed JSON " + what;
}

// The position of byte `offset` as nlohmann reports positions: line from 1, column from 1.
std::string line_and_column(std::string_view text, std::size_t offset) {
    const auto before = text.substr(0, offset);
    const auto line = std::count(before.begin(), before.end(), '\n') + 1;
    const auto last_newline = before.rfind('\n');
    const auto column = offset - (last_newline == std::string_view::npos ? 0 : last_newline + 1) + 1;
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// What nlohmann's DOM parser cannot say by itself: it keeps the last of two equal keys and takes
// no nesting limit. This SAX handler builds the same tree (nlohmann's own DOM builder) and sees
// every key and container as it is read: a repeated key is refused, naming it, and so is nesting
// deeper than the table allows. (Not nlohmann's parser callback: in 3.11 it rescans the parent of
// every object that ends, which made an array of 100,000 objects take minutes in WASM.)
class StrictSax : public nlohmann::detail::json_sax_dom_parser<json> {
    using Dom = nlohmann::detail::json_sax_dom_parser<json>;

public:
    StrictSax(json& root, const Limits& limits, std::string_view root_name) : Dom(root, true), limits_(limits), root_name_(root_name) {}

    bool null() { return element_started(), Dom::null(); }
    bool boolean(bool v) { return element_started(), Dom::boolean(v); }
    bool number_integer(json::number_integer_t v) { return element_started(), Dom::number_integer(v); }
    bool number_unsigned(json::number_unsigned_t v) { return element_started(), Dom::number_unsigned(v); }
    bool number_float(json::number_float_t v, const json::string_t& text) { return element_started(), Dom::number_float(v, text); }
    bool string(json::string_t& v) { return element_started(), Dom::string(v); }

    bool start_object(std::size_t size) {
        open(true);
        return Dom::start_object(size);
    }
    bool start_array(std::size_t size) {
        open(false);
        return Dom::start_array(size);
    }
    bool end_object() {
        frames_.pop_back();
        return Dom::end_object();
    }
    bool end_array() {
        frames_.pop_back();
        return Dom::end_array();
    }

    bool key(json::string_t& k) {
        auto& frame = frames_.back();
        frame.key = k;
        if (!frame.keys.insert(k).second)
            throw ScenarioError(path(), "the key " + json(k).dump(-1, ' ', false, json::error_handler_t::replace) +
                                            " appears twice in this object; give each key once");
        return Dom::key(k);
    }

private:
    struct Frame {
        bool object;
        std::size_t items;  // arrays: elements begun so far
        std::string key;    // objects: the key being read
        std::unordered_set<std::string> keys;
    };

    void element_started() {
        if (!frames_.empty() && !frames_.back().object) ++frames_.back().items;
    }

    void open(bool object) {
        element_started();
        if (frames_.size() >= limits_.json_depth)
            throw ScenarioError(path(), "nested too deep: " + over_limit(frames_.size() + 1, "levels of arrays and objects",
                                                                         limits_.json_depth, limit_key::json_depth));
        frames_.push_back({object, 0, {}, {}});
    }

    // The path of the value being read, built only for a message.
    std::string path() const {
        std::string out;
        const std::string root(root_name_);
        for (const auto& frame : frames_)
            out = frame.object ? child(out, frame.key, root) : item(out.empty() ? root : out, frame.items - 1);
        return out.empty() ? root : out;
    }

    const Limits& limits_;
    std::string_view root_name_;
    std::vector<Frame> frames_;
};

}  // namespace

json parse_json_strictly(std::string_view text, const Limits& limits, std::string_view root_name) {
    const std::string root(root_name);
    if (text.size() > limits.scenario_bytes)
        throw ScenarioError(root, "too large: " + over_limit(text.size(), "bytes", limits.scenario_bytes, limit_key::scenario_bytes));
    // JSON text never holds a raw NUL (inside a string it is written \u0000); nlohmann would stop
    // reading at one and accept what came before.
    if (const auto nul = text.find('\0'); nul != std::string_view::npos)
        throw ScenarioError(root, "malformed JSON at " + line_and_column(text, nul) + ": a NUL byte; JSON text cannot hold one");
    try {
        json value;
        StrictSax sax(value, limits, root);
        json::sax_parse(text.begin(), text.end(), &sax);
        return value;
    } catch (const json::parse_error& error) {
        throw ScenarioError(root, parse_message(error));
    } catch (const json::out_of_range& error) {
        // A number too large for a double (1e400) is reported as out_of_range, not parse_error.
        std::string what = error.what();
        const auto at = what.find("] ");
        throw ScenarioError(root, "malformed JSON: " + (at == std::string::npos ? what : what.substr(at + 2)));
    }
}

namespace {

// Typographic punctuation is UTF-8 (bytes >= 0x80), so SPEC's `words` tokenizer keeps it inside a
// token: "He’s" is one token, not "he" + "s". Worth a warning, since pasted text is full of it.
bool has_typographic_punctuation(std::string_view text) {
    static constexpr std::string_view marks[] = {"\u2018", "\u2019", "\u201C", "\u201D", "\u2013", "\u2014", "\u00A0"};
    return std::any_of(std::begin(marks), std::end(marks), [&](std::string_view m) { return text.find(m) != std::string_view::npos; });
}

class Reader {
public:
    explicit Reader(const Limits& limits) : limits_(limits) {}

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
    const Limits& limits_;
    Scenario scenario_;
    std::vector<std::string> typographic_;  // paths of texts with curly quotes, dashes or NBSP
    std::uint64_t text_bytes_ = 0;          // of every document read so far
    std::uint64_t lexicon_terms_ = 0;       // entries of the scenario's lexicon read so far

    // A list longer than its limit: "rankings[0].docs: 20000 documents is over the limit of 10000 (documentsPerRanking)".
    static void at_most(const json& list, const std::string& path, std::string_view unit, std::uint64_t limit, std::string_view key) {
        if (list.size() > limit) throw ScenarioError(path, over_limit(list.size(), unit, limit, key));
    }

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
        at_most(list, "groups", "groups", limits_.groups, limit_key::groups);
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
                for (std::size_t i = 0; i < list.size(); ++i) {
                    if (++lexicon_terms_ > limits_.lexicon_terms)
                        throw ScenarioError(item(path, i), over_limit(lexicon_terms_, "terms in the lexicon", limits_.lexicon_terms, limit_key::lexicon_terms));
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
        if (!root.contains("params")) return;
        const auto& params = expect_object(root["params"], "params");
        only_keys(params, "params",
                  {"k", "tau", "tauInclusive", "targets", "rbdf", "alpha", "ct", "dipsGroups", "browsing", "tokenizer",
                   "awrfAlignment", "awrfDistance", "ndcgGain"});
        for (const auto& [key, value] : params.items()) {
            const auto path = child("params", key);
            if (key == "k") {
                const double k = number(value, path);
                if (k < 1 || k != std::floor(k)) throw ScenarioError(path, "must be a whole number of at least 1, got " + value.dump());
                // The limit keeps the SetFaiRR baseline's Σ_{r<=k} p(r) (an O(k) sum) instant.
                if (k > static_cast<double>(limits_.k))
                    throw ScenarioError(path, value.dump() + " is over the limit of " + std::to_string(limits_.k) + " (" + std::string(limit_key::k) + ")");
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
        expect_object(j, path);
        only_keys(j, path, {"id", "text", "label", "relevance"});
        Document doc;
        if (j.contains("id")) doc.id = read_id(j["id"], child(path, "id"));
        if (j.contains("text")) {
            doc.text = string(j["text"], child(path, "text"));
            text_bytes_ += doc.text.size();
            if (text_bytes_ > limits_.text_bytes)
                throw ScenarioError(child(path, "text"), over_limit(text_bytes_, "bytes of text (this and the texts before it)", limits_.text_bytes, limit_key::text_bytes));
        }
        if (j.contains("label")) {
            const std::string label = string(j["label"], child(path, "label"));
            if (label != neutral_label) {
                const auto g = group_index(label);
                if (!g)
                    throw ScenarioError(child(path, "label"), "unknown label " + in_quotes(label) +
                                                                  "; expected neutral or one of " + join(groups()));
                doc.label = static_cast<int>(*g);
            }
        }
        if (j.contains("relevance")) doc.relevance = number(j["relevance"], child(path, "relevance"));
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
            throw ScenarioError(path, "the number " + id.dump() + " is not a whole number of at most 2^53 - 1 (9007199254740991)"
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
            if (!names.insert(ranking.name).second)
                throw ScenarioError(child(path, "name"), "another ranking is already named " + in_quotes(ranking.name));
            if (!j.contains("docs")) throw ScenarioError(child(path, "docs"), "is required");
            const auto& docs = expect_array(j["docs"], child(path, "docs"));
            at_most(docs, child(path, "docs"), "documents", limits_.documents_per_ranking, limit_key::documents_per_ranking);
            if (docs.empty()) throw ScenarioError(child(path, "docs"), "a ranking needs at least one document");
            std::set<std::string> ids;
            for (std::size_t d = 0; d < docs.size(); ++d) {
                const auto doc_path = item(child(path, "docs"), d);
                auto doc = read_document(docs[d], doc_path);
                note_text(doc, doc_path);
                if (doc.id && !ids.insert(*doc.id).second)
                    throw ScenarioError(child(doc_path, "id"), "the id " + in_quotes(*doc.id) + " appears twice in this ranking");
                ranking.docs.push_back(std::move(doc));
            }
            scenario_.rankings.push_back(std::move(ranking));
        }
    }

    void read_background(const json& value) {
        expect_array(value, "background");
        at_most(value, "background", "documents", limits_.background_documents, limit_key::background_documents);
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

void check_scenario_size(std::uint64_t bytes, const Limits& limits) {
    if (bytes > limits.scenario_bytes)
        throw ScenarioError("scenario", "too large: " + over_limit(bytes, "bytes", limits.scenario_bytes, limit_key::scenario_bytes));
}

Scenario parse_scenario(std::string_view json_text, const Limits& limits) {
    return Reader(limits).read(parse_json_strictly(json_text, limits, "scenario"));
}

std::string_view to_string(BrowsingModel e) { return name_of(e, browsing_models); }
std::string_view to_string(Tokenizer e) { return name_of(e, tokenizers); }
std::string_view to_string(AwrfAlignment e) { return name_of(e, awrf_alignments); }
std::string_view to_string(AwrfDistance e) { return name_of(e, awrf_distances); }
std::string_view to_string(NdcgGain e) { return name_of(e, ndcg_gains); }

}  // namespace fairness
