// The one player that searches: the search of mcts/ over any Evaluator (a network's batching
// evaluator, or the uniform one with random playouts for the `rollout` baselines), at a fixed
// visit count or for a fixed time per turn, temperature 0.
#pragma once

#include <memory>
#include <string>

#include "mcts/evaluator.h"
#include "mcts/players.h"
#include "mcts/search.h"
#include "mcts/turn_clock.h"

namespace zertz::mcts {

class SearchPlayer : public Player {
 public:
  // `evaluator` must outlive the player; `params` are checked (InputError).
  SearchPlayer(std::string name, Evaluator& evaluator, const SearchParams& params,
               const SearchBudget& budget, std::uint64_t seed);
  std::string name() const override { return name_; }
  // Searches afresh from the game's state and its repetition history.
  Action choose_action(const Game& game) override;

 private:
  std::string name_;
  Evaluator& evaluator_;
  SearchParams params_;
  SearchBudget budget_;
  TurnClock clock_;
  Rng rng_;
  std::unique_ptr<Search> search_;
};

// A network's search in play: plain PUCT, 8 leaves per evaluator call so that one search fills
// a batch, no leaf playouts (a trained network's come from its config).
SearchParams network_search_params();

// A stateless, thread-safe UniformEvaluator shared by every rollout player.
Evaluator& uniform_evaluator();

}  // namespace zertz::mcts
