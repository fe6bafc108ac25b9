#include "training/game_intake.h"

#include <fmt/format.h>

#include <utility>
#include <vector>

namespace zertz::training {

GameIntake::GameIntake(std::string variant, ShardWriter& shards, ReplayWindow& window, RunDir& dir,
                       std::uint64_t launch)
    : variant_(std::move(variant)), shards_(shards), window_(window), dir_(dir), launch_(launch) {}

std::string GameIntake::accept(int rank, const distributed::Frame& frame) {
  std::vector<TrainingGame> games;
  try {
    games =
        decode_shard(frame.body, fmt::format("games frame {} of rank {}", frame.sequence, rank));
  } catch (const ShardError& e) {
    return e.what();
  }
  auto announced = frame.meta.value("games", std::uint64_t{0});
  if (announced != games.size()) {
    return fmt::format("announces {} games and holds {}", announced, games.size());
  }
  for (const TrainingGame& g : games) {
    if (g.variant != variant_)
      return fmt::format("a game of {}, in a run of {}", g.variant, variant_);
  }
  shards_.add_block(frame.body, static_cast<int>(games.size()));
  for (TrainingGame& g : games) window_.add(std::move(g));
  games_ += static_cast<std::int64_t>(announced);
  dir_.append_metric(
      {{"event", "games"},
       {"rank", rank},
       {"launch", launch_},
       {"sequence", frame.sequence},
       {"games", announced},
       {"bytes", frame.body.size()},
       {"weights_versions", frame.meta.value("weights_versions", nlohmann::json())}});
  return {};
}

}  // namespace zertz::training
