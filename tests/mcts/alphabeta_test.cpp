// The classical baseline (mcts/alphabeta.h): its scores against a plain negamax without pruning,
// forced wins and losses against a brute force over whole turns, legality everywhere, and
// depth that pays in a match.
#include "mcts/alphabeta.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/error.h"
#include "core/position.h"
#include "mcts/alphabeta_player.h"
#include "tests/core/test_positions.h"
#include "tests/mcts/tree_checks.h"

namespace zertz::mcts {
namespace {

#ifdef ZERTZ_SANITIZED
constexpr int kScale = 8;
#else
constexpr int kScale = 1;
#endif

using Clock = AlphaBetaSearch::Clock;

AlphaBetaResult search(const State& state, int depth, std::uint64_t seed = 1) {
  AlphaBetaSearch searcher({}, 16);
  Rng rng(seed);
  return searcher.search(state, depth, Clock::time_point::max(), rng);
}

// Negamax over atomic actions with the same depth rule and leaves, but no pruning, table or
// ordering: what alpha-beta must reproduce.
int reference_value(const State& state, int depth, int turns) {
  bool can_place =
      state.placement_source()[0] + state.placement_source()[1] + state.placement_source()[2] > 0;
  if (state.phase() == Phase::kTurnStart && depth <= 0 && !state.has_capture() && can_place) {
    return evaluate_position(state);
  }
  ActionList actions;
  state.legal_actions(actions);
  int best = -kWinScore - 1;
  for (Action action : actions) {
    State child = state;
    child.apply(action);
    int value;
    if (child.is_terminal()) {
      value = child.result_for(state.to_move()) * (kWinScore - (turns + 1));
    } else if (child.to_move() == state.to_move()) {
      value = reference_value(child, depth, turns);
    } else {
      bool placement = action.kind() == ActionKind::kPlace || action.kind() == ActionKind::kRemove;
      value = -reference_value(child, depth - (placement ? 1 : 0), turns + 1);
    }
    best = std::max(best, value);
  }
  return best;
}

// Turn starts late in random games, with at most `most_vacant` vacant rings, where the brute
// forces below stay small.
std::vector<State> late_positions(const Variant& variant, int wanted, int most_vacant,
                                  std::uint64_t seed) {
  std::vector<State> out;
  for (const State& s : zertz::testing::random_states(variant, 400, seed)) {
    if (s.is_terminal() || s.phase() != Phase::kTurnStart) continue;
    if (__builtin_popcountll(s.vacant()) > most_vacant) continue;
    out.push_back(s);
    if (static_cast<int>(out.size()) == wanted) break;
  }
  return out;
}

// Whether the mover can force a win within `own_turns` of its turns, whatever the opponent
// plays (whole turns from core/turn.h: an independent brute force).
bool forces_win(const State& state, int own_turns) {
  int mover = state.to_move();
  for (const Turn& turn : legal_turns(state)) {
    State after = state;
    apply_turn(after, turn);
    if (after.is_terminal()) {
      if (after.result_for(mover) > 0) return true;
      continue;
    }
    if (own_turns == 1) continue;
    bool all_replies_lose = true;
    for (const Turn& reply : legal_turns(after)) {
      State next = after;
      apply_turn(next, reply);
      if (next.is_terminal() ? next.result_for(mover) <= 0 : !forces_win(next, own_turns - 1)) {
        all_replies_lose = false;
        break;
      }
    }
    if (all_replies_lose) return true;
  }
  return false;
}

TEST(AlphaBeta, ScoresEqualAPlainNegamax) {
  int compared = 0;
  for (const Variant* variant : {&Variant::basic(), &Variant::tournament()}) {
    for (const State& s : late_positions(*variant, 60 / kScale, 9, 11)) {
      for (int depth : {1, 2}) {
        AlphaBetaResult result = search(s, depth);
        // A proven result ends the deepening early, and a deeper search could only find a
        // quicker proof: compare at the depth completed.
        EXPECT_TRUE(result.depth == depth || result.proven());
        EXPECT_EQ(result.score, reference_value(s, result.depth, 0))
            << "depth " << result.depth << " in " << to_position_string(s);
        ++compared;
      }
    }
  }
  EXPECT_GE(compared, 40 / kScale);
}

TEST(AlphaBeta, FindsAWinInOneTurn) {
  for (const char* position : {testing::kChainWin, testing::kIsolationWin}) {
    State s = parse_position_string(position);
    AlphaBetaResult result = search(s, 2);
    EXPECT_EQ(result.score, kWinScore - 1) << position;
    State after = s;
    apply_turn(after, result.turn);
    EXPECT_TRUE(after.is_terminal()) << position;
    EXPECT_EQ(after.result_for(s.to_move()), 1) << position;
  }
}

TEST(AlphaBeta, AvoidsAForcedLoss) {
  State s = parse_position_string(testing::kAvoidLoss);
  AlphaBetaResult result = search(s, 2);
  State after = s;
  apply_turn(after, result.turn);
  EXPECT_FALSE(testing::mover_can_win_now(after)) << format_turn(s, result.turn);
}

TEST(AlphaBeta, FindsTheQuickestForcedWinAndOnlyRealOnes) {
  int wins_in_two = 0, checked = 0;
  for (const State& s : late_positions(Variant::basic(), 300 / kScale, 12, 23)) {
    bool in_one = forces_win(s, 1), in_two = in_one || forces_win(s, 2);
    AlphaBetaResult result = search(s, 3);
    ++checked;
    if (in_one) {
      EXPECT_EQ(result.score, kWinScore - 1) << to_position_string(s);
    } else if (in_two) {
      ++wins_in_two;
      EXPECT_EQ(result.score, kWinScore - 3) << to_position_string(s);
      State after = s;
      apply_turn(after, result.turn);
      EXPECT_TRUE(!after.is_terminal()) << to_position_string(s);
      // Every reply leaves a win in one turn.
      for (const Turn& reply : legal_turns(after)) {
        State next = after;
        apply_turn(next, reply);
        EXPECT_TRUE(!next.is_terminal() && forces_win(next, 1)) << to_position_string(s);
      }
    } else {
      EXPECT_LT(result.score, kWinScore - 3) << to_position_string(s);
    }
  }
  EXPECT_GT(checked, 0);
  EXPECT_GT(wins_in_two, 0) << "no position with a win in two turns was met";
}

// Plays one game; every action must be legal. Returns `first`'s score (1, 0.5 or 0).
double play(const State& start, Player& first, Player& second) {
  Game game(start);
  while (!game.is_terminal()) {
    Player& mover = game.state().to_move() == 0 ? first : second;
    Action action = mover.choose_action(game);
    EXPECT_TRUE(game.state().is_legal(action)) << mover.name();
    if (!game.state().is_legal(action)) return 0.5;
    game.apply(action);
  }
  if (game.outcome() == Outcome::kDraw) return 0.5;
  return game.outcome() == Outcome::kFirstWins ? 1.0 : 0.0;
}

TEST(AlphaBeta, NeverPlaysAnIllegalActionOnAnyBoard) {
  int positions = 0;
  for (const Variant* variant : Variant::all()) {
    auto states = zertz::testing::random_states(*variant, 40 / kScale, 5);
    for (std::size_t i = 0; i < states.size(); i += 3) {
      const State& s = states[i];
      if (s.is_terminal()) continue;
      AlphaBetaPlayer player("alphabeta:1", 1, 0, i);
      Turn turn = player.choose_turn(Game(s));
      State state = s;
      for (Action action : turn.actions) {
        ASSERT_TRUE(state.is_legal(action)) << to_position_string(s);
        state.apply(action);
      }
      EXPECT_TRUE(state.is_terminal() || state.to_move() != s.to_move()) << "a whole turn";
      ++positions;
    }
  }
  EXPECT_GT(positions, 2000 / kScale);
}

TEST(AlphaBeta, TimedSearchKeepsItsClockAndGoesDeeperThanOne) {
  State s(Variant::tournament());
  AlphaBetaPlayer player("alphabeta:auto", kMaxAlphaBetaDepth, 300, 3);
  auto start = Clock::now();
  player.choose_action(Game(s));
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  EXPECT_LT(seconds, 0.3 + 0.25);
  EXPECT_GE(player.last_search().depth, kScale == 1 ? 2 : 1);
}

TEST(AlphaBeta, ADeeperSearchBeatsAShallowerOne) {
  constexpr int kGames = 12 / (kScale > 1 ? 3 : 1);
  double deep = 0.0;
  for (int g = 0; g < kGames; ++g) {
    AlphaBetaPlayer two("alphabeta:2", 2, 0, 100 + g), one("alphabeta:1", 1, 0, 200 + g);
    State start(Variant::basic());
    deep += g % 2 == 0 ? play(start, two, one) : 1.0 - play(start, one, two);
  }
  EXPECT_GE(deep / kGames, 0.7) << deep << " of " << kGames;
}

TEST(AlphaBeta, SpecsMakeAlphaBetaPlayers) {
  EXPECT_EQ(make_player("alphabeta:2", 1)->name(), "alphabeta:2");
  EXPECT_EQ(make_player("alphabeta:auto", 1, 50)->name(), "alphabeta:auto");
  EXPECT_TRUE(is_baseline_spec("alphabeta:3"));
  for (const char* spec : {"alphabeta", "alphabeta:", "alphabeta:0", "alphabeta:41", "alphabeta:2x",
                           "alphabeta:auto"}) {
    EXPECT_THROW(make_player(spec, 1), InputError) << spec;
  }
}

}  // namespace
}  // namespace zertz::mcts
