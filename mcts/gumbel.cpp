#include "mcts/gumbel.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace zertz::mcts {

std::vector<std::uint32_t> considered_visit_sequence(int considered, int simulations) {
  std::vector<std::uint32_t> sequence;
  if (simulations <= 0) return sequence;
  sequence.reserve(static_cast<std::size_t>(simulations));
  if (considered <= 1) {
    for (int k = 0; k < simulations; ++k) sequence.push_back(static_cast<std::uint32_t>(k));
    return sequence;
  }
  int phases = static_cast<int>(std::ceil(std::log2(considered)));
  std::vector<std::uint32_t> visits(static_cast<std::size_t>(considered), 0);
  int remaining = considered;
  while (static_cast<int>(sequence.size()) < simulations) {
    int extra = std::max(1, simulations / (phases * remaining));
    for (int round = 0; round < extra; ++round) {
      for (int i = 0; i < remaining; ++i) sequence.push_back(visits[i]++);
    }
    remaining = std::max(2, remaining / 2);
  }
  sequence.resize(static_cast<std::size_t>(simulations));
  return sequence;
}

float sample_gumbel(Rng& rng) {
  double u = rng.uniform();  // in [0, 1): keep it off 0 so that both logs stay finite
  u = std::max(u, 1e-12);
  return static_cast<float>(-std::log(-std::log(u)));
}

float gumbel_sigma(float normalised_q, std::uint32_t max_visits, float c_visit, float c_scale) {
  return (c_visit + static_cast<float>(max_visits)) * c_scale * normalised_q;
}

float improved_logit(float prior, float value, std::uint32_t max_visits, float c_visit,
                     float c_scale) {
  return std::log(std::max(prior, 1e-12f)) +
         gumbel_sigma((value + 1.0f) / 2.0f, max_visits, c_visit, c_scale);
}

float mixed_value(float raw_value, std::span<const float> priors, std::span<const float> values,
                  std::span<const std::uint32_t> visits) {
  double total_visits = 0.0, prior_mass = 0.0, weighted = 0.0;
  for (std::size_t i = 0; i < priors.size(); ++i) {
    if (visits[i] == 0) continue;
    total_visits += visits[i];
    prior_mass += priors[i];
    weighted += priors[i] * values[i];
  }
  if (total_visits == 0.0 || prior_mass <= 0.0) return raw_value;
  return static_cast<float>((raw_value + total_visits * weighted / prior_mass) /
                            (1.0 + total_visits));
}

std::vector<float> completed_q_policy(std::span<const float> priors, std::span<const float> values,
                                      std::span<const std::uint32_t> visits,
                                      std::span<const bool> excluded, float unvisited_value,
                                      float c_visit, float c_scale) {
  std::size_t n = priors.size();
  std::uint32_t max_visits = n ? *std::max_element(visits.begin(), visits.end()) : 0;
  std::vector<float> policy(n, 0.0f);
  std::vector<double> logits(n, -std::numeric_limits<double>::infinity());
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < n; ++i) {
    if (excluded[i]) continue;
    float q = visits[i] > 0 ? values[i] : unvisited_value;
    logits[i] = improved_logit(priors[i], q, max_visits, c_visit, c_scale);
    top = std::max(top, logits[i]);
  }
  if (!std::isfinite(top)) return policy;
  double sum = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    if (excluded[i]) continue;
    double e = std::exp(logits[i] - top);
    policy[i] = static_cast<float>(e);
    sum += e;
  }
  for (float& p : policy) p = static_cast<float>(p / sum);
  return policy;
}

}  // namespace zertz::mcts
