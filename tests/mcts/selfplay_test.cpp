#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "core/error.h"
#include "mcts/selfplay_batch.h"

namespace zertz::mcts {
namespace {

SearchParams selfplay_params() {
  SearchParams params;
  params.full_visits = 48;
  params.cheap_visits = 12;
  params.full_search_probability = 0.5f;
  params.dirichlet_epsilon = 0.25f;
  params.forced_playouts_k = 2.0f;
  params.temperature_start = 1.0f;
  params.temperature_end = 0.2f;
  params.temperature_halflife_turns = 5.0f;
  return params;
}

std::map<int, SelfPlayGame> play(const SelfPlayOptions& options, int games) {
  UniformEvaluator evaluator;
  SelfPlayBatch batch(State(Variant::basic()), selfplay_params(), options, evaluator);
  std::map<int, SelfPlayGame> out;
  batch.play(games, [&](SelfPlayGame&& game) { out[game.index] = std::move(game); });
  return out;
}

TEST(SelfPlay, PlaysCompleteGamesInSharedBatches) {
  SelfPlayOptions options;
  options.games_in_flight = 4;
  options.leaves_per_game = 2;
  UniformEvaluator evaluator;
  SelfPlayBatch batch(State(Variant::basic()), selfplay_params(), options, evaluator);
  std::vector<SelfPlayGame> games;
  batch.play(6, [&](SelfPlayGame&& game) { games.push_back(std::move(game)); });
  ASSERT_EQ(games.size(), 6u);
  int full = 0, cheap = 0;
  for (const SelfPlayGame& game : games) {
    ASSERT_EQ(game.searches.size(), game.actions.size());
    Game replay{State(Variant::basic())};
    for (std::size_t i = 0; i < game.actions.size(); ++i) {
      ASSERT_FALSE(replay.is_terminal());
      ASSERT_TRUE(replay.state().is_legal(game.actions[i]));
      const SearchResult& search = game.searches[i];
      EXPECT_EQ(search.chosen, game.actions[i]);
      (search.full_search ? full : cheap) += 1;
      replay.apply(game.actions[i]);
    }
    EXPECT_TRUE(replay.is_terminal());
    EXPECT_EQ(game.outcome, replay.outcome());
    EXPECT_EQ(game.turns, replay.turns_played());
    EXPECT_FALSE(game.capped);
  }
  EXPECT_GT(full, 0);
  EXPECT_GT(cheap, 0);
  const SelfPlayStats& stats = batch.stats();
  EXPECT_GT(stats.average_batch(), 3.0) << "leaves of several games share each call";
  EXPECT_LE(stats.average_batch(), 8.0);
  EXPECT_GT(stats.seconds, 0.0);
  EXPECT_LE(stats.evaluator_seconds, stats.seconds);
  EXPECT_GT(stats.decisions, 6u * 10u);

  // The next call numbers its games on.
  std::vector<int> indices;
  batch.play(2, [&](SelfPlayGame&& game) { indices.push_back(game.index); });
  std::sort(indices.begin(), indices.end());
  EXPECT_EQ(indices, (std::vector<int>{6, 7}));
}

TEST(SelfPlay, AGameDependsOnTheSeedAndItsIndexOnly) {
  SelfPlayOptions one_at_a_time;
  one_at_a_time.games_in_flight = 1;
  SelfPlayOptions together;
  together.games_in_flight = 3;
  auto a = play(one_at_a_time, 3);
  auto b = play(together, 3);
  ASSERT_EQ(a.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(a[i].actions, b[i].actions) << "game " << i;
    EXPECT_EQ(a[i].outcome, b[i].outcome);
  }
  EXPECT_NE(a[0].actions, a[1].actions);
  SelfPlayOptions reseeded = together;
  reseeded.seed = 2;
  EXPECT_NE(play(reseeded, 1)[0].actions, a[0].actions);
}

TEST(SelfPlay, RefusesOptionsOutOfRange) {
  UniformEvaluator evaluator;
  SelfPlayOptions options;
  options.games_in_flight = 0;
  EXPECT_THROW(SelfPlayBatch(State(Variant::basic()), {}, options, evaluator), InputError);
}

TEST(SelfPlay, CappedGamesAreMarked) {
  SelfPlayOptions options;
  options.games_in_flight = 2;
  options.max_turns = 3;
  for (auto& [index, game] : play(options, 2)) {
    EXPECT_TRUE(game.capped);
    EXPECT_EQ(game.turns, 3);
    EXPECT_EQ(game.outcome, Outcome::kOngoing);
  }
}

}  // namespace
}  // namespace zertz::mcts
