// The one JSON parser of the core's inputs (the scenario, the experiments' spec): a SAX handler
// that builds nlohmann's tree (compacting a scenario's documents as they end) and refuses a key
// given twice, nesting past the limit, bytes after the value and NUL bytes. One instantiation of nlohmann's parser for the whole module
// (each costs some 8 kB of WebAssembly).
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "fairness/limits.hpp"

namespace fairness {

// `root` names the whole value in messages ("scenario", "spec"). Throws ScenarioError.
nlohmann::json parse_json_strictly(std::string_view text, const Limits& limits, std::string_view root);

}  // namespace fairness
