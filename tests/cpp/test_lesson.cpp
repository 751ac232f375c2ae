// A scenario's `lesson`: read with the rest of the scenario, refused naming the field whenever it
// names a metric, ranking, document, group or parameter that is not there.
#include "helpers.hpp"

namespace {

using fairness::Json;

// Two rankings, Left and Right, each with two documents that have ids, and a valid lesson.
Json scenario_with(const Json& lesson) {
    return Json{
        {"rankings",
         Json::array({Json{{"name", "Left"},
                           {"docs", Json::array({Json{{"id", "l1"}, {"text", "she ran"}}, Json{{"id", "l2"}, {"text", "he ran"}}})}},
                      Json{{"name", "Right"},
                           {"docs", Json::array({Json{{"id", "r1"}, {"text", "he ran"}}, Json{{"id", "r2"}, {"text", "him"}}})}}})},
        {"lesson", lesson}};
}

Json valid_lesson() {
    return Json::parse(R"({
      "title": "Two lists",
      "question": "Which list will NFaiRR call fairer?",
      "options": [
        {"label": "Left", "right": [{"metric": "nfairr", "fairer": "Left"}]},
        {"label": "Right", "right": [{"metric": "nfairr", "fairer": "Right"}]},
        {"label": "Neither", "right": [{"metric": "nfairr", "fairer": "neither"}]},
        {"label": "DIPS is 0 for Left and TExFAIR above 0.5", "right": [{"metric": "dips", "ranking": "Left", "zero": true},
                                                                       {"metric": "texfair", "above": 0.5},
                                                                       {"metric": "cwex", "ranking": "Right", "below": 1}]}
      ],
      "reveal": "NFaiRR gives Left {nfairr@Left} and Right {nfairr@Right}; {braces} without an at sign are text.",
      "change": {"label": "Swap Left's second passage", "swap": {"ranking": "Left", "doc": "l2"}, "watch": ["nfairr", "texfair"],
                 "why": "TExFAIR for Left went from {texfair@Left:before} to {texfair@Left}."}
    })");
}

// The field refused when `edit` is applied to the valid lesson.
template <class Edit>
std::string refused(Edit edit) {
    Json lesson = valid_lesson();
    edit(lesson);
    return th::refused_field(scenario_with(lesson).dump());
}

}  // namespace

TEST_CASE("a lesson with every kind of condition, placeholder and change is accepted, and changes no value") {
    CHECK(refused([](Json&) {}) == "(accepted)");
    CHECK(refused([](Json& l) {
              l["change"].erase("swap"), l["change"]["params"] = Json{{"ct", 0}, {"browsing", {{"model", "uniform"}}}};
          }) == "(accepted)");
    CHECK(refused([](Json& l) {
              l["change"].erase("swap"), l["change"]["relabel"] = Json{{"ranking", "Right"}, {"doc", "r1"}, {"label", "neutral"}};
          }) == "(accepted)");
    CHECK(refused([](Json& l) {
              l["change"].erase("swap"), l["change"]["move"] = Json{{"ranking", "Right"}, {"doc", "r2"}, {"to", 1}};
          }) == "(accepted)");
    CHECK(refused([](Json& l) { l.erase("title"), l["change"].erase("why"); }) == "(accepted)");
    // The lesson is for the page: the results are those of the scenario without it.
    Json plain = scenario_with(valid_lesson());
    plain.erase("lesson");
    CHECK(th::run(scenario_with(valid_lesson())).dump() == th::run(plain).dump());
}

