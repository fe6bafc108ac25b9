#include "mcts/dirichlet.h"

#include <cmath>
#include <numbers>

namespace zertz::mcts {

namespace {

double normal(Rng& rng) {          // Box-Muller
  double u = 1.0 - rng.uniform();  // in (0, 1]
  return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * std::numbers::pi * rng.uniform());
}

// Gamma(shape, 1) by Marsaglia and Tsang; a shape below 1 is boosted by U^(1/shape).
double gamma(double shape, Rng& rng) {
  double boost = 1.0;
  if (shape < 1.0) {
    boost = std::pow(1.0 - rng.uniform(), 1.0 / shape);
    shape += 1.0;
  }
  double d = shape - 1.0 / 3.0;
  double c = 1.0 / std::sqrt(9.0 * d);
  while (true) {
    double x = normal(rng);
    double v = 1.0 + c * x;
    if (v <= 0.0) continue;
    v = v * v * v;
    double u = 1.0 - rng.uniform();
    if (std::log(u) < 0.5 * x * x + d - d * v + d * std::log(v)) return boost * d * v;
  }
}

}  // namespace

void sample_dirichlet(float alpha, std::span<float> out, Rng& rng) {
  double sum = 0.0;
  for (float& x : out) {
    x = static_cast<float>(gamma(alpha, rng));
    sum += x;
  }
  if (sum <= 0.0) {  // every draw underflowed (tiny alpha): fall back to uniform
    for (float& x : out) x = 1.0f / static_cast<float>(out.size());
    return;
  }
  for (float& x : out) x = static_cast<float>(x / sum);
}

}  // namespace zertz::mcts
