// A random game recorded as self-play would record it, for the tests of shards and their readers.
#pragma once

#include "core/state.h"
#include "training/game_shard.h"

namespace zertz::training::test_games {

// A random game recorded as self-play would: every other decision a full search with a
// made-up policy target over the legal actions and policy surprise.
inline TrainingGame random_game(std::uint64_t seed) {
  Rng rng(seed);
  State s(Variant::basic());
  TrainingGame g;
  g.variant = "basic";
  bool full = true;
  while (!s.is_terminal()) {
    ActionList list;
    s.legal_actions(list);
    Decision d;
    d.action = list[static_cast<int>(rng.below(static_cast<std::uint32_t>(list.size)))];
    d.full_search = full;
    d.root_value = static_cast<float>(rng.uniform() * 2 - 1);
    if (full) {
      for (Action a : list) d.policy.emplace_back(a, 1.0f / static_cast<float>(list.size));
      d.policy_surprise = 0.25f * static_cast<float>(g.decisions.size() % 7);
    }
    full = !full;
    s.apply(d.action);
    g.decisions.push_back(std::move(d));
  }
  g.outcome = s.outcome();
  return g;
}

}  // namespace zertz::training::test_games
