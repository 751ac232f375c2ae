#include "strict_json.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_set>
#include <utility>

#include "fairness/json_writer.hpp"
#include "fairness/scenario.hpp"
#include "json_scanner.hpp"

namespace fairness {

using nlohmann::json;

std::string path_child(const std::string& path, std::string_view key, std::string_view root) {
    const bool plain = !key.empty() && std::none_of(key.begin(), key.end(), [](char c) {
        return c == '.' || c == '[' || c == ']' || c == '"' || static_cast<unsigned char>(c) < 0x20;
    });
    if (!plain) return (path.empty() ? std::string(root) : path) + "[" + JsonWriter().value(key).take() + "]";
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}
std::string path_item(const std::string& path, std::size_t index) { return path + "[" + std::to_string(index) + "]"; }

namespace {

void write_value(JsonWriter& out, const json& value) {
    switch (value.type()) {
        case json::value_t::null: out.null(); break;
        case json::value_t::boolean: out.value(value.get<bool>()); break;
        case json::value_t::number_integer: out.value(static_cast<long long>(value.get<std::int64_t>())); break;
        case json::value_t::number_unsigned: out.value(static_cast<unsigned long long>(value.get<std::uint64_t>())); break;
        case json::value_t::number_float: out.value(value.get<double>()); break;
        case json::value_t::string: out.value(value.get_ref<const std::string&>()); break;
        case json::value_t::array:
            out.begin_array();
            for (const auto& item : value) write_value(out, item);
            out.end_array();
            break;
        case json::value_t::object:
            out.begin_object();
            for (const auto& [key, item] : value.items()) write_value(out.key(key), item);
            out.end_object();
            break;
        default: out.null(); break;  // binary and discarded values: JSON text cannot spell them
    }
}

}  // namespace

std::string json_text(const json& value) {
    JsonWriter out;
    write_value(out, value);
    return out.take();
}

namespace {

std::string child(const std::string& path, std::string_view key, std::string_view root) { return path_child(path, key, root); }
std::string item(const std::string& path, std::size_t index) { return path_item(path, index); }

// The position of byte `offset`: line from 1, column (in bytes) from 1.
std::string line_and_column(std::string_view text, std::size_t offset) {
    const auto before = text.substr(0, offset);
    const auto line = std::count(before.begin(), before.end(), '\n') + 1;
    const auto last_newline = before.rfind('\n');
    const auto column = offset - (last_newline == std::string_view::npos ? 0 : last_newline + 1) + 1;
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

DocumentMember member_of(std::string_view key) {
    if (key == "id") return member_id;
    if (key == "text") return member_text;
    if (key == "label") return member_label;
    if (key == "relevance") return member_relevance;
    return DocumentMember{};
}

// What makes SAX events a tree, and says what JSON cannot: a repeated key is refused, naming it,
// and so is nesting deeper than the table allows. In a scenario, a document (an object in
// rankings[i].docs or background) whose members are all known and well-typed is not built as a
// tree at all: nlohmann's object of four members costs some 450 bytes and half a dozen allocations
// besides the text. Its members go into a CompactDocument, in reading order, and the tree holds a
// `discarded` value in its place (which JSON text cannot spell). A document with an unknown key or
// a wrong type becomes an object after all, as soon as that is seen, for the reader to report.
class StrictSax {
public:
    // `root_name` names the whole value in messages ("scenario", "spec"); nesting is limited to
    // `max_depth` levels, named `depth_key` in the message.
    StrictSax(StrictJson& out, std::string_view root_name, bool compact_documents, std::uint64_t max_depth, std::string_view depth_key)
        : out_(out), root_name_(root_name), compact_documents_(compact_documents), max_depth_(max_depth), depth_key_(depth_key) {}

    void null() {
        if (in_compact()) materialize_for_value();
        add(nullptr);
    }
    void boolean(bool value) {
        if (in_compact()) materialize_for_value();
        add(value);
    }
    void number_integer(std::int64_t value) { number(value); }
    void number_unsigned(std::uint64_t value) { number(value); }
    void number_float(double value) { number(value); }

    void string(std::string& value) {
        if (in_compact()) {
            switch (pending_member_) {
                case member_id: pending_.id_text = value, pending_.id_is_text = true; break;
                case member_text: pending_.text = value; break;
                case member_label: pending_.label = value; break;
                default:
                    materialize_for_value();
                    add(value);
                    return;
            }
            pending_.present |= pending_member_;
            return;
        }
        add(value);
    }

    void start_object() { open(true); }
    void start_array() { open(false); }
    void end_array() { frames_.pop_back(); }

    void end_object() {
        if (in_compact()) (frames_.size() == 5 ? out_.ranking_documents : out_.background_documents).push_back(std::move(pending_));
        frames_.pop_back();
    }

    void key(std::string& name) {
        auto& frame = frames_.back();
        if (frame.compact) {
            const auto member = member_of(name);
            if (member && !(pending_.present & member)) {
                frame.key = name;
                pending_member_ = member;
                return;
            }
            if (!member) materialize();
        }
        frame.key = name;
        if (frame.compact || !frame.keys.insert(name).second)
            throw ScenarioError(path(), "the key " + JsonWriter().value(name).take() + " appears twice in this object; give each key once");
        member_ = &(*frame.container)[name];
    }

private:
    struct Frame {
        json* container;  // null for a compact document
        bool object;
        bool compact = false;
        std::size_t items = 0;  // arrays: elements begun so far
        std::string key;        // objects: the key being read
        std::unordered_set<std::string> keys;
    };

    bool in_compact() const { return !frames_.empty() && frames_.back().compact; }

    template <typename Value>
    void number(Value value) {
        if (in_compact()) {
            if (pending_member_ == member_id) {
                pending_.id_number = value, pending_.id_is_text = false;
            } else if (pending_member_ == member_relevance) {
                pending_.relevance = static_cast<double>(value);
            } else {
                materialize_for_value();
                add(value);
                return;
            }
            pending_.present |= pending_member_;
            return;
        }
        add(value);
    }

    // The compact document being read becomes an object of the members read so far.
    void materialize() {
        auto& frame = frames_.back();
        json object = json::object();
        if (pending_.present & member_id) object["id"] = pending_.id_is_text ? json(std::move(pending_.id_text)) : pending_.id_number;
        if (pending_.present & member_text) object["text"] = std::move(pending_.text);
        if (pending_.present & member_label) object["label"] = std::move(pending_.label);
        if (pending_.present & member_relevance) object["relevance"] = pending_.relevance;
        for (const auto& [key, value] : object.items()) frame.keys.insert(key);
        *marker_ = std::move(object);
        frame.container = marker_;
        frame.compact = false;
    }

    // The same, when the value of the key just read does not fit: that key is the object's too.
    void materialize_for_value() {
        materialize();
        auto& frame = frames_.back();
        frame.keys.insert(frame.key);
        member_ = &(*frame.container)[frame.key];
    }

    template <typename Value>
    json* place(Value&& value) {
        if (frames_.empty()) {
            out_.root = json(std::forward<Value>(value));
            return &out_.root;
        }
        auto& frame = frames_.back();
        if (!frame.object) {
            ++frame.items;
            frame.container->push_back(json(std::forward<Value>(value)));
            return &frame.container->back();
        }
        *member_ = json(std::forward<Value>(value));
        return member_;
    }

    template <typename Value>
    void add(Value&& value) {
        place(std::forward<Value>(value));
    }

    // An object in rankings[i].docs (depth 4 when it opens) or background (depth 2).
    bool at_document() const {
        const auto in = [&](std::size_t at, const char* key) {
            return frames_[at - 1].object && frames_[at - 1].key == key && !frames_[at].object;
        };
        const auto depth = frames_.size();
        return compact_documents_ && ((depth == 4 && in(1, "rankings") && in(3, "docs")) || (depth == 2 && in(1, "background")));
    }

    void open(bool object) {
        if (frames_.size() >= max_depth_) {
            if (!frames_.empty() && !frames_.back().object) ++frames_.back().items;  // the path names this element
            throw ScenarioError(
                path(), "nested too deep: " + over_limit(frames_.size() + 1, "levels of arrays and objects", max_depth_, depth_key_));
        }
        if (in_compact()) materialize_for_value();
        if (object && at_document()) {
            marker_ = place(json::value_t::discarded);
            frames_.push_back({nullptr, true, true, 0, {}, {}});
            pending_ = {};
            return;
        }
        json* container = place(object ? json::value_t::object : json::value_t::array);
        frames_.push_back({container, object, false, 0, {}, {}});
    }

    // The path of the value being read, built only for a message.
    std::string path() const {
        std::string out;
        const std::string root(root_name_);
        for (const auto& frame : frames_)
            out = frame.object ? child(out, frame.key, root) : item(out.empty() ? root : out, frame.items - 1);
        return out.empty() ? root : out;
    }

    StrictJson& out_;
    std::string_view root_name_;
    bool compact_documents_;
    std::uint64_t max_depth_;
    std::string_view depth_key_;
    std::vector<Frame> frames_;  // the containers being filled, outermost first
    json* member_ = nullptr;     // where the next value of the innermost object goes
    json* marker_ = nullptr;     // the compact document's place in the tree
    CompactDocument pending_;    // the compact document being read
    DocumentMember pending_member_{};
};

}  // namespace

namespace {

// `one_line`: the text is a line of a file (a collection's JSON line), whose messages name the file
// and line already: a position is its column alone.
StrictJson scan_strictly(std::string_view text, std::string_view root_name, bool compact_documents, std::uint64_t max_depth,
                         std::string_view depth_key, bool one_line = false) {
    const std::string root(root_name);
    const auto at = [&](std::size_t offset) { return one_line ? "column " + std::to_string(offset + 1) : line_and_column(text, offset); };
    // Text that is not UTF-8 by its first two bytes, said as what it is, not as the NUL bytes or
    // bad UTF-8 the scanner would meet: UTF-16 (Windows PowerShell's >, Notepad's "Unicode"), by
    // its byte order mark or a zero byte (JSON text starts with an ASCII character), as the run
    // readers say it; gzip, by its magic bytes.
    const auto head = text.substr(0, 2);
    const char* encoded = head == "\xFF\xFE" || head == "\xFE\xFF" || (head.size() == 2 && head.find('\0') != head.npos)
                              ? "the text is UTF-16 (as Windows PowerShell's > writes it); save it as UTF-8"
                          : head == "\x1f\x8b" ? "the text is gzip-compressed (it starts with the bytes 1f 8b): decompress it first"
                                               : nullptr;
    if (!one_line && encoded) throw ScenarioError(root, encoded);
    // Said apart from the scanner's "unexpected" messages: a NUL is a common way for a file to end.
    if (const auto nul = text.find('\0'); nul != std::string_view::npos)
        throw ScenarioError(root, "malformed JSON at " + at(nul) + ": a NUL byte; JSON text cannot hold one");
    StrictJson out;
    StrictSax sax(out, root, compact_documents, max_depth, depth_key);
    try {
        json_scanner::scan(text, sax);
    } catch (const json_scanner::SyntaxError& error) {
        throw ScenarioError(root, "malformed JSON at " + at(error.offset) + ": " + error.what);
    }
    return out;
}

}  // namespace

StrictJson read_json_strictly(std::string_view text, const Limits& limits, std::string_view root_name, bool compact_documents) {
    if (text.size() > limits.scenario_bytes)
        throw ScenarioError(std::string(root_name),
                            "too large: " + over_limit(text.size(), "bytes", limits.scenario_bytes, limit_key::scenario_bytes));
    return scan_strictly(text, root_name, compact_documents, limits.json_depth, limit_key::json_depth);
}

json parse_json_strictly(std::string_view text, const Limits& limits, std::string_view root_name) {
    return read_json_strictly(text, limits, root_name, false).root;
}

json parse_json_line_strictly(std::string_view line, const Limits& limits) {
    return scan_strictly(line, "", false, limits.json_line_depth, limit_key::json_line_depth, true).root;
}

}  // namespace fairness