TEST_CASE("a lesson's mistakes are refused, naming the field") {
    CHECK(refused([](Json& l) { l = "which?"; }) == "lesson");
    CHECK(refused([](Json& l) { l["hint"] = "x"; }) == "lesson.hint");
    CHECK(refused([](Json& l) { l.erase("question"); }) == "lesson.question");
    CHECK(refused([](Json& l) { l["question"] = ""; }) == "lesson.question");
    CHECK(refused([](Json& l) { l["options"] = Json::array({l["options"][0]}); }) == "lesson.options");
    CHECK(refused([](Json& l) { l["options"][1]["label"] = "Left"; }) == "lesson.options[1].label");
    CHECK(refused([](Json& l) { l["options"][1].erase("right"); }) == "lesson.options[1].right");
    CHECK(refused([](Json& l) { l["options"][1]["right"] = Json::array(); }) == "lesson.options[1].right");
    // A metric id that is not one.
    CHECK(refused([](Json& l) { l["options"][0]["right"][0]["metric"] = "nfair"; }) == "lesson.options[0].right[0].metric");
    // Conditions: exactly one test, a ranking that exists, fairer only between the two rankings.
    CHECK(refused([](Json& l) { l["options"][3]["right"][0]["above"] = 0.1; }) == "lesson.options[3].right[0]");
    CHECK(refused([](Json& l) { l["options"][3]["right"][1].erase("above"); }) == "lesson.options[3].right[1]");
    CHECK(refused([](Json& l) { l["options"][3]["right"][0]["ranking"] = "Middle"; }) == "lesson.options[3].right[0].ranking");
    CHECK(refused([](Json& l) { l["options"][0]["right"][0]["fairer"] = "Middle"; }) == "lesson.options[0].right[0].fairer");
    CHECK(refused([](Json& l) { l["options"][0]["right"][0]["ranking"] = "Left"; }) == "lesson.options[0].right[0].ranking");
    CHECK(refused([](Json& l) { l["options"][3]["right"][2]["below"] = "1"; }) == "lesson.options[3].right[2].below");
    CHECK(refused([](Json& l) { l["options"][3]["right"][0]["zero"] = 0; }) == "lesson.options[3].right[0].zero");
    // Placeholders name a metric and a ranking; `:before` only after the change.
    CHECK(refused([](Json& l) { l["reveal"] = "{nfair@Left}"; }) == "lesson.reveal");
    CHECK(refused([](Json& l) { l["reveal"] = "{nfairr@Middle}"; }) == "lesson.reveal");
    CHECK(refused([](Json& l) { l["reveal"] = "{nfairr@Left:before}"; }) == "lesson.reveal");
    CHECK(refused([](Json& l) { l["change"]["why"] = "{dips@Rigth}"; }) == "lesson.change.why");
    // The change: exactly one kind, aimed at what exists, with parameters the scenario would take.
    CHECK(refused([](Json& l) { l["change"]["params"] = Json{{"ct", 0}}; }) == "lesson.change");
    CHECK(refused([](Json& l) { l["change"].erase("swap"); }) == "lesson.change");
    CHECK(refused([](Json& l) { l["change"]["swap"]["doc"] = "l3"; }) == "lesson.change.swap.doc");
    CHECK(refused([](Json& l) { l["change"]["swap"]["ranking"] = "Right"; }) == "lesson.change.swap.doc");
    CHECK(refused([](Json& l) { l["change"]["swap"].erase("ranking"); }) == "lesson.change.swap.ranking");
    CHECK(refused([](Json& l) { l["change"].erase("swap"), l["change"]["params"] = Json{{"ct", 2}}; }) == "lesson.change.params.ct");
    CHECK(refused([](Json& l) { l["change"].erase("swap"), l["change"]["params"] = Json{{"kk", 2}}; }) == "lesson.change.params.kk");
    CHECK(refused([](Json& l) {
              l["change"].erase("swap"), l["change"]["params"] = Json{{"browsing", {{"gamma", 0}}}};
          }) == "lesson.change.params.browsing.gamma");
    CHECK(refused([](Json& l) {
              l["change"].erase("swap"), l["change"]["relabel"] = Json{{"ranking", "Right"}, {"doc", "r1"}, {"label", "femal"}};
          }) == "lesson.change.relabel.label");
    CHECK(refused([](Json& l) {
              l["change"].erase("swap"), l["change"]["move"] = Json{{"ranking", "Right"}, {"doc", "r2"}, {"to", 3}};
          }) == "lesson.change.move.to");
    CHECK(refused([](Json& l) {
              l["change"].erase("swap"), l["change"]["move"] = Json{{"ranking", "Right"}, {"doc", "r2"}, {"to", 1.5}};
          }) == "lesson.change.move.to");
    CHECK(refused([](Json& l) {
              l["change"].erase("swap"), l["change"]["move"] = Json{{"ranking", "Right"}, {"doc", "r2"}};
          }) == "lesson.change.move.to");
    CHECK(refused([](Json& l) { l["change"]["watch"] = Json::array(); }) == "lesson.change.watch");
    CHECK(refused([](Json& l) { l["change"]["watch"] = Json::array({"dips", "dips"}); }) == "lesson.change.watch[1]");
    CHECK(refused([](Json& l) { l["change"]["watch"] = Json::array({"dips", "ndc"}); }) == "lesson.change.watch[1]");
    CHECK(refused([](Json& l) { l["change"].erase("label"); }) == "lesson.change.label");
}

TEST_CASE("a lesson's message reads as the scenario's do") {
    Json lesson = valid_lesson();
    lesson["options"][0]["right"][0]["metric"] = "nfair";
    try {
        fairness::parse_scenario(scenario_with(lesson).dump());
        FAIL("accepted");
    } catch (const fairness::ScenarioError& e) {
        CHECK(std::string(e.what()).starts_with(
            "lesson.options[0].right[0].metric: unknown metric 'nfair'; expected one of nfairr, texfair,"));
    }
    Json one = scenario_with(valid_lesson());
    one["rankings"].erase(1);
    one["lesson"]["change"]["why"] = "x";
    one["lesson"]["reveal"] = "x";
    try {
        fairness::parse_scenario(one.dump());
        FAIL("accepted");
    } catch (const fairness::ScenarioError& e) {
        CHECK(std::string(e.what()) == "lesson.options[0].right[0].fairer: compares two rankings; the scenario has 1");
    }
}
