// The hot path of run evaluation: counting tokens and group terms of a passage without allocating.
// Gives the same counts as TermIndex (fairness/text.hpp) for both tokenizers of SPEC "Terms and
// tokens" (tests/cpp/test_runs_tokenizer.cpp checks it on random and edge-case texts), but:
// - no string per token: a token is a byte range, lowercased only while it is compared;
// - no hashing per token: the lexicon is tiny, so a token is compared only when a term of its
//   length starts with its (lowercased) first byte; that filter rejects most tokens with one load;
// - one pass over the bytes, ASCII and UTF-8 alike (`words` keeps bytes >= 0x80 inside a token,
//   `whitespace` splits on ' ' only; both lowercase ASCII letters only, as SPEC says).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/text.hpp"

namespace fairness::runs {

class TermCounter {
public:
    TermCounter(const Lexicon& lexicon, Tokenizer tokenizer);

    std::size_t term_count() const { return terms_.size(); }
    std::string_view term(std::size_t t) const { return terms_[t]; }
    std::size_t group_of(std::size_t t) const { return group_[t]; }

    // Counts the tokens of `text` (|d|) and calls on_term(t) for each occurrence of lexicon term t.
    template <typename OnTerm>
    std::uint32_t count(std::string_view text, OnTerm&& on_term) const {
        return tokenizer_ == Tokenizer::words ? scan<true>(text, on_term) : scan<false>(text, on_term);
    }

private:
    static constexpr std::size_t max_length = 64;  // longer terms are compared in the slow way
    std::vector<std::string> terms_;
    std::vector<std::uint32_t> group_;
    Tokenizer tokenizer_;
    // first_[len][byte]: 1 + the first index in `bucket_` of the terms of this length and first
    // byte, 0 when there is none; the bucket lists term indices and ends at `none`.
    std::vector<std::array<std::uint32_t, 256>> first_;
    std::vector<std::uint32_t> bucket_;
    std::vector<std::uint32_t> long_terms_;  // terms longer than max_length
    static constexpr std::uint32_t none = 0xffffffffu;

    static unsigned char lower(unsigned char c) { return (c >= 'A' && c <= 'Z') ? static_cast<unsigned char>(c + 32) : c; }

    static bool word_byte(unsigned char u) {
        return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u >= 0x80;
    }

    bool equal_lower(const unsigned char* token, std::size_t n, std::string_view term) const {
        for (std::size_t i = 0; i < n; ++i)
            if (lower(token[i]) != static_cast<unsigned char>(term[i])) return false;
        return true;
    }

    template <typename OnTerm>
    void match(const unsigned char* b, std::size_t n, OnTerm& on_term) const {
        if (n < first_.size()) {
            const std::uint32_t start = first_[n][lower(*b)];
            if (start == 0) return;
            for (std::size_t i = start - 1; bucket_[i] != none; ++i)
                if (equal_lower(b + 1, n - 1, std::string_view(terms_[bucket_[i]]).substr(1))) {
                    on_term(bucket_[i]);
                    return;
                }
            return;
        }
        for (const auto t : long_terms_)
            if (terms_[t].size() == n && equal_lower(b, n, terms_[t])) {
                on_term(t);
                return;
            }
    }

    template <bool Words, typename OnTerm>
    std::uint32_t scan(std::string_view text, OnTerm& on_term) const {
        const auto* p = reinterpret_cast<const unsigned char*>(text.data());
        const auto* end = p + text.size();
        std::uint32_t tokens = 0;
        const auto inside = [](unsigned char c) { return Words ? word_byte(c) : c != ' '; };
        while (true) {
            while (p < end && !inside(*p)) ++p;
            if (p == end) return tokens;
            const auto* b = p;
            while (p < end && inside(*p)) ++p;
            ++tokens;
            match(b, static_cast<std::size_t>(p - b), on_term);
        }
    }
};

}  // namespace fairness::runs
