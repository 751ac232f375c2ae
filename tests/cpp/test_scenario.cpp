// Reading and validating SPEC's scenario format: each bad input is refused with a ScenarioError
// whose field() names the offending JSON path; defaults are applied and reported.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "fairness/scenario.hpp"
#include "helpers.hpp"
#include "json_fields.hpp"

using th::refused_field;

namespace {

// A valid scenario with `params` spliced in.
std::string with_params(const std::string& params) { return R"({"params": )" + params + R"(, "rankings": [{"docs": [{"text": "she"}]}]})"; }

// A valid scenario whose only ranking holds `docs`.
std::string with_docs(const std::string& docs) { return R"({"rankings": [{"docs": )" + docs + "}]}"; }

}  // namespace

TEST_CASE("defaults are applied when only rankings are given") {
    const auto s = fairness::parse_scenario(with_docs(R"([{"text": "she"}])"));
    CHECK(s.groups == std::vector<std::string>{"female", "male"});
    CHECK(s.default_lexicon);
    REQUIRE(s.lexicon.terms.size() == 2);
    CHECK(s.lexicon.terms[0].size() == 163);
    CHECK(s.lexicon.terms[1].size() == 163);
    // The built-in list's names are folded to lowercase: "Paris" is female.
    const auto& female = s.lexicon.terms[0];
    CHECK(std::find(female.begin(), female.end(), "paris") != female.end());

    const auto& p = s.params;
    CHECK(p.k == 10);
    CHECK(p.tau == 1);
    CHECK(p.tau_inclusive);
    CHECK(p.targets == std::vector<double>{0.5, 0.5});
    CHECK(p.rbdf);
    CHECK(p.alpha == 0.5);
    CHECK(p.ct == 0.5);
    CHECK(p.dips_a == 0);
    CHECK(p.dips_b == 1);
    CHECK(p.browsing == fairness::BrowsingModel::exponential);
    CHECK(p.gamma == 0.9);
    CHECK(p.tokenizer == fairness::Tokenizer::words);
    CHECK(p.awrf_alignment == fairness::AwrfAlignment::terms);
    CHECK(p.awrf_distance == fairness::AwrfDistance::l1);
    CHECK(p.ndcg_gain == fairness::NdcgGain::linear);

    REQUIRE(s.rankings.size() == 1);
    CHECK(s.rankings[0].name == "A");  // unnamed rankings are A, B, C, …
    const auto& doc = s.rankings[0].docs[0];
    CHECK_FALSE(doc.id.has_value());
    CHECK(doc.label == -1);  // neutral
    CHECK(doc.relevance == 0);
    CHECK(s.background.empty());
    CHECK(s.warnings.empty());
}

TEST_CASE("the resolved parameters are reported in results[\"params\"]") {
    const auto results = th::run(with_docs(R"([{"text": "she"}])"));
    const auto& params = results["params"];
    CAPTURE(params.dump());
    CHECK(params["k"] == 10);
    CHECK(params["tau"] == 1.0);
    CHECK(params["tauInclusive"] == true);
    CHECK(params["targets"]["female"] == 0.5);
    CHECK(params["targets"]["male"] == 0.5);
    CHECK(params["rbdf"] == true);
    CHECK(params["alpha"] == 0.5);
    CHECK(params["ct"] == 0.5);
    CHECK(params["dipsGroups"] == fairness::Json::array({"female", "male"}));
    CHECK(params["browsing"]["model"] == "exponential");
    CHECK(params["browsing"]["gamma"] == 0.9);
    CHECK(params["tokenizer"] == "words");
    CHECK(params["awrfAlignment"] == "terms");
    CHECK(params["awrfDistance"] == "l1");
    CHECK(params["ndcgGain"] == "linear");
    CHECK(results["groups"] == fairness::Json::array({"female", "male"}));
    CHECK(results["lexicon"] == "built-in");
}

