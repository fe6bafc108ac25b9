// A rated match between two players named as on the command line (evaluation/player_factory.h),
// kept on disk: one JSON line per match appended to OUT/arena.jsonl and every game as a record
// under OUT/games/MATCH/ (docs/evaluation.md). `zertz arena` and the ladder both play here.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "evaluation/elo.h"
#include "evaluation/ladder.h"
#include "evaluation/match.h"

namespace zertz::evaluation {

struct ArenaOptions {
  std::string variant;  // empty: a checkpoint's variant, else tournament
  int games = 100;      // at most this many (the SPRT may stop earlier)
  int visits = 200;     // per decision of a network player
  // > 0: both sides think this many ms of wall time per turn (networks and rollout:auto;
  // rollout:N keeps its N playouts), instead of a visit count.
  int time_per_turn_ms = 0;
  // A network's leaf playouts; unset: as it was trained (evaluation/player_factory.h).
  std::optional<int> leaf_rollouts;
  std::optional<float> rollout_weight;
  // A network's search settings, "name=value" (mcts/search_overrides.h).
  std::vector<std::string> search_overrides;
  int threads = 4;
  std::uint64_t seed = 1;
  int opening_actions = 2;
  std::string device = "auto";
  std::string backend = "auto";  // a network's forward-pass engine (nn/network_evaluator.h)
  std::optional<SprtParams> sprt;
  std::filesystem::path out_dir = "arena";
  // Called after each counted game with the result so far (for progress output).
  std::function<void(const MatchResult& so_far)> on_progress;
};

struct ArenaReport {
  std::string a, b;  // the players' labels (player_label)
  std::string variant;
  MatchResult result;  // from a's side
  EloInterval elo;
  std::optional<double> llr;  // when the SPRT was asked for
  SprtDecision decision = SprtDecision::kContinue;
  std::filesystem::path records_dir;
};

// How results name a player: a baseline by its spec, a network by its file's stem and visit
// count ("step-0000100@200"), since the same weights searching more are another player; with
// a time per turn, a network or rollout:auto by that time ("step-0000100@100ms"); a network's
// search settings follow ("step-0000100@200,cpuct=3").
std::string player_label(const std::string& spec, int visits, int time_per_turn_ms = 0,
                         const std::vector<std::string>& search_overrides = {});

// Plays a against b and records the match. Throws InputError or nn::CheckpointError for a
// player that cannot be made, std::runtime_error when a file cannot be written.
ArenaReport run_arena(const std::string& a, const std::string& b, const ArenaOptions& options);

// Every match of DIR/*.jsonl, by labels; throws InputError naming the file and line of a line
// that is not a match.
std::vector<PairResult> read_arena_results(const std::filesystem::path& dir);

}  // namespace zertz::evaluation
