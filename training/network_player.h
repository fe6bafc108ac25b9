// A player that searches with a network: the search of mcts/ over an Evaluator (usually a
// BatchedEvaluator shared by the games of a match), at a fixed visit count, temperature 0.
#pragma once

#include <memory>

#include "mcts/players.h"
#include "mcts/search.h"

namespace zertz::training {

class NetworkPlayer : public mcts::Player {
 public:
  // `evaluator` must outlive the player. `leaves_per_batch` leaves per evaluator call (virtual
  // loss) let one game fill a batch.
  NetworkPlayer(std::string name, mcts::Evaluator& evaluator, int visits, std::uint64_t seed,
                int leaves_per_batch = 8);
  std::string name() const override { return name_; }
  // Searches afresh from the game's state and its repetition history.
  Action choose_action(const Game& game) override;

 private:
  std::string name_;
  mcts::Evaluator& evaluator_;
  mcts::SearchParams params_;
  int visits_;
  Rng rng_;
  std::unique_ptr<mcts::Search> search_;
};

}  // namespace zertz::training