TEST_CASE("given parameters are read and reported as given") {
    const auto results = th::run(R"({
        "groups": ["a", "b", "c"],
        "lexicon": {"a": ["x"], "b": ["y"], "c": ["z"]},
        "params": {"k": 3, "tau": 0, "tauInclusive": false, "targets": {"a": 0.2, "b": 0.3, "c": 0.5},
                   "rbdf": false, "alpha": 0, "ct": 1, "dipsGroups": ["c", "a"],
                   "browsing": {"model": "logarithmic", "gamma": 1}, "tokenizer": "whitespace",
                   "awrfAlignment": "labels", "awrfDistance": "js", "ndcgGain": "exponential"},
        "rankings": [{"name": "only", "docs": [{"text": "x"}]}]})");
    const auto& params = results["params"];
    CAPTURE(params.dump());
    CHECK(params["k"] == 3);
    CHECK(params["tau"] == 0.0);
    CHECK(params["tauInclusive"] == false);
    CHECK(params["targets"]["a"] == 0.2);
    CHECK(params["targets"]["c"] == 0.5);
    CHECK(params["rbdf"] == false);
    CHECK(params["alpha"] == 0.0);
    CHECK(params["ct"] == 1.0);
    CHECK(params["dipsGroups"] == fairness::Json::array({"c", "a"}));
    CHECK(params["browsing"]["model"] == "logarithmic");
    CHECK(params["browsing"]["gamma"] == 1.0);
    CHECK(params["tokenizer"] == "whitespace");
    CHECK(params["awrfAlignment"] == "labels");
    CHECK(params["awrfDistance"] == "js");
    CHECK(params["ndcgGain"] == "exponential");
    CHECK(results["lexicon"] == "scenario");
    CHECK(results["rankings"][0]["name"] == "only");
}

TEST_CASE("three groups without targets get 1/3 each") {
    const auto s = fairness::parse_scenario(R"({"groups": ["a", "b", "c"], "lexicon": {"a": ["x"], "b": ["y"], "c": ["z"]},
        "rankings": [{"docs": [{"text": "x"}]}]})");
    REQUIRE(s.params.targets.size() == 3);
    for (double t : s.params.targets) CHECK(t == th::near(1.0 / 3));
}

TEST_CASE("lexicon terms are folded to lowercase; a term repeated in one group counts once") {
    const auto s = fairness::parse_scenario(R"({"lexicon": {"female": ["She", "she", "HER"], "male": ["he"]},
        "rankings": [{"docs": [{"text": "x"}]}]})");
    CHECK(s.lexicon.terms[0] == std::vector<std::string>{"she", "her"});
    CHECK(s.lexicon.terms[1] == std::vector<std::string>{"he"});
    CHECK_FALSE(s.default_lexicon);
}

TEST_CASE("accepted but worth telling: a group without terms, a term no token can match") {
    const auto s = fairness::parse_scenario(R"({"lexicon": {"female": ["ice cream"]},
        "rankings": [{"docs": [{"text": "x"}]}]})");
    CAPTURE(s.warnings.size());
    // "ice cream" gives two tokens under the `words` tokenizer; male has no terms at all.
    REQUIRE(s.warnings.size() == 2);
    CHECK(s.warnings[0].find("ice cream") != std::string::npos);
    CHECK(s.warnings[1].find("'male'") != std::string::npos);
}

TEST_CASE("a background document with a ranking document's id and another text is told of") {
    const auto s = fairness::parse_scenario(R"({"rankings": [
        {"name": "A", "docs": [{"id": "x", "text": "the cat"}, {"id": "y", "text": "a mat"}]},
        {"name": "B", "docs": [{"id": "y", "text": "a mat"}, {"id": "z", "text": "he ran"}]}],
        "background": [{"id": "w", "text": "she"}, {"id": "x", "text": "she she"}, {"id": "y", "text": "a mat"},
                       {"id": "z", "text": "he walked"}]})");
    CAPTURE(s.warnings.size());
    REQUIRE(s.warnings.size() == 1);
    // x and z differ (two such documents); y is the same text in both, and w is the background's own.
    CHECK(s.warnings[0] ==
          "background[1].id: 'x' is also the id of rankings[0].docs[0], whose text differs (and 1 more such document); NFaiRR's "
          "set S counts such a document once, with the ranking's text");
    const auto same = fairness::parse_scenario(R"({"rankings": [{"docs": [{"id": "x", "text": "the cat"}]}],
        "background": [{"id": "x", "text": "the cat"}, {"text": "the cat"}]})");
    CHECK(same.warnings.empty());
}

TEST_CASE("documents: ids may be strings or whole numbers, labels name a group or neutral") {
    const auto s = fairness::parse_scenario(
        with_docs(R"([{"id": "a", "text": "t", "label": "male", "relevance": 2.5}, {"id": 7, "label": "neutral"}, {"label": "female"}])"));
    const auto& docs = s.rankings[0].docs;
    REQUIRE(docs.size() == 3);
    CHECK(docs[0].id == "a");
    CHECK(docs[0].label == 1);
    CHECK(docs[0].relevance == 2.5);
    CHECK(docs[1].id == "7");
    CHECK(docs[1].label == -1);
    CHECK(docs[1].text.empty());
    CHECK(docs[2].label == 0);
}

