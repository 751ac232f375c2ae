#include "fairness/runs/term_counter.hpp"

#include <algorithm>

namespace fairness::runs {

TermCounter::TermCounter(const Lexicon& lexicon, Tokenizer tokenizer) : tokenizer_(tokenizer) {
    std::size_t longest = 0;
    for (std::size_t g = 0; g < lexicon.terms.size(); ++g)
        for (const auto& term : lexicon.terms[g]) {
            if (term.empty()) continue;
            terms_.push_back(lowercase(term));
            for (const char c : terms_.back()) ascii_terms_ = ascii_terms_ && static_cast<unsigned char>(c) < 0x80;
            group_.push_back(static_cast<std::uint32_t>(g));
            if (terms_.back().size() <= max_length) longest = std::max(longest, terms_.back().size());
        }
    longest_ = longest;
    first_.assign((longest + 1) * 256, 0);
    // Buckets by (length, first byte), each closed by `none`.
    for (std::size_t len = 1; len <= longest; ++len)
        for (std::size_t byte = 0; byte < 256; ++byte) {
            std::vector<std::uint32_t> members;
            for (std::size_t t = 0; t < terms_.size(); ++t)
                if (terms_[t].size() == len && static_cast<unsigned char>(terms_[t][0]) == byte)
                    members.push_back(static_cast<std::uint32_t>(t));
            if (members.empty()) continue;
            first_[len * 256 + byte] = static_cast<std::uint32_t>(bucket_.size() + 1);
            bucket_.insert(bucket_.end(), members.begin(), members.end());
            bucket_.push_back(none);
        }
    for (std::size_t t = 0; t < terms_.size(); ++t)
        if (terms_[t].size() > max_length) long_terms_.push_back(static_cast<std::uint32_t>(t));
}

}  // namespace fairness::runs
