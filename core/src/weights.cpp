#include "fairness/weights.hpp"

namespace fairness {

std::vector<double> browsing_weights(BrowsingModel model, double gamma, std::size_t n) {
    std::vector<double> weights(n, 1.0);
    for (std::size_t k0 = 0; k0 < n; ++k0) {
        if (model == BrowsingModel::exponential && k0 > 0) weights[k0] = weights[k0 - 1] * gamma;
        if (model == BrowsingModel::logarithmic) weights[k0] = 1.0 / std::log2(static_cast<double>(k0) + 2.0);
    }
    return weights;
}

std::vector<double> position_bias_prefix(std::size_t n) {
    std::vector<double> sums(n + 1, 0.0);
    for (std::size_t r = 1; r <= n; ++r) sums[r] = sums[r - 1] + position_bias(r);
    return sums;
}

}  // namespace fairness