TEST_CASE("bad input is refused with the field that is wrong") {
    struct Bad {
        const char* what;
        std::string scenario;
        std::string field;
    };
    const Bad cases[] = {
        {"unknown label", with_docs(R"([{"text": "x", "label": "other"}])"), "rankings[0].docs[0].label"},
        {"label not a string", with_docs(R"([{"label": 1}])"), "rankings[0].docs[0].label"},
        {"negative k", with_params(R"({"k": -1})"), "params.k"},
        {"k = 0", with_params(R"({"k": 0})"), "params.k"},
        {"non-integer k", with_params(R"({"k": 2.5})"), "params.k"},
        {"k as a string", with_params(R"({"k": "10"})"), "params.k"},
        {"k as a boolean", with_params(R"({"k": true})"), "params.k"},
        {"k above the cap of 1e6", with_params(R"({"k": 1000001})"), "params.k"},
        {"targets not summing to 1", with_params(R"({"targets": {"female": 0.5, "male": 0.6}})"), "params.targets"},
        {"target for an unknown group", with_params(R"({"targets": {"female": 0.5, "other": 0.5}})"), "params.targets.other"},
        {"missing target", with_params(R"({"targets": {"female": 1}})"), "params.targets"},
        {"negative target", with_params(R"({"targets": {"female": 0.5, "male": -0.5}})"), "params.targets.male"},
        // "female" is read first (listed first, and first alphabetically), so the listing under "male" is refused.
        {"a term in two groups", R"({"lexicon": {"female": ["x"], "male": ["x"]}, "rankings": [{"docs": [{}]}]})", "lexicon.male[0]"},
        {"a term in two groups after case folding", R"({"lexicon": {"female": ["Sam"], "male": ["sam"]}, "rankings": [{"docs": [{}]}]})",
         "lexicon.male[0]"},
        {"lexicon for an unknown group", R"({"lexicon": {"other": ["x"]}, "rankings": [{"docs": [{}]}]})", "lexicon.other"},
        {"empty term", R"({"lexicon": {"female": [""]}, "rankings": [{"docs": [{}]}]})", "lexicon.female[0]"},
        {"malformed JSON", R"({"rankings": [)", "scenario"},
        {"trailing comma", R"({"rankings": [{"docs": [{}]}],})", "scenario"},
        {"NaN is not JSON", with_docs(R"([{"relevance": NaN}])"), "scenario"},
        {"not an object", R"([1, 2])", "scenario"},
        {"null relevance", with_docs(R"([{"relevance": null}])"), "rankings[0].docs[0].relevance"},
        {"string relevance", with_docs(R"([{"relevance": "1"}])"), "rankings[0].docs[0].relevance"},
        {"unknown param key", with_params(R"({"kk": 3})"), "params.kk"},
        {"unknown top-level key", R"({"ranking": [], "rankings": [{"docs": [{}]}]})", "ranking"},
        {"unknown document key", with_docs(R"([{"txt": "x"}])"), "rankings[0].docs[0].txt"},
        {"dipsGroups naming one group twice", with_params(R"({"dipsGroups": ["male", "male"]})"), "params.dipsGroups"},
        {"dipsGroups with one group", with_params(R"({"dipsGroups": ["male"]})"), "params.dipsGroups"},
        {"dipsGroups with an unknown group", with_params(R"({"dipsGroups": ["male", "x"]})"), "params.dipsGroups[1]"},
        {"gamma = 0", with_params(R"({"browsing": {"gamma": 0}})"), "params.browsing.gamma"},
        {"gamma < 0", with_params(R"({"browsing": {"gamma": -0.5}})"), "params.browsing.gamma"},
        {"gamma > 1", with_params(R"({"browsing": {"gamma": 1.01}})"), "params.browsing.gamma"},
        {"unknown browsing model", with_params(R"({"browsing": {"model": "cascade"}})"), "params.browsing.model"},
        {"alpha < 0", with_params(R"({"alpha": -0.01})"), "params.alpha"},
        {"alpha > 1", with_params(R"({"alpha": 1.5})"), "params.alpha"},
        {"ct > 1", with_params(R"({"ct": 2})"), "params.ct"},
        {"tau < 0", with_params(R"({"tau": -1})"), "params.tau"},
        {"tauInclusive not a boolean", with_params(R"({"tauInclusive": 1})"), "params.tauInclusive"},
        {"unknown tokenizer", with_params(R"({"tokenizer": "bert"})"), "params.tokenizer"},
        {"params not an object", with_params(R"([])"), "params"},
        {"no rankings", R"({"groups": ["female", "male"]})", "rankings"},
        {"empty rankings", R"({"rankings": []})", "rankings"},
        {"no docs", R"({"rankings": [{"name": "A"}]})", "rankings[0].docs"},
        {"empty docs", R"({"rankings": [{"docs": []}]})", "rankings[0].docs"},
        {"duplicate ids in a ranking", with_docs(R"([{"id": "d"}, {"id": "d"}])"), "rankings[0].docs[1].id"},
        {"duplicate ids, number and string", with_docs(R"([{"id": 7}, {"id": "7"}])"), "rankings[0].docs[1].id"},
        {"id not a whole number", with_docs(R"([{"id": 1.5}])"), "rankings[0].docs[0].id"},
        {"an empty ranking name", R"({"rankings": [{"name": "", "docs": [{}]}]})", "rankings[0].name"},
        {"a ranking name of white space only", R"({"rankings": [{"name": "X", "docs": [{}]}, {"name": " \t", "docs": [{}]}]})",
         "rankings[1].name"},
        {"a group name of white space only", R"({"groups": ["a", "  "], "rankings": [{"docs": [{}]}]})", "groups[1]"},
        {"duplicate ranking names", R"({"rankings": [{"name": "X", "docs": [{}]}, {"name": "X", "docs": [{}]}]})", "rankings[1].name"},
        // The second ranking is unnamed, so it is called "B": the same as the first one's name.
        {"a given name equal to a default name", R"({"rankings": [{"name": "B", "docs": [{}]}, {"docs": [{}]}]})", "rankings[1].name"},
        {"duplicate ids in the background", R"({"rankings": [{"docs": [{}]}], "background": [{"id": 1}, {"id": 1}]})", "background[1].id"},
        {"'neutral' as a group name", R"({"groups": ["female", "neutral"], "rankings": [{"docs": [{}]}]})", "groups[1]"},
        {"a group listed twice", R"({"groups": ["a", "a"], "rankings": [{"docs": [{}]}]})", "groups[1]"},
        {"a single group", R"({"groups": ["a"], "rankings": [{"docs": [{}]}]})", "groups"},
    };
    for (const auto& bad : cases) {
        CAPTURE(bad.what);
        CAPTURE(bad.scenario);
        CHECK(refused_field(bad.scenario) == bad.field);
    }
}

