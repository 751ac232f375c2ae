// Tokenizers, lexicons and per-document term counts (SPEC "Terms and tokens").
// Everything here works on UTF-8 bytes, lowercased as Python's str.lower() (fairness/unicode_lower.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "fairness/unicode_lower.hpp"

namespace fairness {

enum class Tokenizer {
    words,       // maximal runs of ASCII letters, digits and bytes >= 0x80
    whitespace,  // split on ' ' only, as the official NFaiRR code does
};

struct Token {
    std::size_t begin = 0;  // byte offsets into the original text
    std::size_t end = 0;
    std::string text;  // lowercased (its length may differ from end - begin: İ, K)
};

// Splits `text` into lowercased tokens with their byte spans. With `whitespace`, empty pieces
// (from repeated, leading or trailing spaces) are not tokens.
std::vector<Token> tokenize(std::string_view text, Tokenizer tokenizer);

// Whether `text` holds typographic quotes, dashes or a no-break space: UTF-8 (bytes >= 0x80), so
// the `words` tokenizer keeps them inside a token ("He’s" is one token, not "he" + "s"). Worth a
// warning, since pasted text and web passages are full of them.
bool has_typographic_punctuation(std::string_view text);

// Each group's representative terms: terms[g] is the set V_g of group g (index into the group list).
struct Lexicon {
    std::vector<std::vector<std::string>> terms;
};

// The built-in gender word list (NFaiRR's official list, MIT): its "female" and "male" terms.
// Generated at build time from data/gender-words/.
const std::vector<std::string>& default_terms(std::string_view group);

// Every lexicon term is known by its index in TermIndex::terms() (a term listed for two groups
// counts for the first). What the term-based metrics read of a document holds indices, not
// strings: per document, flat arrays of a few small records (no hash table, no string per term).

// Where a group term occurs in a document, for highlighting.
struct TermMatch {
    std::size_t begin = 0;  // byte offsets into the text
    std::size_t end = 0;
    std::size_t group = 0;
    std::uint32_t term = 0;  // index into TermIndex::terms()
};

// tf(t, d) of one lexicon term present in a document.
struct TermCount {
    std::uint32_t term = 0;   // index into TermIndex::terms()
    std::uint32_t count = 0;  // >= 1
};

// What the term-based metrics read of one document. A plain value (vectors of numbers only):
// built by TermIndex::analyze, safe to build for many documents in parallel.
struct DocTerms {
    std::size_t tokens = 0;                         // |d|
    std::vector<double> magnitude;                  // M_g(d) for each group g
    std::vector<TermCount> term_counts;             // tf(t, d) of the lexicon terms present, by term index ascending
    std::vector<TermMatch> matches;                 // in text order; empty when analysed without matches
    bool representative() const;                    // has at least one group term
    std::uint32_t count(std::uint32_t term) const;  // tf(t, d), 0 when absent (binary search)
};

// Looks every token of a document up in the lexicon. Immutable once built: analyze may run on
// many threads at once.
class TermIndex {
public:
    TermIndex(const Lexicon& lexicon, Tokenizer tokenizer);
    // `with_matches`: also list where each group term is (the results' per-document detail).
    DocTerms analyze(std::string_view text, bool with_matches = true) const;
    std::size_t group_count() const { return groups_; }
    // Every lexicon term once, in the lexicon's order (group by group); TermCount and TermMatch index it.
    const std::vector<std::string>& terms() const { return terms_; }
    std::size_t group_of(std::uint32_t term) const { return term_group_[term]; }
    // The index of a (lowercase) term, if it is in the lexicon.
    std::optional<std::uint32_t> find(std::string_view term) const;

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> index_of_;
    std::vector<std::string> terms_;
    std::vector<std::size_t> term_group_;
    std::size_t longest_ = 0;  // bytes of the longest term: a token lowercasing to more is not looked up
    std::size_t groups_;
    Tokenizer tokenizer_;
};

}  // namespace fairness
