// Players by name, for every front end: a baseline (`random`, `greedy`, `rollout:N`), a
// network checkpoint file or an exported model directory (searching with `visits` visits per
// decision).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "mcts/evaluator.h"
#include "mcts/players.h"

namespace zertz::training {

struct PlayerSpec {
  std::string name;          // random, greedy, rollout:N, a checkpoint or an export directory
  int visits = 200;          // for a network
  int intra_op_threads = 2;  // for a network
  std::string device = "auto";
};

// A source of players for one variant; a network's weights and evaluator are loaded once and
// shared by every player made (their evaluations share batches).
class PlayerFactory {
 public:
  // Throws InputError (a bad baseline spec) or nn::CheckpointError (a bad checkpoint) with one
  // line naming the problem; also when the checkpoint was trained for another variant.
  PlayerFactory(const PlayerSpec& spec, const Variant& variant);
  ~PlayerFactory();
  std::unique_ptr<mcts::Player> make(std::uint64_t seed) const;
  const std::string& name() const { return spec_.name; }
  // The network's evaluator, shared by the players made, for front ends that run their own
  // search (analysis); nullptr for a baseline.
  mcts::Evaluator* evaluator() const;

 private:
  struct Network;
  PlayerSpec spec_;
  std::unique_ptr<Network> network_;
};

}  // namespace zertz::training