TEST_CASE("the boundary values themselves are accepted") {
    for (const std::string params :
         {R"({"k": 1})", R"({"k": 2.0})", R"({"alpha": 0})", R"({"alpha": 1})", R"({"ct": 0})", R"({"browsing": {"gamma": 1}})",
          R"({"tau": 0})", R"({"targets": {"female": 0.1, "male": 0.9}})", R"({"targets": {"female": 1, "male": 0}})"}) {
        CAPTURE(params);
        CHECK(refused_field(with_params(params)) == "(accepted)");
    }
    // A share above 1 is refused by name, before a sum that could overflow to infinity.
    CHECK(refused_field(R"({"params": {"targets": {"female": 1e308, "male": 1e308}}, "rankings": [{"docs": [{}]}]})") ==
          "params.targets.female");
    // 0.1 + 0.2 + 0.7 is not exactly 1 in binary; the sum is accepted within rounding.
    CHECK(refused_field(R"({"groups": ["a", "b", "c"], "lexicon": {"a": ["x"], "b": ["y"], "c": ["z"]},
        "params": {"targets": {"a": 0.1, "b": 0.2, "c": 0.7}}, "rankings": [{"docs": [{}]}]})") == "(accepted)");
}

TEST_CASE("the message reads \"field: message\"") {
    try {
        fairness::parse_scenario(with_params(R"({"k": 0})"));
        FAIL("k = 0 was accepted");
    } catch (const fairness::ScenarioError& error) {
        CHECK(error.field() == "params.k");
        CHECK(std::string(error.what()) == "params.k: " + error.message());
        CHECK_FALSE(error.message().empty());
    }
}

TEST_CASE("a value quoted in a message shows its control characters escaped, so what() holds the whole message") {
    try {
        fairness::parse_scenario(with_docs(R"([{"text": "x", "label": "F\u0000x"}])"));
        FAIL("the label was accepted");
    } catch (const fairness::ScenarioError& error) {
        CHECK(std::string(error.what()) == "rankings[0].docs[0].label: unknown label 'F\\u0000x'; expected neutral or one of female, male");
    }
}

// Regression: nlohmann reports a number too large for a double as out_of_range, not parse_error;
// parse_scenario let it escape, so the CLI aborted and the WASM module called it a core failure.
TEST_CASE("regression: a number overflowing a double (1e400) is refused as malformed JSON, not thrown raw") {
    const std::string scenario = with_docs(R"([{"relevance": 1e400}])");
    CAPTURE(scenario);
    CHECK(refused_field(scenario) == "scenario");
    CHECK(refused_field(with_params(R"({"k": -1e999})")) == "scenario");
    CHECK_THROWS_AS(fairness::evaluate_json(scenario), fairness::ScenarioError);
}

