// The held-out set: positions from games that no training run plays, each with the game's result
// and a deep rollout search's verdict. It judges a network without playing matches: the raw
// value head against results, the raw policy against the deep search (issue 11's lab).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/state.h"
#include "mcts/evaluator.h"

namespace zertz::evaluation {

struct HeldoutPosition {
  State state;
  int result = 0;      // the game's result for the player to move: +1, 0 (draw or capped), -1
  int turns_left = 0;  // full turns from this position to the game's end
  // The deep search's visits below each legal action (State::legal_actions order), and their
  // shares.
  std::vector<std::uint32_t> search_visits;
  std::vector<float> search_policy;
  float search_value = 0.0f;  // its root value, from the mover's view
};

struct HeldoutMakeOptions {
  const Variant* variant = &Variant::basic();
  int games = 100;
  int play_visits = 400;         // playouts per decision of the rollout players who play them
  int search_visits = 5000;      // playouts per decision of the deep search that labels a position
  int positions_per_game = 5;    // decisions drawn from each game (those with 2+ legal actions)
  int opening_random_actions = 4;
  int max_turns = 200;
  std::uint64_t seed = 20261202;  // not any run's seed: no run plays these games
  int threads = 1;
  // Called after each game with (games done, positions so far).
  std::function<void(int games, int positions)> on_progress;
};

// Plays and labels the set; with the same options the same positions in the same order (any
// number of threads).
std::vector<HeldoutPosition> make_heldout(const HeldoutMakeOptions& options);

// One JSON object per line (docs/formats.md): the position string, result, turns left and the
// deep search's value and visits by action text. Written atomically.
void write_heldout(const std::filesystem::path& path, const std::vector<HeldoutPosition>& set);
// Throws InputError naming the file and line of anything malformed.
std::vector<HeldoutPosition> read_heldout(const std::filesystem::path& path);

struct PolicyScore {
  double cross_entropy = 0;  // against the deep search's policy, in nats
  // Share of positions whose top prior is the search's most visited action (for uniform
  // priors: a random draw's chance of it).
  double top1 = 0;
};

struct HeldoutScore {
  int positions = 0;
  double value_mse = 0;        // (value - result)^2, averaged
  double value_sign = 0;       // share of decided games whose winner the value's sign names
  std::vector<double> value_sign_by_turns_left;  // the same per HeldoutReport::kTurnsLeftBins
  PolicyScore policy;          // the raw priors
  PolicyScore uniform;         // uniform priors, the reference a policy must beat
  // The priors raised to 1/T and renormalised (SearchParams::prior_temperature), per
  // kTemperatures; their top1 is the raw priors'.
  std::vector<PolicyScore> tempered;
  static constexpr double kTemperatures[] = {1.5, 2.0, 3.0};
  static constexpr int kTurnsLeftBins[] = {2, 6, 14};  // 1-2, 3-6, 7-14, 15+
};

// Evaluates every position once through `evaluator`, in batches.
HeldoutScore score_heldout(const std::vector<HeldoutPosition>& set, mcts::Evaluator& evaluator);

}  // namespace zertz::evaluation
