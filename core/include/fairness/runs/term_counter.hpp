// The hot path of run evaluation: counting tokens and group terms of a passage without allocating.
// Gives the same counts as TermIndex (fairness/text.hpp) for both tokenizers of SPEC "Terms and
// tokens" (tests/cpp/test_runs_tokenizer.cpp checks it on random and edge-case texts), but:
// - no string per token: a token is a byte range, lowercased only while it is compared;
// - no hashing per token: the lexicon is tiny, so a token is compared only when a term of its
//   length starts with its (lowercased) first byte; that filter rejects most tokens with one load;
// - one pass over the bytes, ASCII and UTF-8 alike (`words` keeps bytes >= 0x80 inside a token,
//   `whitespace` splits on ' ' only);
// - lowercasing as Python's str.lower() (fairness/unicode_lower.hpp) with an ASCII fast path: a
//   token of ASCII bytes only is lowercased by table while it is compared; only a token with a
//   byte >= 0x80 is decoded and lowercased into a buffer on the stack first.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fairness/text.hpp"
#include "fairness/unicode_lower.hpp"

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
    // first_[len * 256 + byte]: 1 + the index in `bucket_` of the terms of this length whose first
    // byte is `byte`, 0 when there is none; each bucket lists term indices and ends at `none`.
    std::size_t longest_ = 0;
    std::vector<std::uint32_t> first_;
    std::vector<std::uint32_t> bucket_;
    std::vector<std::uint32_t> long_terms_;  // terms longer than max_length
    bool ascii_terms_ = true;                // no term has a byte >= 0x80 (the built-in lexicon)
    static constexpr std::uint32_t none = 0xffffffffu;

    struct Tables {
        unsigned char lower[256];
        bool word_separator[256];   // not an ASCII letter, digit or byte >= 0x80
        bool space_separator[256];  // ' ' only
        bool word_stop[256];        // word_separator, or a byte >= 0x80 (the ASCII fast path ends)
        bool space_stop[256];       // space_separator, or a byte >= 0x80
    };
    static constexpr Tables tables = [] {
        Tables t{};
        for (int c = 0; c < 256; ++c) {
            t.lower[c] = static_cast<unsigned char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
            const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80;
            t.word_separator[c] = !word;
            t.space_separator[c] = c == ' ';
            t.word_stop[c] = t.word_separator[c] || c >= 0x80;
            t.space_stop[c] = t.space_separator[c] || c >= 0x80;
        }
        return t;
    }();

    static bool equal_lower(const unsigned char* token, std::size_t n, const char* term) {
        for (std::size_t i = 0; i < n; ++i)
            if (tables.lower[token[i]] != static_cast<unsigned char>(term[i])) return false;
        return true;
    }

    // b: an ASCII token, or a token already lowercased (the table leaves lowercase bytes as they are).
    template <typename OnTerm>
    void match(const unsigned char* b, std::size_t n, OnTerm& on_term) const {
        if (n <= longest_) {
            const std::uint32_t start = first_[n * 256 + tables.lower[*b]];
            if (start == 0) return;  // the common case: no term of this length and first letter
            for (std::size_t i = start - 1; bucket_[i] != none; ++i)
                if (equal_lower(b + 1, n - 1, terms_[bucket_[i]].data() + 1)) {
                    on_term(bucket_[i]);
                    return;
                }
            return;
        }
        if (n <= max_length) return;
        for (const auto t : long_terms_)
            if (terms_[t].size() == n && equal_lower(b, n, terms_[t].data())) {
                on_term(t);
                return;
            }
    }

    // A token with a byte >= 0x80: lowercased first (its length may change: İ, K), with the whole
    // text as the final-sigma context, then matched as lowercase ASCII is.
    // With an ASCII lexicon only a token whose lowercase is ASCII can match, and the one non-ASCII
    // character lowercasing to ASCII is U+212A KELVIN SIGN (E2 84 AA; scripts/make-unicode-lower.py
    // checks it): any other byte >= 0x80 rejects the token without decoding it.
    static bool may_lower_to_ascii(const unsigned char* b, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) {
            if (b[i] < 0x80) continue;
            if (i + 2 >= n || b[i] != 0xE2 || b[i + 1] != 0x84 || b[i + 2] != 0xAA) return false;
            i += 2;
        }
        return true;
    }

    template <typename OnTerm>
    [[gnu::noinline]] void match_utf8(std::string_view text, const unsigned char* b, std::size_t n, OnTerm& on_term) const {
        if (ascii_terms_ && !may_lower_to_ascii(b, n)) return;
        const auto begin = static_cast<std::size_t>(b - reinterpret_cast<const unsigned char*>(text.data()));
        constexpr std::size_t on_stack = max_length * lowercase_max_shrink;  // longer: only long terms can match
        if (n <= on_stack) {
            char lowered[lowercase_capacity(on_stack)];
            const std::size_t m = lowercase_into(text, begin, begin + n, lowered);
            match(reinterpret_cast<const unsigned char*>(lowered), m, on_term);
            return;
        }
        std::string lowered(lowercase_capacity(n), '\0');
        lowered.resize(lowercase_into(text, begin, begin + n, lowered.data()));
        match(reinterpret_cast<const unsigned char*>(lowered.data()), lowered.size(), on_term);
    }

    template <bool Words, typename OnTerm>
    std::uint32_t scan(std::string_view text, OnTerm& on_term) const {
        const auto* p = reinterpret_cast<const unsigned char*>(text.data());
        const auto* end = p + text.size();
        const bool* separator = Words ? tables.word_separator : tables.space_separator;
        const bool* stop = Words ? tables.word_stop : tables.space_stop;
        std::uint32_t tokens = 0;
        while (true) {
            while (p < end && separator[*p]) ++p;
            if (p == end) return tokens;
            const auto* b = p++;
            // The ASCII run of the token first (the separator loop's cost); a byte >= 0x80 sends the
            // token, and only that token, to the UTF-8 path.
            while (p < end && !stop[*p]) ++p;
            const bool ascii = p == end || *p < 0x80;
            if (!ascii)
                while (p < end && !separator[*p]) ++p;
            ++tokens;
            if (ascii && *b < 0x80)
                match(b, static_cast<std::size_t>(p - b), on_term);
            else
                match_utf8(text, b, static_cast<std::size_t>(p - b), on_term);
        }
    }
};

}  // namespace fairness::runs