TEST_CASE("nothing is half-computed: a bad second ranking refuses the whole scenario") {
    const std::string scenario = R"({"rankings": [{"docs": [{"text": "she"}]}, {"docs": [{"label": "nobody"}]}]})";
    CAPTURE(scenario);
    try {
        (void)fairness::evaluate_json(scenario);
        FAIL("the scenario was accepted");
    } catch (const fairness::ScenarioError& error) {
        CHECK(error.field() == "rankings[1].docs[0].label");
    }
}

TEST_CASE("enum names round-trip") {
    CHECK(fairness::to_string(fairness::BrowsingModel::uniform) == "uniform");
    CHECK(fairness::to_string(fairness::BrowsingModel::logarithmic) == "logarithmic");
    CHECK(fairness::to_string(fairness::Tokenizer::whitespace) == "whitespace");
    CHECK(fairness::to_string(fairness::AwrfAlignment::labels) == "labels");
    CHECK(fairness::to_string(fairness::AwrfDistance::js) == "js");
    CHECK(fairness::to_string(fairness::NdcgGain::exponential) == "exponential");
}

// ------------------------------------------------------------------------------------------------
// The reader's strict rules (issue 8): each case a reproducer that was misread before.

namespace {

std::string refusal(std::string_view scenario) {
    try {
        fairness::parse_scenario(scenario);
    } catch (const fairness::ScenarioError& error) {
        return error.what();
    }
    return "(accepted)";
}

}  // namespace

TEST_CASE("regression: a key named \"\" is an unknown key named scenario[\"\"], wherever it is") {
    CHECK(refusal(R"({"": 1, "rankings": [{"docs": [{}]}]})") ==
          R"(scenario[""]: unknown key; expected one of groups, lexicon, params, rankings, background, title, description, lesson)");
    CHECK(refused_field(with_params(R"({"": 1})")) == R"(params[""])");
    CHECK(refused_field(with_docs(R"([{"": "x"}])")) == R"(rankings[0].docs[0][""])");
    // A key holding the path's own punctuation is quoted too, so the path names one place.
    CHECK(refused_field(R"({"lexicon": {"a.b": []}, "rankings": [{"docs": [{}]}]})") == R"(lexicon["a.b"])");
}

TEST_CASE("regression: a key given twice in one object is refused, naming it (the last one won)") {
    CHECK(refusal(R"({"rankings": [{"docs": [{}]}], "rankings": [{"docs": [{}]}]})") ==
          R"(rankings: the key "rankings" appears twice in this object; give each key once)");
    CHECK(refused_field(with_params(R"({"k": 3, "k": 4})")) == "params.k");
    CHECK(refused_field(with_docs(R"([{}, {"label": "male", "label": "female"}])")) == "rankings[0].docs[1].label");
    CHECK(refused_field(R"({"params": {"targets": {"female": 0.5, "female": 0.5}}, "rankings": [{"docs": [{}]}]})") ==
          "params.targets.female");
    // The same key in two objects is no repetition.
    CHECK(refused_field(with_docs(R"([{"id": "a"}, {"id": "b"}])")) == "(accepted)");
}

TEST_CASE("regression: bytes after the JSON value, a NUL included, are refused") {
    const std::string valid = with_docs("[{}]");
    CHECK(refused_field(valid) == "(accepted)");
    CHECK(refusal(valid + std::string(1, '\0')) == "scenario: malformed JSON at line 1, column 31: a NUL byte; JSON text cannot hold one");
    CHECK(refusal(valid + " x") == "scenario: malformed JSON at line 1, column 32: bytes after the end of the JSON value");
    CHECK(refused_field(valid + "{}") == "scenario");
    CHECK(refused_field(std::string(1, '\0') + valid) == "scenario");
    CHECK(refused_field(valid + "\n\t ") == "(accepted)");  // whitespace after the value is JSON
    // A NUL inside a string is written \u0000 in JSON, and kept.
    CHECK(fairness::parse_scenario(with_docs(R"([{"text": "a\u0000b"}])")).rankings[0].docs[0].text == std::string("a\0b", 3));
}

