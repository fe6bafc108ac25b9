// Turn-level search (mcts/turn_search.h): whole turns for visits or time, the candidate turns
// with their variations and win/draw/loss, and the turn clock that splits a turn's time.
#include "mcts/turn_search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <optional>

#include "core/position.h"
#include "mcts/players.h"
#include "mcts/search_player.h"
#include "tests/mcts/fake_network.h"

namespace zertz::mcts {
namespace {

// The fake network with its draw output on, as a network's W/D/L head reports draws.
class DrawingNetwork : public testing::FakeNetwork {
 public:
  bool reports_draws() const override { return true; }
};

// Positions at the start of a turn, from seeded random games.
std::vector<Game> turn_starts(int count, std::uint64_t seed) {
  std::vector<Game> out;
  for (const State& s : testing::random_positions(Variant::basic(), 4 * count, seed)) {
    if (static_cast<int>(out.size()) == count) break;
    if (s.phase() == Phase::kTurnStart) out.emplace_back(s);
  }
  return out;
}

bool is_legal_turn(const State& state, const Turn& turn) {
  std::vector<Turn> legal = legal_turns(state);
  return std::find(legal.begin(), legal.end(), turn) != legal.end();
}

TEST(SearchTurn, ChoosesALegalWholeTurnForVisitsOrTime) {
  std::vector<Game> games = turn_starts(12, 3);
  ASSERT_EQ(games.size(), 12u);
  Rng rng(5);
  for (std::size_t i = 0; i < games.size(); ++i) {
    SearchBudget budget = i % 2 ? SearchBudget{60, 0} : SearchBudget{0, 3};
    TurnChoice choice =
        search_turn(rollout_search_params(), uniform_evaluator(), games[i], budget, rng);
    EXPECT_TRUE(is_legal_turn(games[i].state(), choice.turn))
        << to_position_string(games[i].state()) << " "
        << format_turn(games[i].state(), choice.turn);
    EXPECT_GT(choice.root_visits, 0u);
    EXPECT_LE(std::abs(choice.root_value), 1.0f);
  }
}

TEST(SearchTurn, ASeedGivesTheSameTurn) {
  Game game{State(Variant::basic())};
  Rng a(9), b(9);
  SearchBudget budget{100, 0};
  TurnChoice first = search_turn(rollout_search_params(), uniform_evaluator(), game, budget, a);
  TurnChoice second = search_turn(rollout_search_params(), uniform_evaluator(), game, budget, b);
  EXPECT_EQ(first.turn, second.turn);
  EXPECT_FLOAT_EQ(first.root_value, second.root_value);
  // The opening turn is a placement and its removal.
  EXPECT_EQ(first.turn.actions.size(), 2u);
}

TEST(AnalyzeTurns, ListsTheMostVisitedTurnsWithTheirVariations) {
  Rng rng(7);
  for (const Game& game : turn_starts(6, 11)) {
    const State& start = game.state();
    TurnAnalysis analysis =
        analyze_turns(rollout_search_params(), uniform_evaluator(), game, 300, 5, rng);
    ASSERT_FALSE(analysis.candidates.empty());
    EXPECT_LE(analysis.candidates.size(), 5u);
    EXPECT_GT(analysis.root_visits, 0u);  // 1 when the root's action is forced
    for (std::size_t i = 0; i < analysis.candidates.size(); ++i) {
      const TurnCandidate& c = analysis.candidates[i];
      EXPECT_TRUE(is_legal_turn(start, parse_turn(start, c.turn))) << c.turn;
      ASSERT_FALSE(c.pv.empty());
      EXPECT_EQ(c.pv.front(), c.turn);
      EXPECT_FALSE(c.wdl.has_value());  // random playouts report no draws
      if (i > 0) {
        EXPECT_GE(analysis.candidates[i - 1].visits, c.visits);
      }
    }
  }
}

TEST(AnalyzeTurns, WinDrawLossComesFromTheValueAndTheDrawOutput) {
  DrawingNetwork network;
  SearchParams params;
  Rng rng(3);
  for (const Game& game : turn_starts(6, 17)) {
    TurnAnalysis analysis = analyze_turns(params, network, game, 200, 4, rng);
    ASSERT_FALSE(analysis.candidates.empty());
    for (const TurnCandidate& c : analysis.candidates) {
      ASSERT_TRUE(c.wdl.has_value()) << c.turn;
      auto [win, draw, loss] = *c.wdl;
      EXPECT_NEAR(win + draw + loss, 1.0, 1e-9);
      EXPECT_GE(std::min({win, draw, loss}), 0.0);
      State after = game.state();
      apply_turn(after, parse_turn(game.state(), c.turn));
      if (after.is_terminal()) continue;
      EXPECT_NEAR(draw, testing::fake_draw(after), 1e-6) << c.turn;
      if (win > 0 && loss > 0) {
        EXPECT_NEAR(win - loss, c.value, 1e-6) << c.turn;
      }
    }
  }
}

TEST(AnalyzeTurns, ATurnThatEndsTheGameHasExactWinDrawLoss) {
  // The first turn start of seeded random games where some turn ends the game.
  std::optional<Game> found;
  for (const Game& game : turn_starts(400, 23)) {
    for (const Turn& turn : legal_turns(game.state())) {
      State after = game.state();
      apply_turn(after, turn);
      if (after.is_terminal()) found = game;
    }
    if (found) break;
  }
  ASSERT_TRUE(found.has_value());
  const Game& game = *found;
  DrawingNetwork network;
  SearchParams params;
  params.leaf_rollouts = 1;
  Rng rng(1);
  TurnAnalysis analysis = analyze_turns(params, network, game, 2000, 20, rng);
  int ending = 0;
  for (const TurnCandidate& c : analysis.candidates) {
    State after = game.state();
    apply_turn(after, parse_turn(game.state(), c.turn));
    if (!after.is_terminal()) continue;
    ++ending;
    int result = after.result_for(game.state().to_move());
    std::array<double, 3> exact = {result > 0 ? 1.0 : 0.0, result == 0 ? 1.0 : 0.0,
                                   result < 0 ? 1.0 : 0.0};
    EXPECT_EQ(*c.wdl, exact) << c.turn;
  }
  EXPECT_GT(ending, 0);
}

TEST(AnalyzeTurns, AForcedTurnIsValuedByThePositionItLeavesFromTheMoversSide) {
  // Turn starts of seeded random games whose whole turn is forced (a single capture) and does
  // not end the game: their value is the next position's, negated.
  int checked = 0;
  for (const Game& game : turn_starts(400, 29)) {
    std::vector<Turn> turns = legal_turns(game.state());
    if (turns.size() != 1) continue;
    Game after = game;
    for (Action a : turns.front().actions) after.apply(a);
    if (after.is_terminal()) continue;
    testing::FakeNetwork network;
    Rng a(4), b(4);
    TurnAnalysis forced = analyze_turns(SearchParams(), network, game, 50, 4, a);
    TurnAnalysis next = analyze_turns(SearchParams(), network, after, 50, 4, b);
    ASSERT_EQ(forced.candidates.size(), 1u);
    EXPECT_NEAR(forced.root_value, -next.root_value, 0.05) << to_position_string(game.state());
    EXPECT_EQ(forced.candidates.front().value, forced.root_value);
    EXPECT_GE(forced.root_visits, 50u);
    if (++checked == 5) break;
  }
  EXPECT_EQ(checked, 5);
}

TEST(TurnClock, HalvesWhatIsLeftAndGivesARemovalTheRest) {
  using std::chrono::milliseconds;
  TurnClock clock(1000);
  Game game{State(Variant::basic())};
  auto start = TurnClock::Clock::now();
  auto first = clock.deadline(game);
  EXPECT_GE(first - start, milliseconds(450));
  EXPECT_LE(first - start, milliseconds(550));
  ActionList legal;
  game.state().legal_actions(legal);
  game.apply(legal[0]);  // a placement: the removal comes next, by the same player
  ASSERT_EQ(game.state().phase(), Phase::kRemove);
  auto removal = clock.deadline(game);
  EXPECT_GE(removal - start, milliseconds(950));
  EXPECT_LE(removal - start, milliseconds(1050));
  EXPECT_EQ(clock.deadline(game.state()), removal);
  game.state().legal_actions(legal);
  game.apply(legal[0]);  // the other player's turn starts a fresh clock
  auto next = clock.deadline(game);
  EXPECT_GE(next - TurnClock::Clock::now(), milliseconds(450));
}

}  // namespace
}  // namespace zertz::mcts
