// Self-play records: shards round-trip and refuse damage; the replay window grows, trims and
// samples consistent targets.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <numeric>

#include "core/atomic_file.h"
#include "nn/features.h"
#include "tests/scratch.h"
#include "tests/training_data/random_game.h"
#include "training/game_shard.h"
#include "training/replay_window.h"

namespace zertz::training {
namespace {

using test_games::random_game;

TEST(Shard, RoundTripsGames) {
  std::vector<TrainingGame> games = {random_game(1), random_game(2), random_game(3)};
  games[1].capped = true;
  games[1].outcome = Outcome::kOngoing;
  games[2].repetition = true;
  games[2].weights_step = 1234;
  std::string path = testing::scratch_path("records-roundtrip").string();
  write_shard(path, games);
  EXPECT_EQ(read_shard(path), games);
  std::filesystem::remove(path);
}

// Shards written before format 2 (tests/fuzz/corpus/shard holds one) still read, with the
// weights step unknown.
TEST(Shard, AFormatOneShardReadsWithoutWeightsSteps) {
  std::vector<TrainingGame> games =
      read_shard(std::string(ZERTZ_SOURCE_DIR) + "/tests/fuzz/corpus/shard/four-games.zzg");
  ASSERT_EQ(games.size(), 4U);
  for (const TrainingGame& g : games) {
    EXPECT_EQ(g.weights_step, -1);
    EXPECT_FALSE(g.decisions.empty());
  }
}

TEST(Shard, AppendedBlocksReadBackAndATornLastBlockLosesOnlyItsGame) {
  std::string path = testing::scratch_path("records-append").string();
  std::filesystem::remove(path);
  std::vector<TrainingGame> games = {random_game(11), random_game(12), random_game(13)};
  for (const TrainingGame& g : games) append_to_shard(path, {g});
  EXPECT_EQ(read_shard(path), games);
  ShardPrefix whole = read_shard_prefix(path);
  EXPECT_EQ(whole.games, games);
  EXPECT_TRUE(whole.problem.empty()) << whole.problem;
  // A writer killed in the middle of the third block.
  std::uintmax_t two = encode_shard({games[0]}).size() + encode_shard({games[1]}).size();
  std::filesystem::resize_file(path, two + 20);
  EXPECT_THROW(read_shard(path), ShardError);
  ShardPrefix torn = read_shard_prefix(path);
  EXPECT_EQ(torn.games, (std::vector<TrainingGame>{games[0], games[1]}));
  EXPECT_NE(torn.problem.find(path + " is truncated"), std::string::npos) << torn.problem;
  std::filesystem::remove(path);
  EXPECT_NE(read_shard_prefix(path).problem, "") << "a missing file is a problem too";
}

TEST(Shard, DamageIsRefusedWithTheFileNamed) {
  std::string data = encode_shard({random_game(4), random_game(5)});
  auto refused = [&](const std::string& bytes, const std::string& what) {
    try {
      decode_shard(bytes, "games/shard-000007.zzg");
      ADD_FAILURE() << "accepted: " << what;
    } catch (const ShardError& e) {
      EXPECT_NE(std::string(e.what()).find("games/shard-000007.zzg"), std::string::npos);
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    }
  };
  refused(data.substr(0, data.size() / 2), "truncated");
  refused(data.substr(0, 10), "truncated");
  std::string flipped = data;
  flipped[data.size() / 2] ^= 0x20;
  refused(flipped, "checksum mismatch");
  refused("model: tiny\n", "not a game shard");
  refused(data + "x", "trailing bytes");
}

TEST(ReplayWindow, SizeFollowsKataGosFormula) {
  WindowParams p{1000, 0.75, 0.4};
  EXPECT_EQ(window_size(p, 500), 500);
  EXPECT_EQ(window_size(p, 1000), 1000);
  // 1000 * (1 + 0.4 * ((16)^0.75 - 1) / 0.75) = 1000 * (1 + 0.4 * 7 / 0.75) = 4733
  EXPECT_EQ(window_size(p, 16000), 4733);
}

TEST(ReplayWindow, SizeStopsAtTheCap) {
  WindowParams p{1000, 0.75, 0.4, 0.0, 3000};
  EXPECT_EQ(window_size(p, 2000), 1363);  // 1000 * (1 + 0.4 * (2^0.75 - 1) / 0.75), under the cap
  EXPECT_EQ(window_size(p, 16000), 3000);
  EXPECT_EQ(window_size(p, 1000000000), 3000);
  WindowParams below_min{1000, 0.75, 0.4, 0.0, 600};  // a cap below min_samples holds too
  EXPECT_EQ(window_size(below_min, 500), 500);
  EXPECT_EQ(window_size(below_min, 800), 600);
}

TEST(ReplayWindow, DropsOldGamesAndStaysBounded) {
  WindowParams p{200, 0.75, 0.0};  // scale 0: the window stays at 200 samples
  ReplayWindow window(p, Variant::basic());
  for (int i = 0; i < 60; ++i) window.add(random_game(100 + i));
  EXPECT_GT(window.total_samples(), 600);
  EXPECT_LE(window.window_samples(), 200 + 40);  // at most one game beyond the window
  EXPECT_GE(window.window_samples(), 200);
  EXPECT_LT(window.games_held(), 20);
}

TEST(ReplayWindow, ACappedWindowStopsGrowing) {
  WindowParams p{100, 0.75, 10.0, 0.0, 300};  // without the cap it would pass 1,000 samples
  ReplayWindow window(p, Variant::basic());
  std::int64_t longest_game = 0;
  for (int i = 0; i < 80; ++i) {
    TrainingGame game = random_game(100 + i);
    longest_game = std::max<std::int64_t>(longest_game, std::ssize(game.decisions));
    window.add(std::move(game));
  }
  EXPECT_GT(window_size(WindowParams{100, 0.75, 10.0}, window.total_samples()), 1000);
  EXPECT_GE(window.window_samples(), 300);
  EXPECT_LE(window.window_samples(), 300 + longest_game);  // at most one game beyond the cap
}

TEST(ReplayWindow, SamplesHaveConsistentTargets) {
  ReplayWindow window(WindowParams{10000, 0.75, 0.4}, Variant::basic());
  float dummy;
  Rng rng(1);
  EXPECT_FALSE(window.sample(1, rng, &dummy, &dummy, &dummy));
  for (int i = 0; i < 5; ++i) window.add(random_game(200 + i));
  const nn::Encoding& e = nn::Encoding::of(Board::rings37());
  const int batch = 64;
  std::vector<float> x(batch * e.input_size()), policy(batch * e.policy_size()), value(batch * 3);
  ASSERT_TRUE(window.sample(batch, rng, x.data(), policy.data(), value.data()));
  for (int b = 0; b < batch; ++b) {
    const float* target = policy.data() + b * e.policy_size();
    const float* planes = x.data() + b * e.input_size();
    float total = std::accumulate(target, target + e.policy_size(), 0.0f);
    if (total > 0) {  // a forced pass has no policy entry
      EXPECT_NEAR(total, 1.0f, 1e-4);
    }
    for (int i = 0; i < e.policy_size(); ++i) {
      if (target[i] == 0) continue;
      // A target entry lies on the board, and a placement's cell is vacant in the input.
      EXPECT_EQ(e.on_board_policy_mask()[i], 1.0f);
      int tag = i / e.grid_cells(), cell = i % e.grid_cells();
      if (tag < 3) {
        EXPECT_EQ(planes[nn::kPlaneRing * e.grid_cells() + cell], 1.0f);
        EXPECT_EQ(planes[nn::kPlaneWhite * e.grid_cells() + cell] +
                      planes[nn::kPlaneGrey * e.grid_cells() + cell] +
                      planes[nn::kPlaneBlack * e.grid_cells() + cell],
                  0.0f);
      }
    }
    EXPECT_EQ(value[b * 3] + value[b * 3 + 1] + value[b * 3 + 2], 1.0f);
  }
}

// With search_value_weight w the value target is (1 - w) x the result + w x the root value's
// win/loss split, from the mover's view.
TEST(ReplayWindow, ValueTargetMixesResultAndRootValue) {
  TrainingGame game = random_game(300);
  ASSERT_NE(game.outcome, Outcome::kDraw);
  for (Decision& d : game.decisions) d.full_search = false;
  game.decisions[0].full_search = true;  // the only sample: the first player to move
  game.decisions[0].root_value = 0.6f;
  WindowParams params{10000, 0.75, 0.4};
  params.search_value_weight = 0.25;
  ReplayWindow window(params, Variant::basic());
  window.add(game);
  const nn::Encoding& e = nn::Encoding::of(Board::rings37());
  std::vector<float> x(e.input_size()), policy(e.policy_size()), value(3);
  Rng rng(2);
  ASSERT_TRUE(window.sample(1, rng, x.data(), policy.data(), value.data()));
  const bool first_wins = game.outcome == Outcome::kFirstWins;
  EXPECT_NEAR(value[0], (first_wins ? 0.75f : 0.0f) + 0.25f * 0.8f, 1e-6);
  EXPECT_EQ(value[1], 0.0f);
  EXPECT_NEAR(value[2], (first_wins ? 0.0f : 0.75f) + 0.25f * 0.2f, 1e-6);
}

// Policy surprise weighting: a game's decisions are held in proportion to
// (1 - share) + share * surprise / mean surprise, whole copies plus one drawn for the fraction.
TEST(ReplayWindow, SampleCopiesFollowThePolicySurprise) {
  TrainingGame game = random_game(21);
  ASSERT_GE(game.decisions.size(), 4u);
  for (Decision& d : game.decisions) d.policy_surprise = 0.0f;
  game.decisions[3].policy_surprise = 2.0f;
  const std::vector<int> decisions = {0, 1, 2, 3};  // mean surprise 0.5
  Rng rng(3);
  EXPECT_EQ(sample_copies(game, decisions, 0.0, rng), (std::vector<int>{1, 1, 1, 1}));
  EXPECT_EQ(sample_copies(game, decisions, 1.0, rng), (std::vector<int>{0, 0, 0, 4}));
  // Weights 0.5, 0.5, 0.5 and 2.5.
  std::vector<double> mean(4, 0.0);
  const int draws = 4000;
  for (int i = 0; i < draws; ++i) {
    std::vector<int> copies = sample_copies(game, decisions, 0.5, rng);
    for (int d = 0; d < 4; ++d) {
      EXPECT_GE(copies[d], d < 3 ? 0 : 2);
      EXPECT_LE(copies[d], d < 3 ? 1 : 3);
      mean[d] += copies[d] / static_cast<double>(draws);
    }
  }
  for (int d = 0; d < 4; ++d) EXPECT_NEAR(mean[d], d < 3 ? 0.5 : 2.5, 0.04) << d;
  // A game with no surprise recorded (shards before format 3) is held evenly.
  game.decisions[3].policy_surprise = 0.0f;
  EXPECT_EQ(sample_copies(game, decisions, 1.0, rng), (std::vector<int>{1, 1, 1, 1}));
}

// With the whole weight on surprise, a window draws only the surprising decision; the count of
// decisions it has seen (which sizes the window) is unchanged.
TEST(ReplayWindow, DrawsOnlyTheSurprisingDecisionWithTheWholeWeightOnSurprise) {
  TrainingGame game = random_game(22);
  int full = 0;
  for (std::size_t i = 0; i < game.decisions.size(); ++i) {
    Decision& d = game.decisions[i];
    d.policy_surprise = 0.0f;
    d.root_value = -0.9f + 0.01f * static_cast<float>(i);  // names the decision in the target
    full += d.full_search ? 1 : 0;
  }
  const std::size_t chosen = 4;
  ASSERT_TRUE(game.decisions[chosen].full_search);
  game.decisions[chosen].policy_surprise = 1.5f;
  WindowParams params{10000, 0.75, 0.4};
  params.search_value_weight = 1.0;  // the value target is the root value alone
  params.policy_surprise_weight = 1.0;
  ReplayWindow window(params, Variant::basic());
  window.add(game);
  EXPECT_EQ(window.total_samples(), full);
  EXPECT_EQ(window.window_samples(), full);  // weights average 1: `full` copies of one decision
  const nn::Encoding& e = nn::Encoding::of(Board::rings37());
  const int batch = 32;
  std::vector<float> x(batch * e.input_size()), policy(batch * e.policy_size()), value(batch * 3);
  Rng rng(4);
  ASSERT_TRUE(window.sample(batch, rng, x.data(), policy.data(), value.data()));
  const float q = game.decisions[chosen].root_value;
  for (int b = 0; b < batch; ++b) EXPECT_NEAR(value[b * 3], (1.0f + q) / 2.0f, 1e-6f) << b;
}

}  // namespace
}  // namespace zertz::training