TEST_CASE("a UTF-16 scenario (Windows PowerShell's >) is called UTF-16, with its byte order mark or without") {
    const std::string message = "scenario: the text is UTF-16 (as Windows PowerShell's > writes it); save it as UTF-8";
    const std::string le("{\0}\0", 4), be("\0{\0}", 4);
    CHECK(refusal("\xFF\xFE" + le) == message);
    CHECK(refusal("\xFE\xFF" + be) == message);
    CHECK(refusal(le) == message);
    CHECK(refusal(be) == message);
}

TEST_CASE("a gzip-compressed scenario is called so, not a NUL byte or bad UTF-8") {
    // gzip's header: 1f 8b, the method (8), the flags, then binary: the bytes gzip writes for any file.
    const std::string gzip("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xab\xae\x05\x00", 14);
    CHECK(refusal(gzip) == "scenario: the text is gzip-compressed (it starts with the bytes 1f 8b): decompress it first");
    CHECK(refusal("\x1f") != refusal(gzip));  // one byte is no gzip header
}

TEST_CASE("a bare word where a value goes is said as a string without its quotes, true, false and null read as ever") {
    const auto word = [](const std::string& value) { return refusal(with_docs(R"([{"label": )" + value + "}]")); };
    const std::string hint = "; a string is written in double quotes, and true, false and null are JSON's only words";
    // {"rankings": [{"docs": [{"label": is 34 characters: the word starts at column 35.
    // Before: "unexpected 'e'; expected the literal false" for the first two.
    CHECK(word("female") == "scenario: malformed JSON at line 1, column 35: unexpected word 'female'" + hint);
    CHECK(word("fals") == "scenario: malformed JSON at line 1, column 35: unexpected word 'fals'" + hint);
    CHECK(word("nullx") == "scenario: malformed JSON at line 1, column 35: unexpected word 'nullx'" + hint);
    CHECK(word("true_1") ==
          "scenario: malformed JSON at line 1, column 35: unexpected word 'true_1'" + hint);  // a word's characters, both ways
    CHECK(word("NaN") == "scenario: malformed JSON at line 1, column 35: unexpected word 'NaN'" + hint);
    CHECK(refused_field(with_docs(R"([{"label": null}])")) == "rankings[0].docs[0].label");  // read, then refused as no string
    CHECK(refused_field(with_docs(R"([{"relevance": 1}])")) == "(accepted)");
}

TEST_CASE("regression: numeric ids are read as JavaScript reads them, or refused when it cannot") {
    const auto ids = [](const std::string& docs) {
        std::vector<std::string> out;
        const auto scenario = fairness::parse_scenario(with_docs(docs));
        for (const auto& d : scenario.rankings[0].docs) out.push_back(*d.id);
        return out;
    };
    // As String(JSON.parse(x)) in JS: 1e2 -> "100", -0 -> "0", 7.0 -> "7".
    CHECK(ids(R"([{"id": 1e2}, {"id": -0}, {"id": 7.0}, {"id": -12}, {"id": "0012"}])") ==
          std::vector<std::string>{"100", "0", "7", "-12", "0012"});
    CHECK(ids(R"([{"id": 9007199254740991}, {"id": -9007199254740991}])") ==
          std::vector<std::string>{"9007199254740991", "-9007199254740991"});
    // 2^53 + 1 would be read by JS as 2^53: a different id. Refused, as is a fractional id.
    CHECK(refusal(with_docs(R"([{"id": 9007199254740993}])")) ==
          "rankings[0].docs[0].id: the number 9007199254740993 is not a whole number of at most 2^53 - 1 (9007199254740991), "
          "which JavaScript could not read exactly; write the id as a string");
    CHECK(refused_field(with_docs(R"([{"id": 9007199254740992}])")) == "rankings[0].docs[0].id");
    CHECK(refused_field(with_docs(R"([{"id": 18446744073709551615}])")) == "rankings[0].docs[0].id");
    CHECK(refused_field(with_docs(R"([{"id": -9007199254740992}])")) == "rankings[0].docs[0].id");
    CHECK(refused_field(with_docs(R"([{"id": 1e300}])")) == "rankings[0].docs[0].id");
    CHECK(refused_field(with_docs(R"([{"id": 0.5}])")) == "rankings[0].docs[0].id");
    // "1" and 1 are one id.
    CHECK(refused_field(with_docs(R"([{"id": "1"}, {"id": 1}])")) == "rankings[0].docs[1].id");
}

TEST_CASE("a scenario nested deeper than the table's jsonDepth is refused where it goes too deep") {
    std::string deep = R"({"rankings": [{"docs": [{}]}], "title": )";
    for (int i = 0; i < 70; ++i) deep += "[";
    const auto message = refusal(deep);
    CHECK(message.find("title[0]") == 0);
    CHECK(message.find("nested too deep: 65 levels of arrays and objects is over the limit of 64 (jsonDepth)") != std::string::npos);
}

