// What a search hands back, and the decisions made from the root's children once it stops:
// the move, the policy training target (with KataGo's pruning of forced visits) and the
// principal variation.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/random.h"
#include "mcts/node.h"
#include "mcts/search_params.h"

namespace zertz::mcts {

struct SearchResult {
  // The root's legal actions in State::legal_actions order; the vectors below follow it.
  std::vector<Action> actions;
  std::vector<std::uint32_t> visits;  // completed visits below each action
  // The visit distribution with forced visits and proven losses taken out; sums to 1. Only a
  // full search's target is meant for training.
  std::vector<float> policy_target;
  float root_value = 0.0f;           // from the view of the player to move at the root, in [-1, 1]
  Proven proven = Proven::kUnknown;  // from the same view
  Action chosen = Action::pass();    // pass also when the root has no legal action
  std::vector<Action> principal_variation;  // starts with the best action (not always `chosen`)
  bool full_search = true;
  std::uint32_t root_visits = 0;  // visits of the root: 1 for its own evaluation + the visits
  // How far the search moved from the network: KL(policy_target || the network's priors at the
  // root, before noise and prior temperature), in nats (KataGo's policy surprise).
  float policy_surprise = 0.0f;
};

// The child to play at temperature 0: a proven win if there is one, else the most visited
// child that is not a proven loss (ties: the better mean value). nullptr without children.
const Node* best_child(std::span<const Node> children);

// The child to play: a proven win at once; otherwise drawn with probability proportional to
// visits^(1/temperature) among the visited children that are not proven losses (the best
// child at temperature 0).
const Node* choose_child(std::span<const Node> children, float temperature, Rng& rng);

// The training target over `children` (same order), summing to 1 (see SearchResult). `prune`
// subtracts the visits forced by forced_playouts_k (KataGo), given the root's visits.
std::vector<float> policy_target(std::span<const Node> children, const SearchParams& params,
                                 std::uint32_t root_visits, bool prune);

// KL(target || priors) in nats over entries in the same order. A prior is floored at 1e-6, so a
// visited action that the network all but ruled out costs a bounded surprise.
float policy_surprise(std::span<const float> target, std::span<const float> priors);

// The best line from `root` (best_child at every step) while visits lead on.
std::vector<Action> principal_variation(const Node& root);

}  // namespace zertz::mcts
