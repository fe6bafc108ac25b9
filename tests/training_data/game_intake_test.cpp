// Rank 0's intake of actors' games: a checked frame lands whole (shards, window, metrics), a
// damaged or inconsistent one lands not at all.
#include "training/game_intake.h"

#include <gtest/gtest.h>

#include "core/atomic_file.h"
#include "tests/scratch.h"
#include "tests/training_data/random_game.h"

namespace zertz::training {
namespace {

using test_games::random_game;

distributed::Frame games_frame(const std::vector<TrainingGame>& games, std::uint64_t announced) {
  distributed::Frame f;
  f.kind = distributed::FrameKind::games;
  f.sequence = 7;
  f.meta = {{"games", announced}, {"weights_versions", {3, 4}}};
  f.body = encode_shard(games);
  return f;
}

struct IntakeFixture {
  explicit IntakeFixture(const std::string& name)
      : root(testing::cleared_scratch_path(name)),
        dir(root),
        shards(dir, 5),
        window(WindowParams{}, Variant::basic()),
        intake("basic", shards, window, dir, 42) {}
  ~IntakeFixture() { std::filesystem::remove_all(root); }

  std::vector<TrainingGame> games_on_disk() const {
    std::vector<TrainingGame> all;
    for (const auto& path : dir.shards()) {
      for (TrainingGame& g : read_shard(path.string())) all.push_back(std::move(g));
    }
    return all;
  }

  std::filesystem::path root;
  RunDir dir;
  ShardWriter shards;
  ReplayWindow window;
  GameIntake intake;
};

TEST(GameIntake, StoresACheckedFrameVerbatimInTheShardsAndTheWindow) {
  IntakeFixture f("intake-stores");
  std::vector<TrainingGame> first = {random_game(1), random_game(2), random_game(3)};
  std::vector<TrainingGame> second = {random_game(4), random_game(5), random_game(6)};
  EXPECT_EQ(f.intake.accept(2, games_frame(first, 3)), "");
  EXPECT_EQ(f.intake.accept(1, games_frame(second, 3)), "");
  EXPECT_EQ(f.intake.accept(1, games_frame({random_game(7)}, 1)), "");
  EXPECT_EQ(f.intake.games(), 7);
  EXPECT_EQ(f.shards.games_written(), 7);
  EXPECT_EQ(f.window.games_held(), 7);
  std::vector<TrainingGame> expected = first;
  expected.insert(expected.end(), second.begin(), second.end());
  expected.push_back(random_game(7));
  EXPECT_EQ(f.games_on_disk(), expected);
  // Five games a shard, and a block is never split: the first shard takes both blocks (six
  // games), the third message starts the next.
  EXPECT_EQ(f.dir.shards().size(), 2U);
  std::string metrics = read_file((f.root / "metrics.jsonl").string());
  auto first_line = nlohmann::json::parse(metrics.substr(0, metrics.find('\n')));
  EXPECT_EQ(first_line["event"], "games");
  EXPECT_EQ(first_line["rank"], 2);
  EXPECT_EQ(first_line["launch"], 42);
  EXPECT_EQ(first_line["games"], 3);
  EXPECT_EQ(first_line["bytes"], encode_shard(first).size());
  EXPECT_EQ(first_line["weights_versions"], nlohmann::json({3, 4}));
}

TEST(GameIntake, RefusesADamagedOrInconsistentFrameAndStoresNothingOfIt) {
  IntakeFixture f("intake-refuses");
  distributed::Frame flipped = games_frame({random_game(1), random_game(2)}, 2);
  flipped.body[flipped.body.size() / 2] ^= 0x10;
  EXPECT_NE(f.intake.accept(1, flipped), "");
  EXPECT_NE(f.intake.accept(1, games_frame({random_game(1)}, 2)).find("announces 2 games"),
            std::string::npos);
  TrainingGame tournament = random_game(3);
  tournament.variant = "tournament";
  EXPECT_NE(f.intake.accept(1, games_frame({random_game(4), tournament}, 2)).find("a game of"),
            std::string::npos);
  EXPECT_EQ(f.intake.games(), 0);
  EXPECT_EQ(f.window.games_held(), 0);
  EXPECT_TRUE(f.games_on_disk().empty());
  EXPECT_FALSE(std::filesystem::exists(f.root / "metrics.jsonl"));
}

}  // namespace
}  // namespace zertz::training
