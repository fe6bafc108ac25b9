// The replay window's outcome-parts targets (WindowParams::outcome_parts).
#include <gtest/gtest.h>

#include <stdexcept>

#include "nn/features.h"
#include "tests/training_data/random_game.h"
#include "training/replay_window.h"

namespace zertz::training {
namespace {

using test_games::random_game;

// With one full-search decision, every sample is that decision: its parts are the game's.
TEST(ReplayWindowOutcomeParts, SamplesCarryTheirDecisionsParts) {
  TrainingGame game = random_game(410);
  const int chosen = static_cast<int>(game.decisions.size()) / 2 + 1;
  for (Decision& d : game.decisions) d.full_search = false;
  game.decisions[static_cast<std::size_t>(chosen)].full_search = true;
  std::vector<Action> actions;
  for (const Decision& d : game.decisions) actions.push_back(d.action);
  State before(Variant::basic());
  for (int i = 0; i < chosen; ++i) before.apply(actions[static_cast<std::size_t>(i)]);
  float expected[nn::kNumOutcomeParts];
  nn::outcome_part_targets(Variant::basic(), nn::game_parts(Variant::basic(), actions), chosen,
                           before.to_move(), expected);

  WindowParams params{10000, 0.75, 0.4};
  params.outcome_parts = true;
  ReplayWindow window(params, Variant::basic());
  window.add(game);
  const nn::Encoding& e = nn::Encoding::of(Board::rings37());
  const int batch = 4;
  std::vector<float> x(batch * e.input_size()), policy(batch * e.policy_size()), value(batch * 3),
      parts(batch * nn::kNumOutcomeParts, -1.0f);
  Rng rng(3);
  ASSERT_TRUE(window.sample(batch, rng, x.data(), policy.data(), value.data(), parts.data()));
  for (int b = 0; b < batch; ++b) {
    for (int p = 0; p < nn::kNumOutcomeParts; ++p) {
      EXPECT_FLOAT_EQ(parts[b * nn::kNumOutcomeParts + p], expected[p]) << nn::kOutcomePartNames[p];
    }
  }
  EXPECT_GT(expected[nn::kPartTurnsLeft], 0.0f);
}

TEST(ReplayWindowOutcomeParts, AWindowWithoutThemRefusesToGiveThem) {
  ReplayWindow window(WindowParams{10000, 0.75, 0.4}, Variant::basic());
  window.add(random_game(411));
  const nn::Encoding& e = nn::Encoding::of(Board::rings37());
  std::vector<float> x(e.input_size()), policy(e.policy_size()), value(3),
      parts(nn::kNumOutcomeParts);
  Rng rng(4);
  EXPECT_THROW(window.sample(1, rng, x.data(), policy.data(), value.data(), parts.data()),
               std::logic_error);
  EXPECT_TRUE(window.sample(1, rng, x.data(), policy.data(), value.data()));
}

}  // namespace
}  // namespace zertz::training
