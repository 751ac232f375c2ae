// Position weights shared by the metrics.
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

#include "fairness/scenario.hpp"

namespace fairness {

// p(r) = 1 / log2(r + 1) for a 1-based rank r: the DCG discount that NFaiRR (Eq. 3), TExFAIR
// (Eq. 8, 11), AWRF (Eq. 4) and CWEx use. log2 so raw FaiRR matches the official NFaiRR code.
inline double position_bias(std::size_t rank) { return 1.0 / std::log2(static_cast<double>(rank) + 1.0); }

// F(k0) for k0 = 0..n-1, the DIPS browsing model on 0-based positions (DIPS paper §4.3).
// γ^k0 is built by repeated multiplication, which rounds alike everywhere (std::pow of glibc and
// of Emscripten's musl differ in the last place for some k0), so the CLI and the WASM module
// print identical numbers.
std::vector<double> browsing_weights(BrowsingModel model, double gamma, std::size_t n);

// sums[c] = sum of p(r) for r = 1..c, for c = 0..n.
std::vector<double> position_bias_prefix(std::size_t n);

}  // namespace fairness
