#include "fairness/runs/seen_ids.hpp"

namespace fairness::runs {

namespace {
// Up to 9 digits: the number fits the page key's 32 bits after the shift, with room to spare.
constexpr std::size_t max_digits = 9;
}  // namespace

std::uint64_t SeenIds::prefix_id(std::string_view prefix, std::size_t digits) {
    if (digits == last_digits_ && prefix == last_prefix_) return last_prefix_id_;
    std::string key(prefix);
    key.push_back(static_cast<char>('0' + digits));
    last_prefix_id_ = prefixes_.try_emplace(std::move(key), prefixes_.size()).first->second;
    last_prefix_.assign(prefix);
    last_digits_ = digits;
    return last_prefix_id_;
}

bool SeenIds::insert(std::string_view id) {
    std::size_t digits = 0;
    while (digits < id.size() && digits <= max_digits && id[id.size() - 1 - digits] >= '0' && id[id.size() - 1 - digits] <= '9') ++digits;
    if (digits == 0 || digits > max_digits) return others_.emplace(id).second;
    std::uint64_t number = 0;
    for (const char c : id.substr(id.size() - digits)) number = number * 10 + static_cast<std::uint64_t>(c - '0');
    const std::uint64_t key = prefix_id(id.substr(0, id.size() - digits), digits) << 32 | number >> page_shift;
    if (key != last_key_) {
        const auto [at, added] = pages_.try_emplace(key, static_cast<std::uint32_t>(bits_.size()));
        if (added) bits_.emplace_back();
        last_key_ = key;
        last_page_ = at->second;
    }
    const std::uint64_t bit = number & ((1u << page_shift) - 1);
    std::uint64_t& word = bits_[last_page_][bit / 64];
    const std::uint64_t mask = std::uint64_t{1} << (bit % 64);
    if (word & mask) return false;
    word |= mask;
    return true;
}

}  // namespace fairness::runs
