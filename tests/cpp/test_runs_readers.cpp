// The readers of run evaluation: malformed input refused with file, line and field; chunks of any
// size read alike; the formats' conventions (trec_eval's order, header detection, label mapping,
// annotated query lists with commas in the text, JSON lines).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "fairness/runs/evaluation.hpp"
#include "fairness/runs/seen_ids.hpp"

using namespace fairness::runs;

namespace {

std::string error_of(Input kind, std::string_view bytes, const std::string& file = "f.txt") {
    Evaluation ev;
    try {
        ev.add(kind, "r", file, bytes);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

std::string collection_error(std::string_view bytes) {
    Evaluation ev;
    ev.add(Input::run, "r", "r.run", "q1 Q0 d1 1 1 t\n");
    try {
        ev.collection_begin("c.tsv");
        ev.collection_feed(bytes);
        ev.collection_end();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

Options json_cutoffs(std::vector<std::size_t> c) {
    Options o;
    o.cutoffs = std::move(c);
    return o;
}

}  // namespace

TEST_CASE("run files: 5 fields say which column is missing, other counts and bad numbers name line and field") {
    CHECK(error_of(Input::run, "q1 Q0 d1 1 2.0 t\nq1 d2 2 1.0 t\n", "a.run") ==
          "a.run:2: 5 fields; a TREC run line has 6: qid Q0 docid rank score tag (is the Q0 column missing?)");
    CHECK(error_of(Input::run, "q1 Q0 d1 1 2.0\n", "a.run") ==
          "a.run:1: 5 fields; a TREC run line has 6: qid Q0 docid rank score tag (is the tag column missing?)");
    CHECK(error_of(Input::run, "q1\xC2\xA0Q0 d1 1 2.0 t\n", "a.run") ==
          "a.run:1: 5 fields; a TREC run line has 6: qid Q0 docid rank score tag (a no-break space, U+00A0, is not a separator: use "
          "spaces or tabs)");
    CHECK(error_of(Input::run, "q1 q0 d1 1 2.0\n", "a.run").ends_with("(is the tag column missing?)"));
    CHECK(error_of(Input::run, "q1 Q0 d1 1 2.0 t extra\n", "a.run") ==
          "a.run:1: 7 fields; a TREC run line has 6: qid Q0 docid rank score tag");
    // Files of other shapes researchers hold: an MS MARCO run (qid pid rank) and a qrels file.
    CHECK(error_of(Input::run, "1048585\t7187158\t1\n", "dev.tsv") ==
          "dev.tsv:1: 3 fields; a TREC run line has 6: qid Q0 docid rank score tag (an MS MARCO run, qid pid rank? As a TREC run: "
          "awk '{print $1, \"Q0\", $2, $3, -$3, \"run\"}')");
    CHECK(error_of(Input::run, "q1 d1 x\n", "a.run") == "a.run:1: 3 fields; a TREC run line has 6: qid Q0 docid rank score tag");
    CHECK(error_of(Input::run, "q1 0 d1 2\n", "q.txt") ==
          "q.txt:1: 4 fields; a TREC run line has 6: qid Q0 docid rank score tag (is this a qrels file?)");
    CHECK(error_of(Input::qrels, "q1 Q0 d1 1 2.0 t\n", "a.run") ==
          "a.run:1: 6 fields; a TREC qrels line has 4: qid iter docid rel (is this a run?)");
    CHECK(error_of(Input::run, "q1 Q0 d1 one 2.0 t\n", "a.run") == "a.run:1: rank: not a whole number: 'one'");
    CHECK(error_of(Input::run, "q1 Q0 d1 1.5 2.0 t\n", "a.run") == "a.run:1: rank: not a whole number: '1.5'");
    // A whole rank written as a float (pandas, from a column of floats) is a whole number.
    CHECK(error_of(Input::run, "q1 Q0 d1 1.0 2.0 t\nq1 Q0 d2 2.00 1.0 t\n", "a.run").empty());
    CHECK(error_of(Input::qrels, "query-id\tcorpus-id\tscore\nq1\td1\t1\n", "qrels.tsv") ==
          "qrels.tsv:1: 3 fields; a TREC qrels line has 4: qid iter docid rel (BEIR's qrels, query-id corpus-id score? As TREC qrels: "
          "awk 'NR > 1 {print $1, 0, $2, $3}')");
    CHECK(error_of(Input::run, "q1 Q0 d1 1 nan t\n", "a.run") == "a.run:1: score: not a finite decimal number: 'nan'");
    CHECK(error_of(Input::run, "q1 Q0 d1 1 2 t\nq2 Q0 d1 1 2 t\n\nq1 Q0 d1 2 1 t\n", "a.run") ==
          "a.run:4: docid: document 'd1' appears twice for query 'q1' (lines 1 and 4)");
    CHECK(error_of(Input::run, "\n\n", "a.run") == "a.run: the run holds no line");
}

TEST_CASE("qrels, labels and query lists: malformed lines name file, line and field") {
    CHECK(error_of(Input::qrels, "q1 0 d1 1\nq1 0 d2\n", "q.txt") == "q.txt:2: 3 fields; a TREC qrels line has 4: qid iter docid rel");
    // A list of ids given as a run or qrels: one field, in the singular.
    CHECK(error_of(Input::run, "d1\n", "a.run") == "a.run:1: 1 field; a TREC run line has 6: qid Q0 docid rank score tag");
    CHECK(error_of(Input::qrels, "d1\n", "q.txt") == "q.txt:1: 1 field; a TREC qrels line has 4: qid iter docid rel");
    CHECK(error_of(Input::qrels, "q1 0 d1 x\n", "q.txt") == "q.txt:1: rel: not a finite decimal number: 'x'");
    CHECK(error_of(Input::qrels, "q1 0 d1 1\nq1 0 d1 2\n", "q.txt") ==
          "q.txt:2: docid: document 'd1' is judged twice for query 'q1' (lines 1 and 2)");
    CHECK(error_of(Input::labels, "docid,label\nd1,F\nd2,boy\n", "l.csv") ==
          "l.csv:3: label: unknown label 'boy'; expected female, male, neutral (or F, M, N)");
    CHECK(error_of(Input::labels, "d1,F\nd2\n", "l.csv") == "l.csv:2: expected docid,label (CSV) or docid<TAB>label (TSV)");
    // Groups of a params file: the one-letter labels listed are theirs (and N for neutral).
    const auto with_groups = [](const char* groups, const char* labels) {
        Evaluation ev;
        ev.set_params(std::string(R"({"groups": )") + groups + "}");
        try {
            ev.add(Input::labels, "", "l.csv", labels);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK(with_groups(R"(["a", "b"])", "d1,a\nd2,M\n") == "l.csv:2: label: unknown label 'M'; expected a, b, neutral (or A, B, N)");
    CHECK(with_groups(R"(["men", "minors"])", "d1,men\nd2,x\n") ==
          "l.csv:2: label: unknown label 'x'; expected men, minors, neutral (or N)");
    CHECK(with_groups(R"(["nonbinary", "woman"])", "d1,woman\nd2,x\n") ==
          "l.csv:2: label: unknown label 'x'; expected nonbinary, woman, neutral (or W)");
    CHECK(error_of(Input::labels, "d1,F\nd1,M\n", "l.csv") == "l.csv:2: label: document 'd1' is labelled differently on line 1");
    CHECK(error_of(Input::labels, "d1,F,extra\n", "l.csv") ==
          "l.csv:1: more than 2 fields; expected docid,label (CSV) or docid<TAB>label (TSV)");
    CHECK(error_of(Input::queries, "1\n2\n1\n", "q.lst") == "q.lst:3: qid: query '1' is listed twice (lines 1 and 3)");
    // An empty list, or one of blank lines, would evaluate nothing: refused, as an empty run is.
    CHECK(error_of(Input::queries, "", "q.lst") == "q.lst: the query list holds no query");
    CHECK(error_of(Input::queries, "\n \n", "q.lst") == "q.lst: the query list holds no query");
    CHECK(error_of(Input::queries, "1 2\n", "q.lst").find("q.lst:1: qid: a query id has no spaces") == 0);
}

TEST_CASE("collections: TSV without a tab, malformed JSON lines and a document twice name the line") {
    CHECK(collection_error("d0\tfine\nd1 no tab here\n") ==
          "c.tsv:2: no tab; a TSV collection line is docid<TAB>text (or give JSON lines)");
    CHECK(collection_error("d1\tone\nd1\tagain\n") == "c.tsv:2: docid: document 'd1' appears twice (lines 1 and 2)");
    CHECK(collection_error("{\"id\": \"d1\", \"text\": \"x\"}\n{\"id\": \"d2\", \"text\": 3}\n") == "c.tsv:2: text: must be a string");
    CHECK(collection_error("{\"id\": \"d1\", \"text\": \"x\"}\n{\"text\": \"y\"}\n") ==
          "c.tsv:2: id: missing: give the id in id, docid, doc_id or _id");
    // The file and line are named first: the position within the line is its column alone (the
    // text ends after its 21 bytes).
    CHECK(collection_error("{\"id\": \"d1\", \"text\": \"x\"}\n{\"id\": \"d2\", \"text\": \n") ==
          "c.tsv:2: malformed JSON at column 22: unexpected end of the text; expected a JSON value");
    // Read as strictly as a scenario: a key given twice is refused, not taken as the last one.
    CHECK(collection_error("{\"id\": \"d1\", \"text\": \"x\", \"id\": \"d2\"}\n") ==
          "c.tsv:1: id: the key \"id\" appears twice in this object; give each key once");
    // Two of the id keys naming two ids: which one the runs mean cannot be told; the same id twice is one.
    CHECK(collection_error("{\"id\": \"d1\", \"docid\": \"d9\", \"text\": \"x\"}\n") ==
          "c.tsv:1: docid: another id than id's ('d9' and 'd1'); give one");
    CHECK(collection_error("{\"id\": \"d1\", \"_id\": \"d1\", \"text\": \"x\"}\n").empty());
}

TEST_CASE("collections: a document given twice is refused even when no run names it") {
    // The run names d1 only.
    CHECK(collection_error("d7\ta\nd1\tx\nd8\tb\nd7\tc\n") == "c.tsv:4: docid: document 'd7' appears twice (an earlier line and line 4)");
    CHECK(collection_error("x-y\ta\nx-y\tb\n") == "c.tsv:2: docid: document 'x-y' appears twice (an earlier line and line 2)");
    // A JSON line's whole-number id is the same id as its digits in a string.
    CHECK(collection_error("{\"id\": 7, \"text\": \"a\"}\n{\"id\": \"7\", \"text\": \"b\"}\n") ==
          "c.tsv:2: docid: document '7' appears twice (an earlier line and line 2)");
    // Ids alike but for leading zeros, or the number past 9 digits, are different documents.
    CHECK(collection_error("doc7\ta\ndoc007\tb\ndoc0007\tc\n1234567890\td\n1234567891\te\n0\tf\n00\tg\n").empty());
}

TEST_CASE("SeenIds agrees with a set of strings on ids of every shape") {
    // Numbers, prefixed numbers with and without leading zeros, numbers past the bitmap's 9
    // digits, ids with no digits at the end, and ids that differ only in their prefix.
    std::mt19937_64 random(20261126);
    const std::vector<std::string> prefixes{"", "D", "doc", "msmarco_passage_00_", "d-", "x9y"};
    const auto id = [&] {
        const auto shape = random() % 6;
        const auto number = random() % (shape == 0 ? 3000 : 300000);
        std::string digits = std::to_string(number);
        if (shape == 1) digits.insert(0, random() % 3, '0');
        if (shape == 2) digits += std::to_string(random() % 100000);  // up to 11 digits
        if (shape == 3)
            return "id" + std::string(1, static_cast<char>('a' + random() % 26)) + std::string(1, static_cast<char>('a' + random() % 26));
        return prefixes[random() % prefixes.size()] + digits;
    };
    SeenIds seen;
    std::set<std::string> reference;
    std::size_t repeats = 0;
    std::vector<std::string> disagreements;
    for (int i = 0; i < 200000; ++i) {
        const auto s = id();
        const bool is_new = reference.insert(s).second;
        repeats += !is_new;
        if (seen.insert(s) != is_new) disagreements.push_back(s);
    }
    CHECK(disagreements == std::vector<std::string>{});
    CHECK(repeats > 10000);  // the ids repeat often enough to test the refusal
    CHECK(seen.pages() > 0);
    CHECK(seen.others() > 0);
}

TEST_CASE("SeenIds keeps dense numbered ids as bits: MS MARCO's 8.8M passages take 34,545 pages") {
    SeenIds seen;
    std::size_t refused = 0;
    for (std::uint32_t i = 0; i < 8841823; ++i) refused += !seen.insert(std::to_string(i));
    CHECK(refused == 0);
    CHECK(!seen.insert("8841822"));
    CHECK(!seen.insert("0"));
    CHECK(seen.others() == 0);
    // Per digit count d, the pages from (lowest number >> 8) to (highest >> 8): 0-9, 10-99, 100-999
    // (pages 0-3), ..., 1,000,000-8,841,822 (pages 3906-34538).
    CHECK(seen.pages() == 1 + 1 + 4 + 37 + 352 + 3517 + 30633);
}

TEST_CASE("chunks of any size read alike: a run fed one byte at a time equals the run fed whole") {
    const std::string run = "q2 Q0 b 1 1.5 t\r\nq1 Q0 a 1 2 t\nq2 Q0 c 2 1.5 t\nq1 Q0 c 2 1 t";  // CRLF, no final newline
    const std::string collection = "a\tShe is here\nb\tHe and he\r\nc\tnothing";
    const auto evaluate = [&](std::size_t chunk) {
        Evaluation ev(json_cutoffs({2}));
        ev.begin(Input::run, "r", "r.run");
        for (std::size_t i = 0; i < run.size(); i += chunk) ev.feed(std::string_view(run).substr(i, chunk));
        ev.end();
        ev.collection_begin("c.tsv");
        for (std::size_t i = 0; i < collection.size(); i += chunk) ev.collection_feed(std::string_view(collection).substr(i, chunk));
        ev.collection_end();
        return results_json(ev.compute());
    };
    const auto whole = evaluate(1 << 20);
    CHECK(evaluate(1) == whole);
    CHECK(evaluate(3) == whole);
    CHECK(whole.find("\"queries\":[\"q2\",\"q1\"]") != std::string::npos);  // order of first appearance
}

TEST_CASE("a UTF-16 file (Windows PowerShell's >) is refused on its first line, saying so, whatever the file") {
    const std::string le = std::string("\xFF\xFE", 2) + std::string("q\0001\000 \000", 6);
    const std::string be = std::string("\xFE\xFF", 2) + std::string("\000q\0001\000 ", 6);
    const std::string message = ":1: the file is UTF-16 text (as Windows PowerShell's > writes it); save it as UTF-8";
    CHECK(error_of(Input::run, le, "a.run") == "a.run" + message);
    CHECK(error_of(Input::qrels, be, "q.txt") == "q.txt" + message);
    CHECK(error_of(Input::labels, le, "l.csv") == "l.csv" + message);
    CHECK(collection_error(le + "\n") == "c.tsv" + message);
}

TEST_CASE("a UTF-16 file without a byte order mark is called UTF-16 too, by its first line's zero bytes") {
    const std::string le("q\0001\000 \000Q\0000\000", 10);
    const std::string be("\000q\0001\000 \000Q\0000", 10);
    const std::string message = ":1: the file is UTF-16 text (as Windows PowerShell's > writes it); save it as UTF-8";
    CHECK(error_of(Input::run, le + std::string("\n\0", 2), "a.run") == "a.run" + message);
    CHECK(error_of(Input::qrels, be + "\n", "q.txt") == "q.txt" + message);
}

TEST_CASE("a value quoted in a message shows its control bytes escaped, so the message arrives whole") {
    // A NUL would end the message where what() is read as a C string: "unknown label 'M".
    const auto labelled = error_of(Input::labels, std::string("docid,label\nd1,M\0\n", 19), "l.csv");
    CHECK(labelled.find('\0') == std::string::npos);
    CHECK(labelled.find("unknown label 'M\\x00'; expected") != std::string::npos);
    CHECK(error_of(Input::run, std::string("q1 Q0 d1 1 3\0 t\n", 17), "a.run") == "a.run:1: score: not a finite decimal number: '3\\x00'");
}

TEST_CASE("a byte order mark before the first line is not part of it, in every file, whole or a byte at a time") {
    const std::string bom = "\xEF\xBB\xBF";
    const auto evaluate = [&](const std::string& mark, std::size_t chunk) {
        Evaluation ev(json_cutoffs({2}));
        const auto add = [&](Input kind, const std::string& file, const std::string& bytes) {
            const std::string text = mark + bytes;
            ev.begin(kind, kind == Input::run ? "r" : "", file);
            for (std::size_t i = 0; i < text.size(); i += chunk) ev.feed(std::string_view(text).substr(i, chunk));
            ev.end();
        };
        add(Input::run, "r.run", "q1 Q0 a 1 2 t\nq1 Q0 b 2 1 t\n");
        add(Input::labels, "l.csv", "a,female\nb,male\n");
        add(Input::qrels, "q.txt", "q1 0 a 1\nq1 0 b 0\n");
        const std::string collection = mark + "a\tShe is here\nb\tHe and he\n";
        ev.collection_begin("c.tsv");
        for (std::size_t i = 0; i < collection.size(); i += chunk) ev.collection_feed(std::string_view(collection).substr(i, chunk));
        ev.collection_end();
        return results_json(ev.compute());
    };
    const auto plain = evaluate("", 1 << 20);
    // Document a is the first line of each file: labelled, judged and with its text, so nothing is
    // missing (a mark read as part of its id would leave it unlabelled, unjudged and without text).
    CHECK(plain.find("\"warnings\":[]") != std::string::npos);
    CHECK(evaluate(bom, 1 << 20) == plain);
    CHECK(evaluate(bom, 1) == plain);
    CHECK(evaluate(bom, 2) == plain);
    // Only before the first line: further down the same bytes are part of the id.
    Evaluation ev(json_cutoffs({2}));
    ev.add(Input::run, "r", "r.run", "q1 Q0 a 1 2 t\n" + bom + "q1 Q0 a 2 1 t\n");
    ev.collection_begin("c.tsv");
    ev.collection_feed("a\tShe is here\n");
    ev.collection_end();
    CHECK(results_json(ev.compute()).find("\"queries\":[\"q1\",\"" + bom + "q1\"]") != std::string::npos);
}

TEST_CASE("the results' JSON stops at its limit with a refusal naming outputBytes, the counts and the CLI") {
    const std::string run = "q1 Q0 a 1 2 t\nq1 Q0 b 2 1 t\nq2 Q0 a 1 1 t\n";
    Evaluation ev(json_cutoffs({2}));
    ev.add(Input::run, "r", "r.run", run);
    ev.add(Input::labels, "", "l.csv", "a,female\nb,male\n");
    ev.collection_begin("c.tsv");
    ev.collection_feed("a\tShe is here\nb\tHe and he\n");
    ev.collection_end();
    const auto results = ev.compute();
    const std::string whole = results_json(results);
    CHECK(results_json(results, whole.size()) == whole);  // exactly at the limit: written
    try {
        (void)results_json(results, whole.size() / 2);
        FAIL("no refusal at half the results' size");
    } catch (const InputError& error) {
        const std::string what = error.what();
        CHECK(error.file() == "results");
        CHECK(what.find("(outputBytes)") != std::string::npos);
        CHECK(what.find("2 queries × " + std::to_string(results.columns.size()) + " columns × 1 runs") != std::string::npos);
        CHECK(what.find("fairness-eval runs") != std::string::npos);
    }
}

TEST_CASE("labels map as the page's import: exact, any case, a unique initial, both or none; empty is neutral") {
    const std::vector<std::string> g{"female", "male"};
    for (const char* neither : {"both", "Botrh", "none", "N/A"}) CHECK(resolve_label(neither, g) == -1);
    CHECK(resolve_label("female", g) == 0);
    CHECK(resolve_label("MALE", g) == 1);
    CHECK(resolve_label("F", g) == 0);
    CHECK(resolve_label("m", g) == 1);
    CHECK(resolve_label("N", g) == -1);
    CHECK(resolve_label("Neutral", g) == -1);
    CHECK(resolve_label("", g) == -1);
    CHECK(resolve_label("x", g) == -2);
    // Two groups starting with the same letter: the initial is ambiguous.
    CHECK(resolve_label("m", {"men", "minors"}) == -2);
}

namespace {

// The warnings of a two-document query's run (its documents' texts in `collection`) with `labels`.
std::vector<std::string> warnings_with_labels(const char* run, const char* collection, const std::string& labels) {
    Evaluation ev(json_cutoffs({2}));
    ev.add(Input::run, "r", "r.run", run);
    ev.add(Input::labels, "", "l.csv", labels);
    ev.collection_begin("c.tsv");
    ev.collection_feed(collection);
    ev.collection_end();
    return ev.compute().warnings;
}

}  // namespace

TEST_CASE("labels files: trailing blanks are no field, an empty label is none, a header names its columns") {
    // The warning about documents within the cut-off without a label, or "" when all have one.
    const auto unlabelled = [](const std::string& labels) {
        for (const auto& w : warnings_with_labels("q Q0 d1 1 2 t\nq Q0 d2 2 1 t\n", "d1\tShe\nd2\tHe\n", labels))
            if (w.find("label") != std::string::npos) return w;
        return std::string();
    };
    CHECK(unlabelled("d1,F\nd2,M\n").empty());
    CHECK(unlabelled("d1,F\t\nd2,M \t\n").empty());  // a spreadsheet's trailing tab: still CSV
    CHECK(unlabelled("d1\tF\t\nd2\tM\n").empty());
    CHECK(unlabelled("d1,F\nd2,\n") == "1 document within the largest cut-off has no label: neutral");
    CHECK(unlabelled("d1\tF\nd2\t\n") == "1 document within the largest cut-off has no label: neutral");
    CHECK(unlabelled("docid,label\nd1,F\nd2,M\n").empty());
    CHECK(unlabelled("id\tgender\nd1\tF\nd2\tM\n").empty());
    // A header naming the label first is read in its order.
    CHECK(unlabelled("label,docid\nF,d1\nM,d2\n").empty());
    CHECK(unlabelled("Gender\tdocno\nF\td1\n\td2\n") == "1 document within the largest cut-off has no label: neutral");
    CHECK(error_of(Input::labels, "label,docid\nF,d1\nd2,M\n", "l.csv") ==
          "l.csv:3: label: unknown label 'd2'; expected female, male, neutral (or F, M, N)");
    CHECK(error_of(Input::labels, "label,docid\nF,\"doc,1\",x\n", "l.csv") ==
          "l.csv:2: more than 2 fields; expected label,docid (CSV) or label<TAB>docid (TSV), as the header names them");
    CHECK(error_of(Input::labels, "label,docid\n,d1,x\n", "l.csv") ==
          "l.csv:2: more than 2 fields; expected label,docid (CSV) or label<TAB>docid (TSV), as the header names them");
    CHECK(error_of(Input::labels, "label,docid\n,\n", "l.csv") == "l.csv:2: docid: empty");
    // A mistyped first label is not taken for a header: the same refusal as on any other line.
    CHECK(error_of(Input::labels, "d1,Femal\nd2,M\n", "l.csv") ==
          "l.csv:1: label: unknown label 'Femal'; expected female, male, neutral (or F, M, N) (a header names its columns, as "
          "docid,label)");
    CHECK(error_of(Input::labels, "d1 \n", "l.csv") == "l.csv:1: expected docid,label (CSV) or docid<TAB>label (TSV)");
}

TEST_CASE("labels as pandas writes them: a quoted id may hold the separator, and \"\" is a quote") {
    const auto warnings = [](const std::string& labels) {
        return warnings_with_labels("q Q0 doc,1 1 2 t\nq Q0 a\"b 2 1 t\n", "doc,1\tShe\na\"b\tHe\n", labels);
    };
    const auto unlabelled = [](const std::vector<std::string>& w) {
        return std::any_of(w.begin(), w.end(), [](const std::string& s) { return s.find("no label") != std::string::npos; });
    };
    CHECK_FALSE(unlabelled(warnings("docid,label\n\"doc,1\",F\n\"a\"\"b\",M\n")));
    CHECK(unlabelled(warnings("\"doc,1\",F\n")));  // a"b has none: the check can fail
    CHECK(error_of(Input::labels, "\"doc,1\",F,x\n", "l.csv") ==
          "l.csv:1: more than 2 fields; expected docid,label (CSV) or docid<TAB>label (TSV)");
    // A quote opened and not closed: the id would keep its quote ("d1) and match nothing.
    CHECK(error_of(Input::labels, "docid,label\n\"d1,M\n", "l.csv") ==
          "l.csv:2: a quote is opened and not closed: '\"d1,M'; expected docid,label (CSV) or docid<TAB>label (TSV)");
    CHECK(error_of(Input::labels, "docid,label\nd1,\"M\n", "l.csv") ==
          "l.csv:2: a quote is opened and not closed: 'd1,\"M'; expected docid,label (CSV) or docid<TAB>label (TSV)");
    // In TSV a quote is a character of the id like any other.
    CHECK(error_of(Input::labels, "docid\tlabel\n\"d1\tM\n", "l.tsv").empty());
}

TEST_CASE("annotated query lists: the id is the first field and the label the last, commas inside the text") {
    Options o;
    o.query_label = "n";
    o.metrics = {"nDCG"};
    Evaluation ev(o);
    ev.add(Input::run, "r", "r.run", "1 Q0 d 1 1 t\n2 Q0 d 1 1 t\n3 Q0 d 1 1 t\n");
    ev.add(Input::queries, "", "q.csv", "1,who was he, the king,m\n2,what is a cat, or a dog,n\n3,plain,N\n");
    const auto res = ev.compute();
    REQUIRE(res.queries.size() == 2);
    CHECK(res.queries[0] == "2");
    CHECK(res.query_texts[0] == "what is a cat, or a dog");
    CHECK(res.queries[1] == "3");
    CHECK(std::none_of(res.warnings.begin(), res.warnings.end(), [](const auto& w) { return w.find("--query-label") == 0; }));
}

TEST_CASE("annotated query lists: under --query-label, queries without a label are left out, and said so") {
    Options o;
    o.query_label = "n";
    o.metrics = {"nDCG"};
    Evaluation ev(o);
    ev.add(Input::run, "r", "r.run", "1 Q0 d 1 1 t\n2 Q0 d 1 1 t\n3 Q0 d 1 1 t\n4 Q0 d 1 1 t\n");
    ev.add(Input::queries, "", "q.csv", "1,who is he,m\n2,what is a cat,n\n3\n4\n");
    const auto res = ev.compute();
    CHECK(res.queries == std::vector<std::string>{"2"});
    CHECK(std::count(res.warnings.begin(), res.warnings.end(),
                     "--query-label: 2 queries of the query list have no label (the first: '3'), left out") == 1);
    // Without --query-label every query is kept, and nothing is said.
    o.query_label.clear();
    Evaluation all(o);
    all.add(Input::run, "r", "r.run", "1 Q0 d 1 1 t\n3 Q0 d 1 1 t\n");
    all.add(Input::queries, "", "q.csv", "1,who is he,m\n3\n");
    const auto kept = all.compute();
    CHECK(kept.queries == std::vector<std::string>{"1", "3"});
    CHECK(std::none_of(kept.warnings.begin(), kept.warnings.end(), [](const auto& w) { return w.find("--query-label") == 0; }));
}

TEST_CASE("query lists as TSV: qid<TAB>query text (MS MARCO's queries.tsv), optionally a label; a header skipped") {
    Options o;
    o.metrics = {"nDCG"};
    Evaluation ev(o);
    ev.add(Input::run, "r", "r.run", "1048578 Q0 d 1 1 t\n2 Q0 d 1 1 t\n");
    // A text with commas and spaces, a Windows line end.
    ev.add(Input::queries, "", "queries.tsv", "qid\tquery\n1048578\tcost of endless pools, swim spa\r\n2\twhat is a cat\n");
    const auto res = ev.compute();
    REQUIRE(res.queries == std::vector<std::string>{"1048578", "2"});
    CHECK(res.query_texts[0] == "cost of endless pools, swim spa");
    CHECK(res.query_texts[1] == "what is a cat");
    // Without labels, --query-label has nothing to filter by; with a third field, it does.
    o.query_label = "n";
    Evaluation plain(o);
    plain.add(Input::run, "r", "r.run", "1 Q0 d 1 1 t\n");
    plain.add(Input::queries, "", "q.tsv", "1\tone\n");
    try {
        plain.compute();
        FAIL("no refusal");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()).find("--query-label: the query list has no labels") == 0);
    }
    Evaluation labelled(o);
    labelled.add(Input::run, "r", "r.run", "1 Q0 d 1 1 t\n2 Q0 d 1 1 t\n");
    labelled.add(Input::queries, "", "q.tsv", "1\tone\tg\n2\ttwo, too\tn\n");
    const auto l = labelled.compute();
    REQUIRE(l.queries == std::vector<std::string>{"2"});
    CHECK(l.query_texts[0] == "two, too");
    CHECK(error_of(Input::queries, "1\ta\tb\tc\n", "q.tsv") ==
          "q.tsv:1: more than 3 fields; expected qid<TAB>query text, optionally <TAB>label");
    CHECK(error_of(Input::queries, "1\tone\n1\tagain\n", "q.tsv") == "q.tsv:2: qid: query '1' is listed twice (lines 1 and 2)");
}

TEST_CASE("the order within a query: score descending, ties by docid descending (trec_eval); or the file's") {
    const std::string run = "q Q0 d1 1 1.0 t\nq Q0 d3 2 2.0 t\nq Q0 d2 3 2.0 t\nq Q0 d10 4 2.0 t\n";
    // Relevance on d3 only: nDCG@1 is 1 when d3 comes first. By score: the ties 2.0 sort d3 > d2 >
    // d10 (byte order), so d3 is first; in file order d1 is first.
    for (const auto order : {Order::score, Order::file}) {
        Options o = json_cutoffs({1});
        o.order = order;
        o.metrics = {"nDCG"};
        Evaluation ev(o);
        ev.add(Input::run, "r", "r.run", run);
        ev.add(Input::qrels, "", "q.txt", "q 0 d3 1\n");
        const auto res = ev.compute();
        CHECK(*res.runs[0].values[0][0] == (order == Order::score ? 1.0 : 0.0));
    }
}

#if defined(__SSE2__)
TEST_CASE("the vector byte scan finds what the byte-by-byte scan finds: every length, alignment and needle position") {
    // Random bytes that avoid the needle, then the needle planted at 0, 1 or 2 positions: at
    // every offset from 0 to past the 32- and 16-byte steps, from every alignment of the start.
    std::uint64_t state = 12345;
    const auto next = [&] { return state = state * 6364136223846793005ull + 1442695040888963407ull, static_cast<unsigned>(state >> 33); };
    std::vector<char> buffer(200);
    for (std::size_t align = 0; align < 16; ++align)
        for (std::size_t n = 0; n <= 100; ++n)
            for (int needles = 0; needles <= 2; ++needles) {
                for (auto& b : buffer) b = static_cast<char>(next() % 255 + 1);  // 1 … 255, never '\0'
                const char* p = buffer.data() + align;
                std::vector<std::size_t> at;
                for (int k = 0; k < needles && n; ++k) at.push_back(next() % n);
                for (const auto i : at) buffer[align + i] = '\0';
                for (const char c : {'\0', '\n', '\t'}) {
                    const char* expected = find_byte_scalar(p, n, c);
                    REQUIRE(find_byte_vector(p, n, c) == expected);
                    REQUIRE(find_byte(p, n, c) == expected);
                }
                // A needle just past the end is not found.
                buffer[align + n] = '\n';
                REQUIRE(find_byte_vector(p, n, '\n') == find_byte_scalar(p, n, '\n'));
            }
    // Every position of one needle in a 96-byte window (the 32-byte steps, the 16-byte step, the tail).
    for (std::size_t i = 0; i < 96; ++i) {
        std::vector<char> line(96, 'x');
        line[i] = '\t';
        CHECK(find_byte_vector(line.data(), line.size(), '\t') == line.data() + i);
        CHECK(find_byte_vector(line.data(), i, '\t') == nullptr);
    }
}
#endif

TEST_CASE("whole numbers (a run's rank): digits with an optional sign, in the range of long long, nothing else") {
    long long v = 0;
    CHECK((parse_int("42", v) && v == 42));
    CHECK((parse_int("+7", v) && v == 7));
    CHECK((parse_int("-7", v) && v == -7));
    CHECK((parse_int("007", v) && v == 7));
    CHECK((parse_int("9223372036854775807", v) && v == 9223372036854775807ll));
    CHECK((parse_int("-9223372036854775808", v) && v == -9223372036854775807ll - 1));
    for (const char* bad : {"", "+", "-", "9223372036854775808", "-9223372036854775809", "99999999999999999999", "1.0", "1e3", "12a", " 1",
                            "1 ", "--1", "0x10"})
        CHECK_MESSAGE(!parse_int(bad, v), bad);
}

TEST_CASE("fields split by the vector scan equal the byte-by-byte split: random lines of spaces, tabs and text") {
    std::uint64_t state = 777;
    const auto next = [&] { return state = state * 6364136223846793005ull + 1442695040888963407ull, static_cast<unsigned>(state >> 33); };
    const char alphabet[] = {' ', '\t', 'a', '7', '.', '\n', ' ', 'x'};
    for (int round = 0; round < 20000; ++round) {
        std::string line(next() % 80, ' ');
        for (auto& c : line) c = alphabet[next() % 8];
        const std::size_t max = next() % 8;
        std::string_view got[8], expected[8];
        const std::size_t n = split_fields(line, got, max), m = split_fields_scalar(line, expected, max);
        REQUIRE(n == m);
        for (std::size_t i = 0; i < std::min(n, max); ++i) {
            REQUIRE(got[i].data() == expected[i].data());
            REQUIRE(got[i].size() == expected[i].size());
        }
    }
}

TEST_CASE("scores: the fast decimal path gives strtod's correctly rounded value, and refuses what strtod refuses") {
    std::uint64_t state = 99;
    const auto next = [&] { return state = state * 6364136223846793005ull + 1442695040888963407ull, static_cast<unsigned>(state >> 33); };
    for (int round = 0; round < 50000; ++round) {
        std::string text = next() % 4 == 0 ? "-" : "";
        const unsigned digits = 1 + next() % 18, point = next() % (digits + 1);
        for (unsigned i = 0; i < digits; ++i) {
            if (i == point && i) text += '.';
            text += static_cast<char>('0' + next() % 10);
        }
        if (next() % 3 == 0) text += "e" + std::to_string(static_cast<int>(next() % 60) - 30);
        double got = 0;
        REQUIRE_MESSAGE(parse_double(text, got), text);
        CHECK_MESSAGE(got == std::strtod(text.c_str(), nullptr), text);
    }
    double v = 0;
    for (const char* bad : {"", "+", "-", ".", "1e", "1e+", "1.2.3", "0x10", "inf", "nan", "1e999", "1 ", "--1"})
        CHECK_MESSAGE(!parse_double(bad, v), bad);
    CHECK((parse_double("+2.5", v) && v == 2.5));
    CHECK((parse_double(".5", v) && v == 0.5));
    CHECK((parse_double("7.", v) && v == 7.0));
    // Below the smallest double: 0 or subnormal, as strtod (and trec_eval's atof) read it.
    for (const char* tiny : {"1e-400", "-1e-400", "4.9e-324", "2.5e-320"}) {
        CHECK_MESSAGE(parse_double(tiny, v), tiny);
        CHECK_MESSAGE(v == std::strtod(tiny, nullptr), tiny);
    }
    for (const char* bad : {"0x1p3", "infinity", "1e400", "-1e400", "++6", "+-5"}) CHECK_MESSAGE(!parse_double(bad, v), bad);
}
