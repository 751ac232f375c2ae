// Tokenizers, lexicons and per-document term counts (SPEC "Terms and tokens").
// Everything here works on UTF-8 bytes; only ASCII letters are lowercased.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fairness {

enum class Tokenizer {
    words,       // maximal runs of ASCII letters, digits and bytes >= 0x80
    whitespace,  // split on ' ' only, as the official NFaiRR code does
};

struct Token {
    std::size_t begin = 0;  // byte offsets into the original text
    std::size_t end = 0;
    std::string text;       // lowercased
};

// Splits `text` into lowercased tokens with their byte spans. With `whitespace`, empty pieces
// (from repeated, leading or trailing spaces) are not tokens.
std::vector<Token> tokenize(std::string_view text, Tokenizer tokenizer);

// ASCII-only lowercasing, the same the tokenizers apply.
std::string ascii_lower(std::string_view text);

// Each group's representative terms: terms[g] is the set V_g of group g (index into the group list).
struct Lexicon {
    std::vector<std::vector<std::string>> terms;
};

// The built-in gender word list (NFaiRR's official list, MIT): its "female" and "male" terms.
// Generated at build time from data/gender-words/.
const std::vector<std::string>& default_terms(std::string_view group);

// Where a group term occurs in a document, for highlighting.
struct TermMatch {
    std::size_t begin = 0;
    std::size_t end = 0;
    std::size_t group = 0;
    std::string term;
};

// What the term-based metrics read of one document.
struct DocTerms {
    std::size_t tokens = 0;                             // |d|
    std::vector<double> magnitude;                      // M_g(d) for each group g
    std::unordered_map<std::string, int> term_counts;   // tf(t, d) for the lexicon terms present
    std::vector<TermMatch> matches;                     // in text order
    bool representative() const;                        // has at least one group term
};

// Looks every token of a document up in the lexicon.
class TermIndex {
public:
    TermIndex(const Lexicon& lexicon, Tokenizer tokenizer);
    DocTerms analyze(std::string_view text) const;
    std::size_t group_count() const { return groups_; }

private:
    std::unordered_map<std::string, std::size_t> group_of_;
    std::size_t groups_;
    Tokenizer tokenizer_;
};

}  // namespace fairness
