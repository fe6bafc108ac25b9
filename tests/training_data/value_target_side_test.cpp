// Issue 11 asks first whether the value target is seen from the right side at every atomic
// decision: a placement, its ring removal and each jump of a capture chain (where the same
// player decides again), and how capped and drawn games are labelled.
#include <gtest/gtest.h>

#include "nn/features.h"
#include "tests/training_data/random_game.h"
#include "training/replay_window.h"

namespace zertz::training {
namespace {

using test_games::random_game;

// The win/draw/loss target and the input planes of decision `index` alone.
struct Seen {
  float wdl[3];
  float mover_white;  // the input's "mover's captured whites" plane, one on-board cell
};

Seen sample_decision(const TrainingGame& game, std::size_t index) {
  TrainingGame only = game;
  for (std::size_t i = 0; i < only.decisions.size(); ++i) {
    Decision& d = only.decisions[i];
    d.full_search = i == index;
    if (d.full_search && d.policy.empty()) d.policy.emplace_back(d.action, 1.0f);
  }
  ReplayWindow window(WindowParams{10000, 0.75, 0.4}, Variant::basic());
  window.add(only);
  const nn::Encoding& e = nn::Encoding::of(Board::rings37());
  std::vector<float> x(e.input_size()), policy(e.policy_size()), value(3);
  Rng rng(index + 1);
  EXPECT_TRUE(window.sample(1, rng, x.data(), policy.data(), value.data()));
  const int centre = e.grid_index(Board::rings37().num_cells() / 2);
  return {{value[0], value[1], value[2]}, x[nn::kPlaneMoverWhite * e.grid_cells() + centre]};
}

TEST(ValueTargetSide, EveryDecisionSeesTheResultFromItsMover) {
  const Variant& variant = Variant::basic();
  int placements = 0, removals = 0, chain_jumps = 0;
  for (std::uint64_t seed = 600; seed < 612; ++seed) {
    const TrainingGame game = random_game(seed);
    ASSERT_TRUE(game.outcome == Outcome::kFirstWins || game.outcome == Outcome::kSecondWins);
    const int winner = game.outcome == Outcome::kFirstWins ? 0 : 1;
    State state(variant);
    for (std::size_t i = 0; i < game.decisions.size(); ++i) {
      const int mover = state.to_move();
      placements += state.phase() == Phase::kTurnStart ? 1 : 0;
      removals += state.phase() == Phase::kRemove ? 1 : 0;
      chain_jumps += state.phase() == Phase::kChain ? 1 : 0;
      const Seen seen = sample_decision(game, i);
      EXPECT_EQ(seen.wdl[mover == winner ? 0 : 2], 1.0f) << "seed " << seed << " decision " << i;
      EXPECT_EQ(seen.wdl[1], 0.0f);
      // The inputs are the same mover's: its own captures in the "mover" planes.
      EXPECT_FLOAT_EQ(seen.mover_white, static_cast<float>(state.captured(mover)[kWhite]) /
                                            static_cast<float>(variant.single[kWhite]));
      state.apply(game.decisions[i].action);
    }
  }
  // Every kind of decision was checked.
  EXPECT_GT(placements, 100);
  EXPECT_GT(removals, 100);
  EXPECT_GT(chain_jumps, 0);
}

TEST(ValueTargetSide, CappedAndDrawnGamesAreDrawsForBothPlayers) {
  TrainingGame capped = random_game(620);
  capped.outcome = Outcome::kOngoing;  // as self-play records a game stopped at max_turns
  capped.capped = true;
  TrainingGame drawn = random_game(621);
  drawn.outcome = Outcome::kDraw;
  for (const TrainingGame* game : {&capped, &drawn}) {
    for (std::size_t i : {std::size_t{0}, std::size_t{1}, game->decisions.size() - 1}) {
      const Seen seen = sample_decision(*game, i);
      EXPECT_EQ(seen.wdl[0], 0.0f);
      EXPECT_EQ(seen.wdl[1], 1.0f);
      EXPECT_EQ(seen.wdl[2], 0.0f);
    }
  }
}

}  // namespace
}  // namespace zertz::training
