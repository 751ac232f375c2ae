#include "fairness/text.hpp"

namespace fairness {

namespace {

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// SPEC: a `words` token is a maximal run of ASCII letters, digits, or bytes >= 0x80,
// so UTF-8 encoded words stay whole.
bool word_byte(char c) {
    const auto u = static_cast<unsigned char>(c);
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u >= 0x80;
}

}  // namespace

std::string ascii_lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = lower(c);
    return out;
}

std::vector<Token> tokenize(std::string_view text, Tokenizer tokenizer) {
    std::vector<Token> tokens;
    const auto separator = [tokenizer](char c) {
        return tokenizer == Tokenizer::words ? !word_byte(c) : c == ' ';
    };
    std::size_t i = 0;
    while (i < text.size()) {
        if (separator(text[i])) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < text.size() && !separator(text[j])) ++j;
        tokens.push_back({i, j, ascii_lower(text.substr(i, j - i))});
        i = j;
    }
    return tokens;
}

bool DocTerms::representative() const {
    for (double m : magnitude)
        if (m > 0) return true;
    return false;
}

TermIndex::TermIndex(const Lexicon& lexicon, Tokenizer tokenizer)
    : groups_(lexicon.terms.size()), tokenizer_(tokenizer) {
    for (std::size_t g = 0; g < lexicon.terms.size(); ++g)
        for (const auto& term : lexicon.terms[g]) group_of_.emplace(term, g);
}

DocTerms TermIndex::analyze(std::string_view text) const {
    DocTerms doc;
    doc.magnitude.assign(groups_, 0.0);
    const auto tokens = tokenize(text, tokenizer_);
    doc.tokens = tokens.size();
    for (const auto& token : tokens) {
        const auto found = group_of_.find(token.text);
        if (found == group_of_.end()) continue;
        doc.magnitude[found->second] += 1;
        ++doc.term_counts[token.text];
        doc.matches.push_back({token.begin, token.end, found->second, token.text});
    }
    return doc;
}

}  // namespace fairness
