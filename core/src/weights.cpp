#include "fairness/weights.hpp"

namespace fairness {

double browsing_weight(BrowsingModel model, double gamma, std::size_t k0) {
    switch (model) {
        case BrowsingModel::uniform: return 1.0;
        case BrowsingModel::exponential: return std::pow(gamma, static_cast<double>(k0));
        case BrowsingModel::logarithmic: return 1.0 / std::log2(static_cast<double>(k0) + 2.0);
    }
    return 1.0;
}

std::vector<double> position_bias_prefix(std::size_t n) {
    std::vector<double> sums(n + 1, 0.0);
    for (std::size_t r = 1; r <= n; ++r) sums[r] = sums[r - 1] + position_bias(r);
    return sums;
}

}  // namespace fairness
