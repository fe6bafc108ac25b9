#include "evaluation/match.h"

#include <gtest/gtest.h>

#include "core/replay.h"
#include "core/variant.h"

namespace zertz::evaluation {
namespace {

MakePlayer baseline(const std::string& spec) {
  return [spec](std::uint64_t seed) { return mcts::make_player(spec, seed); };
}

std::vector<MatchGame> play(std::uint64_t seed, int threads) {
  MatchOptions options;
  options.games = 8;
  options.threads = threads;
  options.seed = seed;
  std::vector<MatchGame> games;
  options.on_game = [&](const MatchGame& game, const MatchResult&) {
    games.push_back(game);
    return false;
  };
  play_match(*Variant::find("basic"), baseline("random"), baseline("greedy"), options);
  return games;
}

TEST(Match, AFixedSeedGivesTheSameGamesOnAnyNumberOfThreads) {
  std::vector<MatchGame> one = play(5, 1), three = play(5, 3), other = play(6, 3);
  ASSERT_EQ(one.size(), 8u);
  ASSERT_EQ(three.size(), 8u);
  bool all_same_as_other = true;
  for (int g = 0; g < 8; ++g) {
    EXPECT_EQ(one[g].index, g);  // reported in index order
    EXPECT_EQ(one[g].record.turns, three[g].record.turns);
    EXPECT_EQ(one[g].first_result, three[g].first_result);
    all_same_as_other = all_same_as_other && one[g].record.turns == other[g].record.turns;
  }
  EXPECT_FALSE(all_same_as_other);
}

TEST(Match, PairsSwapColoursOverOneOpeningAndRecordsReplay) {
  std::vector<MatchGame> games = play(9, 2);
  for (int g = 0; g < 8; ++g) {
    const MatchGame& game = games[g];
    SCOPED_TRACE(g);
    EXPECT_EQ(game.first_is_player1, g % 2 == 0);
    EXPECT_EQ(game.record.player1, g % 2 == 0 ? "random" : "greedy");
    // Two random atomic actions make the first turn (a placement and a removal).
    if (g % 2) {
      EXPECT_EQ(game.record.turns.front(), games[g - 1].record.turns.front());
    }
    ReplayReport replay = replay_record(game.record);
    EXPECT_TRUE(replay.ok) << replay.reason;
    EXPECT_EQ(replay.result, game.record.result);
  }
}

TEST(Match, StopsWhereTheCallbackSays) {
  MatchOptions options;
  options.games = 40;
  options.threads = 3;
  std::vector<int> seen;
  options.on_game = [&](const MatchGame& game, const MatchResult& so_far) {
    seen.push_back(game.index);
    EXPECT_EQ(so_far.games(), game.index + 1);
    return game.index == 5;
  };
  MatchResult r =
      play_match(*Variant::find("basic"), baseline("random"), baseline("random"), options);
  EXPECT_EQ(r.games(), 6);
  EXPECT_EQ(seen, (std::vector<int>{0, 1, 2, 3, 4, 5}));
}

TEST(Match, AFailingGameFailsTheMatch) {
  MatchOptions options;
  options.games = 10;
  options.threads = 3;
  MakePlayer failing = [](std::uint64_t seed) -> std::unique_ptr<mcts::Player> {
    if (seed % 7 == 3) throw std::runtime_error("no player");
    return mcts::make_player("random", seed);
  };
  EXPECT_THROW(play_match(*Variant::find("basic"), failing, failing, options), std::runtime_error);
}

}  // namespace
}  // namespace zertz::evaluation
