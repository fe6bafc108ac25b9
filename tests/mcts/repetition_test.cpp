#include "core/repetition.h"

#include <gtest/gtest.h>

#include "core/position.h"
#include "mcts/search.h"
#include "tests/mcts/tree_checks.h"

namespace zertz::mcts {
namespace {

State with_mover(State state, int player) {
  state.set_to_move(player);
  state.finish_setup();
  return state;
}

TEST(Repetition, TheThirdOccurrenceOfATurnStartIsADraw) {
  State first = parse_position_string(testing::kChainWin);
  State second = with_mover(first, 1);
  RepetitionTracker history(first);
  EXPECT_FALSE(history.record(0, second));
  EXPECT_FALSE(history.record(1, first));   // twice
  EXPECT_FALSE(history.record(0, second));  // twice
  EXPECT_TRUE(history.record(1, first));    // three times
}

TEST(Repetition, OnlyTurnEndsCountAndShrinkingForgets) {
  State first = parse_position_string(testing::kChainWin);
  State second = with_mover(first, 1);
  RepetitionTracker history(first);
  EXPECT_FALSE(history.record(1, second));  // player 2 still moving: not a turn end
  EXPECT_FALSE(history.record(1, second));
  EXPECT_FALSE(history.record(0, second));
  EXPECT_FALSE(history.record(1, first));
  // A ring less: nothing before can come back, so the count starts again.
  State smaller = first;
  smaller.set_rings(first.rings() & ~bit(*first.board().parse_cell("a1")));
  smaller.finish_setup();
  EXPECT_FALSE(history.record(1, smaller));
  EXPECT_FALSE(history.record(0, with_mover(smaller, 1)));
  EXPECT_FALSE(history.record(1, smaller));
  EXPECT_FALSE(history.record(0, with_mover(smaller, 1)));
  EXPECT_TRUE(history.record(1, smaller));
}

// The capture x f3Bf5 leads to a position that the game's history already holds twice: inside
// the search it is a draw by repetition, proven at once; the winning chain is still found.
TEST(Repetition, TheSearchSeesRepetitionsOfTheGamesHistory) {
  State root = parse_position_string(testing::kChainWin);
  const Board& b = root.board();
  Action capture = Action::jump(*b.parse_cell("f3"), 0);
  State repeated = root;
  repeated.apply(capture);
  ASSERT_EQ(repeated.to_move(), 1);
  State other = root;  // same rings and pool, another state
  other.set_captured(1, {0, 0, 1});
  other.finish_setup();
  RepetitionTracker history(root);
  ASSERT_FALSE(history.record(0, repeated));
  ASSERT_FALSE(history.record(1, other));
  ASSERT_FALSE(history.record(0, repeated));
  ASSERT_FALSE(history.record(1, root));

  auto proven_after_capture = [&](const RepetitionTracker& tracker) {
    UniformEvaluator evaluator;
    Search search({}, evaluator, root);
    search.set_root(root, tracker);
    Rng rng(1);
    SearchResult r = search.run(300, true, 0.0f, rng);
    EXPECT_EQ(r.proven, Proven::kWin);
    for (const Node& child : search.root().children()) {
      if (child.action() == capture) return child.proven();
    }
    ADD_FAILURE() << "no child for the capture";
    return Proven::kUnknown;
  };
  EXPECT_EQ(proven_after_capture(history), Proven::kDraw);
  EXPECT_EQ(proven_after_capture(RepetitionTracker(root)), Proven::kUnknown);
}

}  // namespace
}  // namespace zertz::mcts
