// Players by name, for every front end: a baseline (`random`, `greedy`, `rollout:N`,
// `rollout:auto`), a network checkpoint file or an exported model directory (searching with
// `visits` visits per decision, or for a time per turn).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mcts/evaluator.h"
#include "mcts/player_source.h"
#include "mcts/players.h"
#include "mcts/search_params.h"

namespace zertz::evaluation {

struct PlayerSpec {
  std::string name;          // random, greedy, rollout:N, a checkpoint or an export directory
  int visits = 200;          // for a network
  int intra_op_threads = 2;  // for a network
  std::string device = "auto";
  // > 0: every searching player (network, rollout:auto) thinks this long per turn instead.
  int time_per_turn_ms = 0;
  // A network's leaf playouts (SearchParams::leaf_rollouts, rollout_weight); unset: as the
  // network was trained (its checkpoint's config or its export's model.json).
  std::optional<int> leaf_rollouts;
  std::optional<float> rollout_weight;
  // A network's search settings, "name=value" (mcts/search_overrides.h), applied last.
  std::vector<std::string> search_overrides;
  std::string backend = "auto";  // a network's forward-pass engine (nn/network_evaluator.h)
};

// A source of players for one variant; a network's weights and evaluator are loaded once and
// shared by every player made (their evaluations share batches).
class PlayerFactory : public mcts::PlayerSource {
 public:
  // Throws InputError (a bad baseline spec) or nn::CheckpointError (a bad checkpoint) with one
  // line naming the problem; also when the checkpoint was trained for another variant.
  PlayerFactory(const PlayerSpec& spec, const Variant& variant);
  ~PlayerFactory() override;
  std::unique_ptr<mcts::Player> make(std::uint64_t seed) const override;
  const std::string& name() const { return spec_.name; }
  // The network's evaluator, shared by the players made, for front ends that run their own
  // search (analysis); nullptr for a baseline.
  mcts::Evaluator* evaluator() const override;
  // How a network searches (unused for a baseline).
  const mcts::SearchParams& search_params() const { return params_; }
  // The evaluator and search of front ends that analyse with the model: a network's, or for a
  // baseline, which has no values of its own, random playouts (the rollout:N search).
  mcts::Evaluator& analysis_evaluator() const override;
  mcts::SearchParams analysis_search_params() const override;

 private:
  struct Network;
  void apply_overrides();  // the spec's rollout settings over the trained ones; validates
  PlayerSpec spec_;
  mcts::SearchParams params_;
  std::unique_ptr<Network> network_;
  std::unique_ptr<mcts::BaselineSource> baseline_;  // or this
};

// The front ends' ModelLoader (mcts/player_source.h): a baseline, a checkpoint or an export,
// searching as it was trained.
std::unique_ptr<mcts::PlayerSource> load_model(const std::string& model, const Variant& variant);

}  // namespace zertz::evaluation
