// The classical baseline as a player: `alphabeta:D` searches every turn to D placement turns,
// `alphabeta:auto` deepens until its time per turn is spent (mcts/alphabeta.h). The whole turn
// is chosen at its first decision; its later decisions play that plan.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mcts/alphabeta.h"
#include "mcts/players.h"

namespace zertz::mcts {

class AlphaBetaPlayer : public Player {
 public:
  // max_depth >= 1 with time_per_turn_ms == 0 (a fixed depth), or time_per_turn_ms > 0 (as
  // deep as the time allows, up to max_depth).
  AlphaBetaPlayer(std::string name, int max_depth, int time_per_turn_ms, std::uint64_t seed,
                  EvaluationWeights weights = {});
  std::string name() const override { return name_; }
  Action choose_action(const Game& game) override;
  // The search of the last turn this player planned.
  const AlphaBetaResult& last_search() const { return last_; }

 private:
  std::string name_;
  int max_depth_;
  int time_per_turn_ms_;
  Rng rng_;
  AlphaBetaSearch search_;
  AlphaBetaResult last_;
  std::vector<Action> plan_;
  std::size_t next_ = 0;
  std::uint64_t expected_hash_ = 0;  // the state where plan_[next_] is to be played
};

}  // namespace zertz::mcts