// ------------------------------------------------------------------------------------------------
// The reader's own JSON scanner (core/src/json_scanner.hpp), against nlohmann's parser as an
// independent judge of JSON's grammar: a value is refused as malformed exactly when nlohmann
// refuses it, whether it stands where a document's member goes (read compactly) or elsewhere.

namespace {

bool refused_as_malformed(const std::string& scenario) {
    try {
        fairness::parse_scenario(scenario);
    } catch (const fairness::ScenarioError& error) {
        return std::string(error.what()).rfind("scenario: malformed JSON", 0) == 0;
    }
    return false;
}

}  // namespace

TEST_CASE("the scanner accepts exactly JSON's grammar: numbers, escapes, surrogates, UTF-8, literals, punctuation") {
    const std::vector<std::string> values = {
        "0",
        "-0",
        "01",
        "-01",
        "-",
        "1.",
        "1.5",
        ".5",
        "+1",
        "1e5",
        "1E+5",
        "1e-5",
        "1e",
        "1e-",
        "1.5e308",
        "1e400",
        "-1e400",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "123456789012345678901234567890",
        "0x10",
        "1_000",
        "Infinity",
        "-Infinity",
        "NaN",
        R"("a\u00e9")",
        R"("\ud83d\ude00")",
        R"("\ud83d")",
        R"("\ude00")",
        R"("\ud83d\u0041")",
        R"("\ud83dx")",
        R"("\x")",
        R"("\u12")",
        R"("\u12G4")",
        R"("\/\b\f\n\r\t\"\\")",
        "\"a\tb\"",
        "\"a\nb\"",
        "\"\x7f\"",
        "\"\xc3\xa9\"",
        "\"\xc0\x80\"",
        "\"\xc1\xbf\"",
        "\"\xed\xa0\x80\"",
        "\"\xed\x9f\xbf\"",
        "\"\xf4\x8f\xbf\xbf\"",
        "\"\xf4\x90\x80\x80\"",
        "\"\xf5\x80\x80\x80\"",
        "\"\xe2\x82\"",
        "\"\xe2\x82\xac\"",
        "\"\x80\"",
        "\"\xf0\x9f\x98\x80\"",
        "\"\xf0\x8f\xbf\xbf\"",
        "\"\xe0\x9f\xbf\"",
        "\"\xe0\xa0\x80\"",
        "\"abc",
        "\"\\",
        "\"\\u",
        "true",
        "tru",
        "nul",
        "nulll",
        "false",
        "falsy",
        "null",
        "[1,]",
        "[,1]",
        "[1 2]",
        "[]",
        "[ ]",
        "{}",
        R"({"a":1,})",
        R"({"a" 1})",
        "{1:2}",
        R"({"a":1 "b":2})",
        "/*c*/1",
        "'a'",
        "[1]]",
        "{\"a\":[}",
    };
    for (const auto& value : values) {
        CAPTURE(value);
        const bool json = nlohmann::json::accept(value);
        CHECK(refused_as_malformed(R"({"title": )" + value + R"(, "rankings": [{"docs": [{}]}]})") == !json);
        CHECK(refused_as_malformed(with_docs(R"([{"text": )" + value + "}]")) == !json);
        CHECK(refused_as_malformed(with_docs(R"([{"relevance": 1, "id": )" + value + "}]")) == !json);
    }
}

TEST_CASE("a UTF-8 byte order mark before the value is passed over, as nlohmann's parser did; anywhere else it is refused") {
    CHECK(refused_field("\xef\xbb\xbf" + with_docs("[{}]")) == "(accepted)");
    CHECK(refused_field(" \xef\xbb\xbf" + with_docs("[{}]")) == "scenario");
}

TEST_CASE("the scanner's strings and numbers are JSON's values") {
    const auto s = fairness::parse_scenario(with_docs(
        R"([{"text": "caf\u00e9 \ud83d\ude00 \"q\" a\/b\\", "relevance": 0.1},
            {"text": "plain", "relevance": -2.5e-3}, {"text": "\u0041\u00DF", "relevance": 123456789012345678901234567890},
            {"relevance": 18446744073709551615}, {"relevance": -9223372036854775808}, {"relevance": 1E2}])"));
    const auto& docs = s.rankings[0].docs;
    CHECK(docs[0].text == "caf\xc3\xa9 \xf0\x9f\x98\x80 \"q\" a/b\\");
    CHECK(docs[0].relevance == 0.1);
    CHECK(docs[1].relevance == -2.5e-3);
    CHECK(docs[2].text == "A\xc3\x9f");
    CHECK(docs[2].relevance == 123456789012345678901234567890.0);
    CHECK(docs[3].relevance == 18446744073709551615.0);
    CHECK(docs[4].relevance == -9223372036854775808.0);
    CHECK(docs[5].relevance == 100);
}

