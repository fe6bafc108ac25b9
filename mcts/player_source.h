// What a front end needs of a model, for one variant: players that play it, and the evaluator
// and search to analyse positions with. Baselines come from here; a network's source is
// evaluation/player_factory.h, which links LibTorch, and reaches the front ends only through a
// ModelLoader, so that they build and are fuzzed without it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/variant.h"
#include "mcts/evaluator.h"
#include "mcts/players.h"
#include "mcts/search_params.h"

namespace zertz::mcts {

class PlayerSource {
 public:
  virtual ~PlayerSource() = default;
  virtual std::unique_ptr<Player> make(std::uint64_t seed) const = 0;
  // The network's evaluator, shared by the players made; nullptr for a baseline.
  virtual Evaluator* evaluator() const = 0;
  // The evaluator and search to analyse with: a network's, or for a baseline, which has no
  // values of its own, random playouts (the rollout:N search).
  virtual Evaluator& analysis_evaluator() const = 0;
  virtual SearchParams analysis_search_params() const = 0;
};

// A baseline's players (mcts/players.h: random, greedy, rollout:N, rollout:auto). Throws
// InputError naming the spec when it is not one.
class BaselineSource : public PlayerSource {
 public:
  BaselineSource(std::string spec, int time_per_turn_ms);
  std::unique_ptr<Player> make(std::uint64_t seed) const override;
  Evaluator* evaluator() const override { return nullptr; }
  Evaluator& analysis_evaluator() const override;
  SearchParams analysis_search_params() const override;

 private:
  std::string spec_;
  int time_per_turn_ms_;
};

// A model's source by name, for a variant; throws InputError (or nn::CheckpointError) with one
// line when the model cannot be loaded or was trained for another variant.
using ModelLoader =
    std::function<std::unique_ptr<PlayerSource>(const std::string& model, const Variant&)>;

// The loader of builds without LibTorch: baselines only; a network's name is refused.
std::unique_ptr<PlayerSource> load_baseline(const std::string& model, const Variant& variant);

}  // namespace zertz::mcts
