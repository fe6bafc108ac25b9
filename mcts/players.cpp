#include "mcts/players.h"

#include <charconv>
#include <limits>
#include <vector>

#include "core/error.h"
#include "core/random.h"
#include "mcts/rollout_evaluator.h"
#include "mcts/search.h"

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

// The search with random playouts as its evaluator; fresh for every decision, from the game's
// repetition history.
class RolloutPlayer : public Player {
 public:
  RolloutPlayer(int playouts, std::uint64_t seed)
      : playouts_(playouts), evaluator_(seed), rng_(seed) {
    // Playout values are noisy and priors uniform: explore more than with a network.
    params_.cpuct = 3.0f;
    params_.fpu_reduction = 0.0f;
    params_.fpu_reduction_root = 0.0f;
  }
  std::string name() const override { return "rollout:" + std::to_string(playouts_); }

  Action choose_action(const Game& game) override {
    const State& state = game.state();
    if (!search_) search_ = std::make_unique<Search>(params_, evaluator_, state);
    search_->set_root(state, game.repetition());
    return search_->run(playouts_, /*full=*/false, /*temperature=*/0.0f, rng_).chosen;
  }

 private:
  int playouts_;
  SearchParams params_;
  RolloutEvaluator evaluator_;
  Rng rng_;
  std::unique_ptr<Search> search_;
};

}  // namespace

bool is_baseline_spec(std::string_view spec) {
  return spec == "random" || spec == "greedy" || spec.starts_with("rollout:");
}

std::unique_ptr<Player> make_player(std::string_view spec, std::uint64_t seed) {
  if (spec == "random") return std::make_unique<RandomPlayer>(seed);
  if (spec == "greedy") return std::make_unique<GreedyPlayer>(seed);
  constexpr std::string_view kRollout = "rollout:";
  if (spec.starts_with(kRollout)) {
    std::string_view count = spec.substr(kRollout.size());
    int playouts = 0;
    auto [end, error] = std::from_chars(count.data(), count.data() + count.size(), playouts);
    if (error == std::errc() && end == count.data() + count.size() && playouts >= 1) {
      return std::make_unique<RolloutPlayer>(playouts, seed);
    }
  }
  throw InputError("player '" + std::string(spec) +
                   "': expected random, greedy or rollout:N with N >= 1");
}

}  // namespace zertz::mcts
