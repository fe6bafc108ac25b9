#include "mcts/search_result.h"

#include <algorithm>
#include <cmath>

namespace zertz::mcts {

namespace {

// A child's mean value from the chooser's side; a proven draw is exactly 0.
double child_value(const Node& child) {
  return child.proven() == Proven::kDraw ? 0.0 : child.mean_value();
}

bool better_by_visits(const Node& a, const Node& b) {
  if (a.visits() != b.visits()) return a.visits() > b.visits();
  if (child_value(a) != child_value(b)) return child_value(a) > child_value(b);
  return a.prior() > b.prior();
}

bool all_lose(std::span<const Node> children) {
  return std::all_of(children.begin(), children.end(),
                     [](const Node& c) { return c.proven() == Proven::kLoss; });
}

}  // namespace

const Node* best_child(std::span<const Node> children) {
  const Node* best_win = nullptr;
  const Node* best = nullptr;
  bool losses_count = all_lose(children);
  for (const Node& child : children) {
    Proven proven = child.proven();
    if (proven == Proven::kWin && (!best_win || better_by_visits(child, *best_win))) {
      best_win = &child;
    }
    if (proven == Proven::kLoss && !losses_count) continue;
    if (!best || better_by_visits(child, *best)) best = &child;
  }
  return best_win ? best_win : best;
}

const Node* choose_child(std::span<const Node> children, float temperature, Rng& rng) {
  const Node* best = best_child(children);
  if (temperature <= 0.0f || !best || best->proven() == Proven::kWin) return best;
  bool losses_count = all_lose(children);
  std::vector<double> weights(children.size(), 0.0);
  double total = 0.0;
  for (std::size_t i = 0; i < children.size(); ++i) {
    const Node& child = children[i];
    if (child.visits() == 0 || (child.proven() == Proven::kLoss && !losses_count)) continue;
    // Relative to the best child's visits, so that 1/temperature can be large.
    double ratio = static_cast<double>(child.visits()) / std::max(1u, best->visits());
    weights[i] = std::exp(std::log(ratio) / temperature);
    total += weights[i];
  }
  if (total <= 0.0) return best;
  double pick = rng.uniform() * total;
  for (std::size_t i = 0; i < children.size(); ++i) {
    if (weights[i] == 0.0) continue;
    pick -= weights[i];
    if (pick < 0.0) return &children[i];
  }
  return best;  // rounding left `pick` at the very end
}

std::vector<float> policy_target(std::span<const Node> children, const SearchParams& params,
                                 std::uint32_t root_visits, bool prune) {
  std::vector<float> target(children.size(), 0.0f);
  const Node* best = best_child(children);
  if (!best) return target;
  if (best->proven() == Proven::kWin) {  // the search knows the answer: teach it
    target[best - children.data()] = 1.0f;
    return target;
  }
  bool losses_count = all_lose(children);
  double parent_visits = std::max(1u, root_visits);
  double sqrt_n = std::sqrt(parent_visits);
  double cpuct = params.cpuct_at(parent_visits);
  auto score = [&](const Node& child, double visits) {
    return child_value(child) + cpuct * child.prior() * sqrt_n / (1.0 + visits);
  };
  bool pruning = prune && params.forced_playouts_k > 0.0f;
  double best_score = score(*best, best->visits());
  double sum = 0.0;
  for (std::size_t i = 0; i < children.size(); ++i) {
    const Node& child = children[i];
    if (child.proven() == Proven::kLoss && !losses_count) continue;
    double visits = child.visits();
    if (pruning && &child != best && visits > 0) {
      double forced = std::sqrt(params.forced_playouts_k * child.prior() * parent_visits);
      double kept = visits;
      double value = child_value(child);
      if (value < best_score) {
        // The fewest visits at which the child's score still does not exceed the best's.
        double earned = cpuct * child.prior() * sqrt_n / (best_score - value) - 1.0;
        kept = std::min(visits, std::max(visits - forced, earned));
      }
      visits = kept <= 1.0 ? 0.0 : kept;
    }
    target[i] = static_cast<float>(visits);
    sum += visits;
  }
  if (sum <= 0.0) {  // no child visited yet: only the best by prior stands out
    target[best - children.data()] = 1.0f;
    return target;
  }
  for (float& t : target) t = static_cast<float>(t / sum);
  return target;
}

std::vector<Action> principal_variation(const Node& root) {
  std::vector<Action> line;
  const Node* node = &root;
  while (node->is_expanded()) {
    const Node* child = best_child(node->children());
    if (!child || child->visits() == 0) break;
    line.push_back(child->action());
    node = child;
  }
  return line;
}

float policy_surprise(std::span<const float> target, std::span<const float> priors) {
  double surprise = 0.0;
  for (std::size_t i = 0; i < target.size(); ++i) {
    if (target[i] <= 0.0f) continue;
    surprise += target[i] * std::log(target[i] / std::max(priors[i], 1e-6f));
  }
  return static_cast<float>(std::max(surprise, 0.0));
}

}  // namespace zertz::mcts
