// The classical baseline's search (docs/evaluation.md, "The alpha-beta baseline"): negamax with
// alpha-beta over the atomic actions of whole turns, as boardspace's Zèrtz robots search.
// Depth counts placement turns, the turns where the mover has a real choice; captures are
// compulsory, so capture turns (and forced passes) are searched without using depth, which
// makes them the quiescence search: a leaf is always a turn start where the mover must place,
// valued by mcts/zertz_evaluation.h. Principal variation search with iterative deepening under
// a deadline, a transposition table on the Zobrist hash, killer and history move ordering and
// the previous iteration's best turn first. The repetition rule is not seen by the search
// (only captures and placements from a stock can repeat a state).
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "core/random.h"
#include "core/state.h"
#include "core/turn.h"
#include "mcts/zertz_evaluation.h"

namespace zertz::mcts {

// Scores at or beyond this are proven wins (kWinScore minus the turns to the win).
constexpr int kWinScore = 1'000'000;
constexpr int kProvenScore = kWinScore - 1000;

struct AlphaBetaResult {
  Turn turn;               // the rest of the mover's turn from the searched state
  int score = 0;           // for the mover, in the evaluation's units or kWinScore - turns
  int depth = 0;           // the deepest iteration completed (placement turns)
  std::int64_t nodes = 0;  // states visited, over all iterations
  double seconds = 0.0;
  std::vector<double> completed_at;  // seconds from the start at which each depth completed
  bool proven() const { return score >= kProvenScore || score <= -kProvenScore; }
};

class AlphaBetaSearch {
 public:
  using Clock = std::chrono::steady_clock;
  // A transposition table of 2^table_bits entries (16 bytes each), allocated at the first search.
  explicit AlphaBetaSearch(EvaluationWeights weights = {}, int table_bits = 20);

  // Searches `root` (any phase; not terminal) to at most `max_depth` placement turns, stopping
  // at `deadline` with the deepest completed iteration. At least depth 1 is always completed
  // unless the deadline has passed before it ends. `rng` orders the root's actions, which picks
  // among turns of equal score.
  AlphaBetaResult search(const State& root, int max_depth, Clock::time_point deadline, Rng& rng);

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::int32_t score = 0;
    std::uint16_t action = 0;
    std::int8_t depth = -1;
    std::uint8_t bound = 0;
  };
  static constexpr int kMaxPly = 160;

  int negamax(const State& state, int depth, int alpha, int beta, int ply, int turns);
  void order(ActionList& actions, std::uint16_t first, int ply) const;
  bool out_of_time();

  EvaluationWeights weights_;
  std::vector<Entry> table_;
  std::uint64_t table_mask_;
  std::vector<std::int32_t> history_;
  std::array<std::array<std::uint16_t, 2>, kMaxPly> killers_{};
  std::array<std::array<Action, kMaxPly>, kMaxPly> pv_{};
  std::array<int, kMaxPly> pv_length_{};
  Clock::time_point deadline_;
  std::int64_t nodes_ = 0;
  bool aborted_ = false;
  bool check_time_ = false;
  Rng* rng_ = nullptr;
  // The root's best line and score so far in the current iteration.
  std::vector<Action> root_line_;
  int root_score_ = 0;
};

}  // namespace zertz::mcts