TEST_CASE("a document that is not well-typed is read as any object: the first wrong member is named") {
    CHECK(refusal(with_docs(R"([{"id": "a", "text": "x", "label": "male", "relevance": 1, "extra": 1}])")) ==
          "rankings[0].docs[0].extra: unknown key; expected one of id, text, label, relevance");
    CHECK(refused_field(with_docs(R"([{"id": "a", "text": ["x"]}])")) == "rankings[0].docs[0].text");
    CHECK(refused_field(with_docs(R"([{"id": "a", "text": "x", "label": null}])")) == "rankings[0].docs[0].label");
    CHECK(refused_field(with_docs(R"([{"text": "x", "id": true}])")) == "rankings[0].docs[0].id");
    CHECK(refused_field(with_docs(R"([{"relevance": 1, "text": "x", "relevance": 2}])")) == "rankings[0].docs[0].relevance");
    CHECK(refused_field(with_docs(R"([{"relevance": {"a": [1]}}])")) == "rankings[0].docs[0].relevance");
    CHECK(refused_field(R"({"rankings": [{"docs": [{}]}], "background": [{"text": 1}]})") == "background[0].text");
    // Compact and not compact documents mixed keep their order.
    const auto s = fairness::parse_scenario(
        R"({"background": [{"id": "b1"}, {"id": "b2", "text": "x"}],
            "rankings": [{"docs": [{"id": 1}, {"id": "2", "text": "t"}]}, {"docs": [{"id": "3", "label": "male"}]}]})");
    CHECK(*s.rankings[0].docs[0].id == "1");
    CHECK(*s.rankings[0].docs[1].id == "2");
    CHECK(s.rankings[0].docs[1].text == "t");
    CHECK(*s.rankings[1].docs[0].id == "3");
    CHECK(s.rankings[1].docs[0].label == 1);
    CHECK(*s.background[1].id == "b2");
}

TEST_CASE("format_number: a number in a message is what printf's %.10g writes") {
    // The reader's messages format numbers without printf (kept out of the WebAssembly module);
    // printf is the independent route. They may differ only on a tie: shortest round-trip digits
    // that end in a 5 at the 11th digit, which printf breaks by the exact binary value. (Normal
    // numbers only: a subnormal's shortest digits, 5e-324, hold fewer than 10 correct ones.)
    const auto printf_g10 = [](double v) {
        char buffer[40];
        std::snprintf(buffer, sizeof buffer, "%.10g", v);
        return std::string(buffer);
    };
    const auto tie = [](double v) {
        char buffer[40];
        std::snprintf(buffer, sizeof buffer, "%.17g", v);
        double back = 0;
        // The shortest digits: the fewest of %.{1..17}e that read back as v.
        for (int precision = 0; precision < 17; ++precision) {
            std::snprintf(buffer, sizeof buffer, "%.*e", precision, v);
            back = std::strtod(buffer, nullptr);
            if (back == v) return precision == 10 && std::string(buffer).find("5e") != std::string::npos;
        }
        return false;
    };
    for (const double v : {0.0,
                           -0.0,
                           1.0,
                           0.9,
                           0.8999999999999999,
                           0.1 + 0.2,
                           1e10,
                           9999999999.0,
                           9999999999.5,
                           99999.999995,
                           1e-4,
                           1e-5,
                           0.00012345678912,
                           123456789012.0,
                           1.5e300,
                           -2.5e-300,
                           2.2250738585072014e-308,
                           1.7976931348623157e308,
                           0.5,
                           1234567890.0,
                           12345678901.0,
                           -7.0})
        CHECK_MESSAGE(fairness::fields::format_number(v) == printf_g10(v), v);
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> unit(-1, 1);
    std::uniform_int_distribution<int> exponent(-310, 310);
    int ties = 0;
    for (unsigned i = 0; i < th::rounds(20000); ++i) {
        const double v = i % 4 == 0 ? std::round(unit(rng) * 1e6) / 1e3 : std::ldexp(unit(rng), exponent(rng) * 3 / 3) * 7.0;
        if (!std::isfinite(v)) continue;
        if (fairness::fields::format_number(v) == printf_g10(v)) continue;
        ++ties;
        CHECK_MESSAGE(tie(v), v, " formats as ", fairness::fields::format_number(v), ", printf ", printf_g10(v));
    }
    CHECK(ties < 10);
}
