// The run evaluation's term counter (fairness/runs/term_counter.hpp) against the scenario mode's
// TermIndex (fairness/text.hpp): the same token count |d| and the same count of every lexicon term,
// for both tokenizers, on edge cases and on random texts of ASCII, UTF-8 (non-ASCII uppercase,
// final sigma, lowercase of another length) and odd bytes.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "fairness/runs/term_counter.hpp"
#include "fairness/scenario.hpp"
#include "fairness/text.hpp"

using fairness::Lexicon;
using fairness::TermIndex;
using fairness::Tokenizer;
using fairness::runs::TermCounter;

namespace {

struct Counts {
    std::size_t tokens = 0;
    std::map<std::string, int> terms;
    bool operator==(const Counts&) const = default;
};

Counts by_counter(const TermCounter& counter, std::string_view text) {
    Counts c;
    c.tokens = counter.count(text, [&](std::size_t t) { ++c.terms[std::string(counter.term(t))]; });
    return c;
}

Counts by_index(const TermIndex& index, std::string_view text) {
    const auto doc = index.analyze(text);
    Counts c;
    c.tokens = doc.tokens;
    for (const auto& [term, n] : doc.term_counts) c.terms[index.terms()[term]] = static_cast<int>(n);
    return c;
}

Lexicon lexicon() {
    Lexicon l;
    // Terms of one byte, of shared first bytes and lengths, UTF-8 and a digit: the filter's cases.
    // Non-ASCII terms in any case, as a scenario's lexicon gives them (lowercased as str.lower()).
    l.terms = {{"she", "her", "woman", "women", "a", "actress", "fräulein", "mrs", "x1", "élève", "i\u0307pek", "οδος"},
               {"he", "him", "man", "men", "hers-not", "señor", "mr", "king", "οδοσ", "ανηρ"}};
    return l;
}

std::string random_text(std::mt19937& rng) {
    static const std::vector<std::string> pieces = {
        "she",   "She",   "SHE",    "her",       "Her's",     "he",       "HE",       "him",          "man",  "Men",  "woman",
        "women", "a",     "A",      "actress",   "Fräulein",  "FRäULEIN", "señor",    "SEÑOR",        "mr",   "Mr.",  "mrs",
        "x1",    "X1",    "x12",    "he’s",      "—",         " ",        "  ",       "\t",           ",",    ".",    "'",
        "-",     "\xC3",  "\x80",   "\xFF",      "\n",        "0",        "9x",       "hers-not",     "hers", "not",  "é",
        "É",     "ÉLÈVE", "Élève",  "\u0130PEK", "\u0130pek", "ipek",     "KING",     "\u212Aing",    "ΟΔΟΣ", "οδοσ", "Σ",
        "ΑΝΗΡ",  "ανηρ",  "\u0345", "\u00AD",    "\u212A",    "S\u212A",  "he\u212A", "\u212A\u212A",
    };
    std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1), length(0, 30);
    std::string out;
    for (std::size_t i = 0, n = length(rng); i < n; ++i) out += pieces[pick(rng)];
    return out;
}

}  // namespace

TEST_CASE("the term counter gives TermIndex's counts on edge cases, both tokenizers") {
    const auto lex = lexicon();
    const std::vector<std::string> texts = {
        "",
        " ",
        "   ",
        "a",
        "A",
        "she",
        "She's her",
        "  He  said:  HIM, him; him.  ",
        "x1 X1 x12 1x",
        "Fräulein FRäULEIN fräulein",
        "señor SEÑOR",
        "he’s",
        "hers-not hers not",
        "mr.mrs mr mrs",
        "\xC3\x80he \xFFshe\xFF",
        "tab\tshe\the",
        "woman-women womanwomen",
        "trailing she ",
        " leading he",
        "ÉLÈVE élève \u0130PEK \u212Aing KING",
        "ΟΔΟΣ ΟΔΟΣ.ΑΒ ΟΔΟΣ' οδοσ ΑΝΗΡ",
        "\xFFΟΔΟΣ\xFF ΟΔΟΣ\xCE",
    };
    for (const auto tokenizer : {Tokenizer::words, Tokenizer::whitespace}) {
        const TermCounter counter(lex, tokenizer);
        const TermIndex index(lex, tokenizer);
        for (const auto& text : texts) {
            CAPTURE(text);
            CAPTURE(fairness::to_string(tokenizer));
            CHECK(by_counter(counter, text) == by_index(index, text));
        }
    }
}

TEST_CASE("the term counter gives TermIndex's counts on 6,000 random texts, both tokenizers and lexicons") {
    // The ASCII-only lexicon takes the counter's shortcut for non-ASCII tokens (only the Kelvin sign
    // lowercases to ASCII), the other decodes them all.
    Lexicon ascii_only;
    for (const auto& group : lexicon().terms) {
        ascii_only.terms.emplace_back();
        for (const auto& term : group)
            if (std::all_of(term.begin(), term.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
                ascii_only.terms.back().push_back(term);
    }
    REQUIRE(ascii_only.terms[1].size() == 7);  // he him man men hers-not mr king
    std::mt19937 rng(7);
    for (const auto& lex : {lexicon(), ascii_only})
        for (const auto tokenizer : {Tokenizer::words, Tokenizer::whitespace}) {
            const TermCounter counter(lex, tokenizer);
            const TermIndex index(lex, tokenizer);
            for (int i = 0; i < 1500; ++i) {
                const auto text = random_text(rng);
                CAPTURE(text);
                REQUIRE(by_counter(counter, text) == by_index(index, text));
            }
        }
}

TEST_CASE("the built-in lexicon: the same counts on a passage, and 'He's' counts he under words only") {
    Lexicon lex;
    lex.terms = {fairness::default_terms("female"), fairness::default_terms("male")};
    const std::string text = "He's her father's brother; the Queen and the KING met his wife.";
    for (const auto tokenizer : {Tokenizer::words, Tokenizer::whitespace}) {
        const TermCounter counter(lex, tokenizer);
        CHECK(by_counter(counter, text) == by_index(TermIndex(lex, tokenizer), text));
    }
    const TermCounter words(lex, Tokenizer::words);
    // words: he, s, her, father, s, brother, the, queen, and, the, king, met, his, wife = 14 tokens.
    CHECK(by_counter(words, text).tokens == 14);
}
