#include "fairness/text.hpp"

#include <algorithm>

namespace fairness {

namespace {

// SPEC: a `words` token is a maximal run of ASCII letters, digits, or bytes >= 0x80,
// so UTF-8 encoded words stay whole.
bool word_byte(char c) {
    const auto u = static_cast<unsigned char>(c);
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u >= 0x80;
}

}  // namespace

namespace {

// Lowercases the token text[begin, end) into `out`, with the whole text as the final-sigma rule's
// context. Lowercasing never changes a character's token class (scripts/make-unicode-lower.py
// checks it), so splitting the original text and lowercasing each token is SPEC's "lowercase, then
// split", and the tokens' offsets stay offsets into the original text.
[[gnu::always_inline]] inline void lower_token(std::string_view text, std::size_t begin, std::size_t end, std::string& out) {
    out.assign(text.substr(begin, end - begin));
    unsigned char bits = 0;
    for (const char c : out) bits |= static_cast<unsigned char>(c);
    if (bits < 0x80) {  // ASCII: by table, no decoding
        for (char& c : out) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        return;
    }
    out.resize(lowercase_capacity(end - begin));
    out.resize(lowercase_into(text, begin, end, out.data()));
}

// Calls `token(begin, end)` for each token of `text`, in order (SPEC "Terms and tokens").
template <typename Each>
void for_each_token(std::string_view text, Tokenizer tokenizer, Each&& token) {
    const auto separator = [tokenizer](char c) { return tokenizer == Tokenizer::words ? !word_byte(c) : c == ' '; };
    std::size_t i = 0;
    while (i < text.size()) {
        if (separator(text[i])) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < text.size() && !separator(text[j])) ++j;
        token(i, j);
        i = j;
    }
}

}  // namespace

std::vector<Token> tokenize(std::string_view text, Tokenizer tokenizer) {
    std::vector<Token> tokens;
    for_each_token(text, tokenizer, [&](std::size_t begin, std::size_t end) {
        Token& token = tokens.emplace_back(Token{begin, end, {}});
        lower_token(text, begin, end, token.text);
    });
    return tokens;
}

bool DocTerms::representative() const {
    for (double m : magnitude)
        if (m > 0) return true;
    return false;
}

std::uint32_t DocTerms::count(std::uint32_t term) const {
    const auto found =
        std::lower_bound(term_counts.begin(), term_counts.end(), term, [](const TermCount& c, std::uint32_t t) { return c.term < t; });
    return found != term_counts.end() && found->term == term ? found->count : 0;
}

TermIndex::TermIndex(const Lexicon& lexicon, Tokenizer tokenizer) : groups_(lexicon.terms.size()), tokenizer_(tokenizer) {
    for (std::size_t g = 0; g < lexicon.terms.size(); ++g)
        for (const auto& term : lexicon.terms[g]) {
            if (!index_of_.emplace(term, static_cast<std::uint32_t>(terms_.size())).second) continue;
            terms_.push_back(term);
            term_group_.push_back(g);
            longest_ = std::max(longest_, term.size());
        }
}

std::optional<std::uint32_t> TermIndex::find(std::string_view term) const {
    const auto found = index_of_.find(term);
    if (found == index_of_.end()) return std::nullopt;
    return found->second;
}

DocTerms TermIndex::analyze(std::string_view text, bool with_matches) const {
    DocTerms doc;
    doc.magnitude.assign(groups_, 0.0);
    std::string lowered;
    for_each_token(text, tokenizer_, [&](std::size_t begin, std::size_t end) {
        ++doc.tokens;
        if (end - begin > longest_ * lowercase_max_shrink) return;  // too long to lowercase to a term
        lower_token(text, begin, end, lowered);
        const auto found = index_of_.find(std::string_view(lowered));
        if (found == index_of_.end()) return;
        const std::uint32_t term = found->second;
        const std::size_t group = term_group_[term];
        doc.magnitude[group] += 1;
        const auto at = std::lower_bound(doc.term_counts.begin(), doc.term_counts.end(), term,
                                         [](const TermCount& c, std::uint32_t t) { return c.term < t; });
        if (at != doc.term_counts.end() && at->term == term)
            ++at->count;
        else
            doc.term_counts.insert(at, {term, 1});
        if (with_matches) doc.matches.push_back({begin, end, group, term});
    });
    return doc;
}

bool has_typographic_punctuation(std::string_view text) {
    static constexpr std::string_view marks[] = {"\u2018", "\u2019", "\u201C", "\u201D", "\u2013", "\u2014", "\u00A0"};
    // Every mark is non-ASCII: most texts are passed over in one scan (which the compiler
    // vectorises; find_first_of of two bytes called memchr once per byte).
    unsigned char any = 0;
    for (const char c : text) any |= static_cast<unsigned char>(c);
    if (any < 0x80) return false;
    return std::any_of(std::begin(marks), std::end(marks), [&](std::string_view m) { return text.find(m) != std::string_view::npos; });
}

}  // namespace fairness
