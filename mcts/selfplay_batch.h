// Self-play of many games at once on one thread: every round, each game's search descends to
// the leaves it needs evaluated, all of them go to one evaluator call, and each search takes its
// evaluations back. Two such batches on two threads sharing one batching evaluator keep both
// cores and the network's batches full.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/game.h"
#include "core/random.h"
#include "mcts/evaluator.h"
#include "mcts/search.h"

namespace zertz::mcts {

struct SelfPlayOptions {
  int games_in_flight = 32;  // games played at once; each round evaluates up to this many leaves
  int leaves_per_game = 1;   // leaves each game's search gathers per round (virtual loss)
  int max_turns = 0;         // a game still on after this many turns ends as capped; 0: no cap
  std::uint64_t seed = 1;    // game i draws its noise, cap and moves from seed and i alone
};

// A finished self-play game: its actions and the search behind each.
struct SelfPlayGame {
  int index = 0;  // the order in which games were started (and seeded)
  std::vector<Action> actions;
  std::vector<SearchResult> searches;   // one per action
  Outcome outcome = Outcome::kOngoing;  // still kOngoing when capped
  bool capped = false;
  bool repetition = false;
  int turns = 0;
};

struct SelfPlayStats {
  std::uint64_t evaluator_calls = 0;
  std::uint64_t leaves_evaluated = 0;
  std::uint64_t decisions = 0;
  double seconds = 0.0;            // wall time in play()
  double evaluator_seconds = 0.0;  // of which inside the evaluator
  double average_batch() const {
    return evaluator_calls == 0 ? 0.0 : static_cast<double>(leaves_evaluated) / evaluator_calls;
  }
  // The share of the time spent outside the evaluator: the search's own cost.
  double search_share() const { return seconds > 0.0 ? 1.0 - evaluator_seconds / seconds : 0.0; }
};

class SelfPlayBatch {
 public:
  // Games start from `start`. `evaluator` must outlive this object.
  SelfPlayBatch(const State& start, const SearchParams& params, const SelfPlayOptions& options,
                Evaluator& evaluator);
  ~SelfPlayBatch();

  // Plays `num_games` complete games (numbered on from those played before), handing each to
  // `on_game` when it ends. `stop`, when given, is asked before every round: once it says
  // true, play returns and the games in progress are abandoned.
  void play(int num_games, const std::function<void(SelfPlayGame&&)>& on_game,
            const std::function<bool()>& stop = nullptr);
  const SelfPlayStats& stats() const { return stats_; }

 private:
  struct Slot;
  void start_game(Slot& slot);
  // Runs the slot's game until its search waits for evaluations or the game ends (false).
  bool advance(Slot& slot, const std::function<void(SelfPlayGame&&)>& on_game);

  State start_;
  SearchParams params_;
  SelfPlayOptions options_;
  Evaluator& evaluator_;
  std::vector<std::unique_ptr<Slot>> slots_;
  std::vector<EvalRequest> batch_;
  int games_started_ = 0;
  int games_wanted_ = 0;
  SelfPlayStats stats_;
};

}  // namespace zertz::mcts
