#include "mcts/players.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "core/error.h"
#include "core/position.h"
#include "tests/mcts/tree_checks.h"

namespace zertz::mcts {
namespace {

// Plays a game from `start`, checking that every action is legal; returns the outcome.
Outcome play_game(const State& start, Player& first, Player& second) {
  Game game(start);
  while (!game.is_terminal()) {
    Player& mover = game.state().to_move() == 0 ? first : second;
    int before = game.state().to_move();
    Turn turn = mover.choose_turn(game);
    EXPECT_FALSE(turn.actions.empty());
    for (Action action : turn.actions) {
      EXPECT_FALSE(game.is_terminal());
      EXPECT_TRUE(game.state().is_legal(action))
          << mover.name() << ": " << action.to_string(game.state().board());
      if (!game.state().is_legal(action)) return Outcome::kOngoing;
      game.apply(action);
    }
    EXPECT_TRUE(game.is_terminal() || game.state().to_move() != before) << "a whole turn";
  }
  return game.outcome();
}

TEST(Players, SpecsMakePlayers) {
  for (const char* spec : {"random", "greedy", "rollout:25"}) {
    EXPECT_EQ(make_player(spec, 1)->name(), spec);
  }
  for (const char* spec : {"", "minimax", "rollout", "rollout:", "rollout:0", "rollout:-3",
                           "rollout:12x", "greedy:2", "rollout:auto"}) {
    EXPECT_THROW(make_player(spec, 1), InputError) << spec;
  }
  // rollout:auto needs a clock.
  EXPECT_EQ(make_player("rollout:auto", 1, 5)->name(), "rollout:auto");
}

TEST(Players, EveryPlayerPlaysLegalGames) {
  for (const char* spec : {"random", "greedy", "rollout:20", "rollout:auto"}) {
    auto player = make_player(spec, 3, /*time_per_turn_ms=*/2);
    auto opponent = make_player("random", 4);
    for (const Variant* variant : {&Variant::basic(), &Variant::tournament61()}) {
      EXPECT_NE(play_game(State(*variant), *player, *opponent), Outcome::kOngoing) << spec;
      EXPECT_NE(play_game(State(*variant), *opponent, *player), Outcome::kOngoing) << spec;
    }
  }
}

TEST(Players, GreedyTakesTheTurnThatCapturesMost) {
  auto greedy = make_player("greedy", 1);
  State chain = parse_position_string(testing::kChainWin);
  const Board& b = chain.board();
  Turn turn = greedy->choose_turn(Game(chain));
  EXPECT_EQ(turn.actions, (std::vector<Action>{Action::jump(*b.parse_cell("c1"), 0),
                                               Action::jump(*b.parse_cell("c3"), 0)}));
  State isolation = parse_position_string(testing::kIsolationWin);
  turn = greedy->choose_turn(Game(isolation));
  ASSERT_EQ(turn.actions.size(), 2u);
  EXPECT_EQ(turn.actions[0].cell(), *b.parse_cell("a3"));
  EXPECT_EQ(turn.actions[1], Action::remove(*b.parse_cell("b5")));
}

TEST(Players, RolloutBeatsRandom) {
#ifdef ZERTZ_SANITIZED
  constexpr int kGames = 4;
#else
  constexpr int kGames = 20;
#endif
  auto rollout = make_player("rollout:50", 5);
  auto random = make_player("random", 6);
  double score = 0.0;
  for (int g = 0; g < kGames; ++g) {
    bool rollout_first = g % 2 == 0;
    Outcome outcome = rollout_first ? play_game(State(Variant::tournament()), *rollout, *random)
                                    : play_game(State(Variant::tournament()), *random, *rollout);
    Outcome win = rollout_first ? Outcome::kFirstWins : Outcome::kSecondWins;
    score += outcome == win ? 1.0 : outcome == Outcome::kDraw ? 0.5 : 0.0;
  }
  EXPECT_GE(score, 0.8 * kGames);
}

}  // namespace
}  // namespace zertz::mcts
