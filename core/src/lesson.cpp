#include "lesson.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "fairness/descriptor.hpp"
#include "json_fields.hpp"

namespace fairness {

namespace {

using nlohmann::json;
using namespace fields;

constexpr std::size_t max_options = 8, max_conditions = 8;

std::string metric_ids() {
    std::vector<std::string> ids;
    for (const auto* d : all_metrics()) ids.emplace_back(d->id);
    return join(ids);
}

bool is_metric(std::string_view id) {
    return std::any_of(all_metrics().begin(), all_metrics().end(), [&](const MetricDescriptor* d) { return d->id == id; });
}

std::string metric(const json& j, const std::string& path) {
    auto id = string(j, path);
    if (!is_metric(id)) throw ScenarioError(path, "unknown metric " + in_quotes(id) + "; expected one of " + metric_ids());
    return id;
}

std::string ranking_names(const Scenario& s) {
    std::vector<std::string> names;
    for (const auto& r : s.rankings) names.push_back(r.name);
    return join(names);
}

const Ranking* find_ranking(const Scenario& s, std::string_view name) {
    const auto found = std::find_if(s.rankings.begin(), s.rankings.end(), [&](const Ranking& r) { return r.name == name; });
    return found == s.rankings.end() ? nullptr : &*found;
}

const Ranking& ranking(const Scenario& s, const json& j, const std::string& path) {
    const auto name = string(j, path);
    if (const auto* r = find_ranking(s, name)) return *r;
    throw ScenarioError(path, "no ranking is named " + in_quotes(name) + "; the rankings are " + ranking_names(s));
}

// `{metric@ranking}` is the value of a metric for a ranking, as the table shows it; in the text
// after the change, `{metric@ranking:before}` is the value before it. Other braces are text.
void check_text(const json& j, const std::string& path, const Scenario& s, bool before_allowed) {
    const auto text = string(j, path);
    if (text.empty()) throw ScenarioError(path, "must not be empty");
    for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
        const auto close = text.find('}', open);
        if (close == std::string::npos) break;
        std::string_view inner(text.data() + open + 1, close - open - 1);
        const auto at = inner.find('@');
        if (at == std::string_view::npos) continue;
        const auto placeholder = in_quotes(std::string(text, open, close - open + 1));
        auto name = inner.substr(at + 1);
        if (const auto colon = name.rfind(':'); colon != std::string_view::npos && name.substr(colon + 1) == "before") {
            if (!before_allowed)
                throw ScenarioError(path, placeholder + ": ':before' is for the text after the change (lesson.change.why)");
            name = name.substr(0, colon);
        }
        const auto id = inner.substr(0, at);
        if (!is_metric(id))
            throw ScenarioError(path, placeholder + ": unknown metric " + in_quotes(id) + "; expected one of " + metric_ids());
        if (!find_ranking(s, name))
            throw ScenarioError(path, placeholder + ": no ranking is named " + in_quotes(name) + "; the rankings are " + ranking_names(s));
    }
}

// A condition that makes an option right: a metric's verdict between the two rankings, or where a
// ranking's value lies.
void check_condition(const json& c, const std::string& path, const Scenario& s) {
    expect_object(c, path);
    only_keys(c, path, {"metric", "ranking", "fairer", "zero", "above", "below"});
    if (!c.contains("metric")) throw ScenarioError(child(path, "metric"), "is required: the metric that decides");
    metric(c["metric"], child(path, "metric"));
    const int tests = int(c.contains("fairer")) + int(c.contains("zero")) + int(c.contains("above")) + int(c.contains("below"));
    if (tests != 1) throw ScenarioError(path, "give exactly one of fairer, zero, above, below");
    if (c.contains("fairer")) {
        const auto fpath = child(path, "fairer");
        if (c.contains("ranking")) throw ScenarioError(child(path, "ranking"), "fairer compares the two rankings; it takes no ranking");
        if (s.rankings.size() != 2)
            throw ScenarioError(fpath, "compares two rankings; the scenario has " + std::to_string(s.rankings.size()));
        const auto side = string(c["fairer"], fpath);
        if (side != "neither" && !find_ranking(s, side))
            throw ScenarioError(fpath, "expected a ranking's name (" + ranking_names(s) + ") or neither, got " + in_quotes(side));
        return;
    }
    if (c.contains("ranking")) ranking(s, c["ranking"], child(path, "ranking"));
    if (c.contains("zero")) boolean(c["zero"], child(path, "zero"));
    if (c.contains("above")) number(c["above"], child(path, "above"));
    if (c.contains("below")) number(c["below"], child(path, "below"));
}

void check_options(const json& options, const std::string& path, const Scenario& s) {
    expect_array(options, path);
    if (options.size() < 2 || options.size() > max_options)
        throw ScenarioError(path, "give 2 to " + std::to_string(max_options) + " options, got " + std::to_string(options.size()));
    std::set<std::string> labels;
    for (std::size_t i = 0; i < options.size(); ++i) {
        const auto opath = item(path, i);
        const auto& option = expect_object(options[i], opath);
        only_keys(option, opath, {"label", "right"});
        if (!option.contains("label")) throw ScenarioError(child(opath, "label"), "is required");
        const auto label = string(option["label"], child(opath, "label"));
        if (label.empty()) throw ScenarioError(child(opath, "label"), "must not be empty");
        if (!labels.insert(label).second) throw ScenarioError(child(opath, "label"), "another option reads " + in_quotes(label));
        const auto rpath = child(opath, "right");
        if (!option.contains("right")) throw ScenarioError(rpath, "is required: when the option is right, as a list of conditions");
        const auto& right = expect_array(option["right"], rpath);
        if (right.empty() || right.size() > max_conditions)
            throw ScenarioError(rpath, "give 1 to " + std::to_string(max_conditions) + " conditions");
        for (std::size_t c = 0; c < right.size(); ++c) check_condition(right[c], item(rpath, c), s);
    }
}

// The document with id `doc` in `ranking`; returns the ranking.
const Ranking& check_document(const json& target, const std::string& path, const Scenario& s) {
    if (!target.contains("ranking")) throw ScenarioError(child(path, "ranking"), "is required: one of " + ranking_names(s));
    const auto& r = ranking(s, target["ranking"], child(path, "ranking"));
    if (!target.contains("doc"))
        throw ScenarioError(child(path, "doc"), "is required: the id of a document of ranking " + in_quotes(r.name));
    const auto id = string(target["doc"], child(path, "doc"));
    if (std::none_of(r.docs.begin(), r.docs.end(), [&](const Document& d) { return d.id && *d.id == id; }))
        throw ScenarioError(child(path, "doc"), "ranking " + in_quotes(r.name) + " has no document with the id " + in_quotes(id));
    return r;
}

void check_change(const json& change, const std::string& path, const Scenario& s, const ParamsCheck& check_params) {
    expect_object(change, path);
    only_keys(change, path, {"label", "params", "swap", "relabel", "move", "watch", "why"});
    if (!change.contains("label")) throw ScenarioError(child(path, "label"), "is required: what the change's button says");
    if (string(change["label"], child(path, "label")).empty()) throw ScenarioError(child(path, "label"), "must not be empty");
    const int kinds =
        int(change.contains("params")) + int(change.contains("swap")) + int(change.contains("relabel")) + int(change.contains("move"));
    if (kinds != 1) throw ScenarioError(path, "give exactly one change: params, swap, relabel or move");
    if (change.contains("params")) check_params(change["params"], child(path, "params"));
    if (change.contains("swap")) {
        const auto spath = child(path, "swap");
        expect_object(change["swap"], spath);
        only_keys(change["swap"], spath, {"ranking", "doc"});
        check_document(change["swap"], spath, s);
    }
    if (change.contains("relabel")) {
        const auto rpath = child(path, "relabel");
        const auto& relabel = expect_object(change["relabel"], rpath);
        only_keys(relabel, rpath, {"ranking", "doc", "label"});
        check_document(relabel, rpath, s);
        const auto lpath = child(rpath, "label");
        if (!relabel.contains("label")) throw ScenarioError(lpath, "is required");
        const auto label = string(relabel["label"], lpath);
        if (label != neutral_label && std::find(s.groups.begin(), s.groups.end(), label) == s.groups.end())
            throw ScenarioError(lpath, "unknown label " + in_quotes(label) + "; expected neutral or one of " + join(s.groups));
    }
    if (change.contains("move")) {
        const auto mpath = child(path, "move");
        const auto& move = expect_object(change["move"], mpath);
        only_keys(move, mpath, {"ranking", "doc", "to"});
        const auto& r = check_document(move, mpath, s);
        const auto tpath = child(mpath, "to");
        if (!move.contains("to")) throw ScenarioError(tpath, "is required: the rank to move the document to, from 1");
        const double to = number(move["to"], tpath);
        if (to < 1 || to > static_cast<double>(r.docs.size()) || to != std::floor(to))
            throw ScenarioError(tpath, "must be a whole number from 1 to " + std::to_string(r.docs.size()) + " (the ranks of " +
                                           in_quotes(r.name) + "), got " + json_text(move["to"]));
    }
    const auto wpath = child(path, "watch");
    if (!change.contains("watch")) throw ScenarioError(wpath, "is required: the metrics to watch as the change is made");
    const auto& watch = expect_array(change["watch"], wpath);
    if (watch.empty()) throw ScenarioError(wpath, "name at least one metric");
    std::set<std::string> seen;
    for (std::size_t i = 0; i < watch.size(); ++i)
        if (!seen.insert(metric(watch[i], item(wpath, i))).second) throw ScenarioError(item(wpath, i), "is listed twice");
    if (change.contains("why")) check_text(change["why"], child(path, "why"), s, true);
}

}  // namespace

void check_lesson(const json& lesson, const Scenario& s, const ParamsCheck& check_params) {
    const std::string path = "lesson";
    expect_object(lesson, path);
    only_keys(lesson, path, {"title", "question", "options", "reveal", "change"});
    if (lesson.contains("title")) string(lesson["title"], child(path, "title"));
    for (const char* key : {"question", "options", "reveal", "change"})
        if (!lesson.contains(key)) throw ScenarioError(child(path, key), "is required");
    if (string(lesson["question"], child(path, "question")).empty()) throw ScenarioError(child(path, "question"), "must not be empty");
    check_options(lesson["options"], child(path, "options"), s);
    check_text(lesson["reveal"], child(path, "reveal"), s, false);
    check_change(lesson["change"], child(path, "change"), s, check_params);
}

}  // namespace fairness
