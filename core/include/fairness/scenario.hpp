// The scenario: SPEC's one input format, read and validated here for every entry point
// (the native CLI, the WASM module), so that a message reads the same everywhere.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/limits.hpp"
#include "fairness/text.hpp"

namespace fairness {

// Refusal of a scenario: `field` is the JSON path of what is wrong (e.g. `params.k`,
// `rankings[0].docs[2].label`), what() reads "field: message".
class ScenarioError : public std::runtime_error {
public:
    ScenarioError(std::string field, const std::string& message)
        : std::runtime_error(field + ": " + message), field_(std::move(field)), message_(message) {}
    const std::string& field() const { return field_; }
    const std::string& message() const { return message_; }

private:
    std::string field_;
    std::string message_;
};

inline constexpr std::string_view neutral_label = "neutral";

struct Document {
    std::optional<std::string> id;  // no id: never merged with another document
    std::string text;
    int label = -1;  // index into Scenario::groups, or -1 for neutral
    double relevance = 0;
};

struct Ranking {
    std::string name;
    std::vector<Document> docs;
};

enum class BrowsingModel { uniform, exponential, logarithmic };
enum class AwrfAlignment { terms, labels };
enum class AwrfDistance { l1, js };
enum class NdcgGain { linear, exponential };
enum class RabMagnitude { tc, tf, boolean };  // "tc", "tf", "bool" (RaB and ARaB)
enum class NdklTarget { targets, ranking };   // NDKL's D*: params.targets, or the ranking's own shares

struct Params {
    std::size_t k = 10;
    double tau = 1;
    bool tau_inclusive = true;
    std::vector<double> targets;  // one per group, summing to 1
    bool rbdf = true;
    double alpha = 0.5;
    double ct = 0.5;
    std::size_t dips_a = 0, dips_b = 1;  // indices into groups
    BrowsingModel browsing = BrowsingModel::exponential;
    double gamma = 0.9;
    Tokenizer tokenizer = Tokenizer::words;
    AwrfAlignment awrf_alignment = AwrfAlignment::terms;
    AwrfDistance awrf_distance = AwrfDistance::l1;
    NdcgGain ndcg_gain = NdcgGain::linear;
    std::size_t rab_f = 0, rab_m = 1;  // RaB/ARaB groups f and m: "female", "male" if both exist, else the first two
    RabMagnitude rab_magnitude = RabMagnitude::tf;
    NdklTarget ndkl_target = NdklTarget::targets;
    double ndkl_epsilon = 0;  // ε added to both distributions of NDKL's KL divergence
};

struct Scenario {
    std::vector<std::string> groups;
    Lexicon lexicon;
    bool default_lexicon = true;
    Params params;
    std::vector<Ranking> rankings;
    std::vector<Document> background;
    std::vector<std::string> warnings;  // accepted, but worth telling (e.g. a group without terms)
};

// Parses and validates SPEC's scenario JSON within `limits` (core/limits.json). Throws
// ScenarioError on any bad input: malformed JSON, a key given twice in one object, bytes after
// the value (a NUL included), an unknown key or value, a field past its limit.
Scenario parse_scenario(std::string_view json_text, const Limits& limits = default_limits());

// A scenario's settings alone, with no rankings (run evaluation's params file, whose rankings are
// the runs): `groups`, `lexicon`, `params`, `title`, `description` of a tree already read by the
// strict reader, checked as parse_scenario checks them. Throws ScenarioError.
Scenario parse_settings(const nlohmann::json& root, const Limits& limits = default_limits());

// Refuses `bytes` of scenario JSON over the limit ("scenario: too large: …"), for a caller that
// knows the size before reading it all (the CLI, of a file).
void check_scenario_size(std::uint64_t bytes, const Limits& limits);

// Names for the enums, as they appear in the JSON.
std::string_view to_string(BrowsingModel);
std::string_view to_string(Tokenizer);
std::string_view to_string(AwrfAlignment);
std::string_view to_string(AwrfDistance);
std::string_view to_string(NdcgGain);
std::string_view to_string(RabMagnitude);
std::string_view to_string(NdklTarget);

}  // namespace fairness
