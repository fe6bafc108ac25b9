// The outcome parts' targets (nn/outcome_parts.h) over random games played to the end.
#include "nn/outcome_parts.h"

#include <gtest/gtest.h>

#include "core/random.h"

namespace zertz::nn {
namespace {

struct PlayedGame {
  std::vector<Action> actions;
  std::vector<int> movers;  // before each action
  State end;
};

PlayedGame play_random(const Variant& variant, std::uint64_t seed) {
  Rng rng(seed);
  PlayedGame game{{}, {}, State(variant)};
  while (!game.end.is_terminal()) {
    Action a = game.end.random_action(rng);
    game.movers.push_back(game.end.to_move());
    game.actions.push_back(a);
    game.end.apply(a);
  }
  return game;
}

TEST(OutcomeParts, FinalCapturesAreTheLastPositionsAndTurnsCountDown) {
  for (const Variant* variant : {&Variant::basic(), &Variant::tournament()}) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      PlayedGame game = play_random(*variant, seed);
      GameParts parts = game_parts(*variant, game.actions);
      EXPECT_EQ(parts.final_captured[0], game.end.captured(0));
      EXPECT_EQ(parts.final_captured[1], game.end.captured(1));
      ASSERT_EQ(parts.turns_left.size(), game.actions.size());
      // The last action ends the last turn; a turn counts down when its mover hands over.
      EXPECT_EQ(parts.turns_left.back(), 1);
      for (std::size_t i = 0; i + 1 < game.actions.size(); ++i) {
        const int handed_over = game.movers[i + 1] != game.movers[i] ? 1 : 0;
        EXPECT_EQ(parts.turns_left[i], parts.turns_left[i + 1] + handed_over) << "action " << i;
      }
    }
  }
}

TEST(OutcomeParts, TargetsAreSeenFromTheMover) {
  const Variant& variant = Variant::basic();
  for (std::uint64_t seed = 30; seed < 50; ++seed) {
    PlayedGame game = play_random(variant, seed);
    GameParts parts = game_parts(variant, game.actions);
    const int last = static_cast<int>(game.actions.size()) - 1;
    const int winner = game.end.outcome() == Outcome::kFirstWins ? 0 : 1;
    float first[kNumOutcomeParts], second[kNumOutcomeParts];
    outcome_part_targets(variant, parts, last, 0, first);
    outcome_part_targets(variant, parts, last, 1, second);
    for (int c = 0; c < kColours; ++c) {
      EXPECT_FLOAT_EQ(first[kPartMoverWhite + c], static_cast<float>(game.end.captured(0)[c]) /
                                                      static_cast<float>(variant.single[c]));
      EXPECT_FLOAT_EQ(first[kPartOpponentWhite + c], second[kPartMoverWhite + c]);
      EXPECT_FLOAT_EQ(second[kPartOpponentWhite + c], first[kPartMoverWhite + c]);
    }
    // A game won by captures shows in the winner's parts: one colour at 1 or more, or every
    // colour at the "each" count (a game can also end on an emptied board).
    if (game.end.outcome() != Outcome::kDraw && game.end.rings() != 0) {
      const float* won = winner == 0 ? first : second;
      bool single = false, each = true;
      for (int c = 0; c < kColours; ++c) {
        single = single || won[kPartMoverWhite + c] >= 1.0f;
        each = each && won[kPartMoverWhite + c] * static_cast<float>(variant.single[c]) >=
                           static_cast<float>(variant.each);
      }
      EXPECT_TRUE(single || each) << "seed " << seed;
    }
    EXPECT_FLOAT_EQ(first[kPartTurnsLeft], 1.0f / (1.0f + kTurnsLeftScale));
    float start[kNumOutcomeParts];
    outcome_part_targets(variant, parts, 0, 0, start);
    const float turns = parts.turns_left[0];
    EXPECT_FLOAT_EQ(start[kPartTurnsLeft], turns / (turns + kTurnsLeftScale));
    EXPECT_GT(start[kPartTurnsLeft], first[kPartTurnsLeft]);
  }
}

}  // namespace
}  // namespace zertz::nn
