// The one JSON parser of the core's inputs (the scenario, the experiments' spec, params files, JSON
// lines of collections): the scanner of
// json_scanner.hpp (JSON's grammar, strictly), feeding a handler that builds nlohmann's tree and
// refuses a key given twice, nesting past the limit, bytes after the value and NUL bytes. For a
// scenario (parse_scenario), well-typed documents are read compactly, outside the tree.
// Its own translation unit, compiled for speed in the WebAssembly module (wasm/CMakeLists.txt):
// a million documents go through it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/limits.hpp"

namespace fairness {

// A document as read, before the groups are known (they may come after the rankings).
struct CompactDocument {
    std::string id_text;       // the id, given as a string
    nlohmann::json id_number;  // the id, given as a number (read_id checks it)
    bool id_is_text = false;
    unsigned char present = 0;  // the DocumentMember bits of the members given
    double relevance = 0;
    std::string text, label;
};

// A scenario's tree, and its compact documents in reading order: those of rankings[0].docs,
// rankings[1].docs, … one after another, and those of the background.
struct StrictJson {
    nlohmann::json root;
    std::vector<CompactDocument> ranking_documents, background_documents;
};

// The members of a document, by the bit that says it was given.
enum DocumentMember : unsigned char { member_id = 1, member_text = 2, member_label = 4, member_relevance = 8 };

// `root` names the whole value in messages ("scenario", "spec"). Throws ScenarioError. With
// `compact_documents` (a scenario), an object in rankings[i].docs or background whose members are
// all known and well-typed is a CompactDocument, and a `discarded` value (which JSON text cannot
// spell) holds its place in the tree.
StrictJson read_json_strictly(std::string_view text, const Limits& limits, std::string_view root, bool compact_documents);

// The tree alone (no compact documents).
nlohmann::json parse_json_strictly(std::string_view text, const Limits& limits, std::string_view root);

// One line of a JSON-lines file (run evaluation's collections): the same checks, nesting limited by
// jsonLineDepth (the line's length by lineBytes, before it gets here); paths start at the line's
// own keys ("id").
nlohmann::json parse_json_line_strictly(std::string_view line, const Limits& limits);

// A value as JSON text, as nlohmann's dump() writes it (compact), for messages ("got [1, 2]"):
// written by JsonWriter, so that nlohmann's serializer, and the printf it calls, stay out of the
// WebAssembly module.
std::string json_text(const nlohmann::json& value);

// A key in a path: `params.k`, or `scenario[""]`, `lexicon["a.b"]` for a key that is empty or
// holds a character of the path syntax, so that every path names one place.
std::string path_child(const std::string& path, std::string_view key, std::string_view root = "scenario");
// An element in a path: `rankings[0]`.
std::string path_item(const std::string& path, std::size_t index);

}  // namespace fairness
