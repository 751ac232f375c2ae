// Every id a collection has given, so that a document given twice is refused whether or not a run
// names it, at a cost set by how many ids there are and how they are numbered, not by their bytes.
// An id that is a prefix and a number ("1234" in MS MARCO's passages, "D1234", "doc00042") is one
// bit in a page of 256 (8.8M dense passage ids: about 2.5 MB in all); any other id is kept whole.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace fairness::runs {

class SeenIds {
public:
    // Notes `id`; false when it was noted before.
    bool insert(std::string_view id);
    std::size_t pages() const { return pages_.size(); }
    std::size_t others() const { return others_.size(); }

private:
    static constexpr unsigned page_shift = 8;  // 256 ids per page
    using Page = std::array<std::uint64_t, (1u << page_shift) / 64>;
    // A prefix with the number's digit count ("doc" and 5 digits): "doc00042" and "doc42" differ.
    std::unordered_map<std::string, std::uint64_t> prefixes_;
    std::unordered_map<std::uint64_t, std::uint32_t> pages_;  // prefix << 32 | number >> page_shift -> index in bits_
    std::vector<Page> bits_;
    std::unordered_set<std::string> others_;
    // Ids mostly come in order: the last prefix and page are looked up once.
    std::string last_prefix_;
    std::size_t last_digits_ = 0;  // 0: no prefix looked up yet
    std::uint64_t last_prefix_id_ = 0;
    std::uint64_t last_key_ = ~std::uint64_t{0};
    std::uint32_t last_page_ = 0;

    // The number of a prefix and digit count, given in first sight's order.
    std::uint64_t prefix_id(std::string_view prefix, std::size_t digits);
};

}  // namespace fairness::runs
