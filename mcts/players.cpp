#include "mcts/players.h"

#include <charconv>
#include <limits>
#include <vector>

#include "core/error.h"
#include "core/random.h"
#include "mcts/alphabeta_player.h"
#include "mcts/search_player.h"

namespace zertz::mcts {

Turn Player::choose_turn(const Game& game) {
  Game next = game;
  Turn turn;
  int mover = next.state().to_move();
  while (!next.is_terminal() && next.state().to_move() == mover) {
    Action action = choose_action(next);
    turn.actions.push_back(action);
    next.apply(action);
  }
  return turn;
}

namespace {

class RandomPlayer : public Player {
 public:
  explicit RandomPlayer(std::uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  Action choose_action(const Game& game) override { return game.state().random_action(rng_); }

 private:
  Rng rng_;
};

class GreedyPlayer : public Player {
 public:
  explicit GreedyPlayer(std::uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "greedy"; }

  // Every action is scored by the best way to finish the turn after it; ties are random, so
  // a position where nothing captures gets a uniformly random action.
  Action choose_action(const Game& game) override {
    const State& state = game.state();
    ActionList legal;
    state.legal_actions(legal);
    std::vector<Action> best;
    int best_gain = std::numeric_limits<int>::min();
    for (Action action : legal) {
      State next = state;
      next.apply(action);
      int gain = best_finish(next, state.to_move());
      if (gain > best_gain) {
        best_gain = gain;
        best.clear();
      }
      if (gain == best_gain) best.push_back(action);
    }
    return best[rng_.below(static_cast<std::uint32_t>(best.size()))];
  }

 private:
  static constexpr int kWin = 1000;  // above any capture count: a winning turn comes first

  // The most `mover` can have captured (or kWin) once the turn that reached `state` ends.
  static int best_finish(const State& state, int mover) {
    if (state.is_terminal() || state.to_move() != mover) {
      if (state.result_for(mover) > 0) return kWin;
      const Counts& captured = state.captured(mover);
      return captured[0] + captured[1] + captured[2];
    }
    ActionList legal;
    state.legal_actions(legal);
    int best = std::numeric_limits<int>::min();
    for (Action action : legal) {
      State next = state;
      next.apply(action);
      best = std::max(best, best_finish(next, mover));
    }
    return best;
  }

  Rng rng_;
};

}  // namespace

bool is_baseline_spec(std::string_view spec) {
  return spec == "random" || spec == "greedy" || spec.starts_with("rollout:") ||
         spec.starts_with("alphabeta:");
}

SearchParams rollout_search_params() {
  SearchParams params;
  params.leaf_rollouts = 1;
  params.rollout_weight = 1.0f;
  // Playout values are noisy and priors uniform: explore more than with a network.
  params.cpuct = 3.0f;
  params.fpu_reduction = 0.0f;
  params.fpu_reduction_root = 0.0f;
  return params;
}

namespace {

// The N of "name:N" (from 1 to `most`), 0 for "name:auto" (which needs a time per turn), -1
// when the text after the colon is neither.
int parse_effort(std::string_view spec, std::string_view prefix, int most, int time_per_turn_ms) {
  std::string_view count = spec.substr(prefix.size());
  if (count == "auto") {
    if (time_per_turn_ms <= 0) {
      throw InputError("player '" + std::string(spec) +
                       "' plays for a time per move: give one (--time-per-move)");
    }
    return 0;
  }
  int n = 0;
  auto [end, error] = std::from_chars(count.data(), count.data() + count.size(), n);
  bool whole = error == std::errc() && end == count.data() + count.size();
  return whole && n >= 1 && n <= most ? n : -1;
}

}  // namespace

std::unique_ptr<Player> make_player(std::string_view spec, std::uint64_t seed,
                                    int time_per_turn_ms) {
  if (spec == "random") return std::make_unique<RandomPlayer>(seed);
  if (spec == "greedy") return std::make_unique<GreedyPlayer>(seed);
  constexpr std::string_view kRollout = "rollout:";
  if (spec.starts_with(kRollout)) {
    int visits = parse_effort(spec, kRollout, std::numeric_limits<int>::max(), time_per_turn_ms);
    if (visits >= 0) {
      SearchBudget budget;
      budget.visits = visits;
      budget.time_per_turn_ms = visits == 0 ? time_per_turn_ms : 0;
      return std::make_unique<SearchPlayer>(std::string(spec), uniform_evaluator(),
                                            rollout_search_params(), budget, seed);
    }
  }
  constexpr std::string_view kAlphaBeta = "alphabeta:";
  if (spec.starts_with(kAlphaBeta)) {
    int depth = parse_effort(spec, kAlphaBeta, kMaxAlphaBetaDepth, time_per_turn_ms);
    if (depth >= 0) {
      return std::make_unique<AlphaBetaPlayer>(std::string(spec),
                                               depth == 0 ? kMaxAlphaBetaDepth : depth,
                                               depth == 0 ? time_per_turn_ms : 0, seed);
    }
  }
  throw InputError("player '" + std::string(spec) +
                   "': expected random, greedy, rollout:N with N >= 1, rollout:auto, "
                   "alphabeta:D with D from 1 to " +
                   std::to_string(kMaxAlphaBetaDepth) + " or alphabeta:auto");
}

}  // namespace zertz::mcts
