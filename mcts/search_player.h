// The one player that searches: the search of mcts/ over any Evaluator (a network's batching
// evaluator, or the uniform one with random playouts for the `rollout` baselines), at a fixed
// visit count or for a fixed time per turn, temperature 0.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "mcts/evaluator.h"
#include "mcts/players.h"
#include "mcts/search.h"

namespace zertz::mcts {

// How long a searching player thinks: `visits` per atomic decision, or, when
// time_per_turn_ms > 0, that many milliseconds of wall time per full turn (visits ignored).
struct SearchBudget {
  int visits = 200;
  int time_per_turn_ms = 0;
};

// Splits a turn's time among its atomic decisions: each gets half of what is left, except a
// removal, always the turn's last decision, which gets all of it. A forced action ends its
// search at once, so its time passes to the next decision.
class TurnClock {
 public:
  using Clock = std::chrono::steady_clock;
  explicit TurnClock(int ms_per_turn) : per_turn_(std::chrono::milliseconds(ms_per_turn)) {}
  // The deadline of the decision to take now in `game` (a new turn starts the clock afresh).
  Clock::time_point deadline(const Game& game);

 private:
  Clock::duration per_turn_;
  Clock::time_point turn_end_;
  int turn_ = -1;  // turns_played() of the turn under way
  int mover_ = -1;
};

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
