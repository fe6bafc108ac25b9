// The computer side of every front end: chooses full turns and analyses positions of a
// GameSession, through the turn-level search of mcts/turn_search.h. A network model searches
// over its evaluator; a baseline (random, greedy, rollout:N) plays through the Player
// interface, and its analysis is a search with random playouts (the rollout:N player's
// evaluator), since a baseline has no values of its own.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "frontends/game_session.h"
#include "mcts/player_source.h"
#include "mcts/search_params.h"
#include "mcts/turn_search.h"

namespace zertz::frontends {

struct DriverOptions {
  std::string model = "random";  // a baseline name, a checkpoint or an exported model
  int visits = 200;              // per atomic decision, for a network and for analysis
  int threads = 1;               // search threads, for a network
  std::uint64_t seed = 1;
  // Loads `model`: baselines only by default; the zertz executable passes
  // evaluation::load_model, which loads networks too.
  mcts::ModelLoader load = mcts::load_baseline;
};

// How long to think: a visit count per atomic decision, or a wall-clock time for the turn.
struct Budget {
  int visits = 0;   // 0: the driver's default
  int time_ms = 0;  // when positive, replaces visits
};

struct Choice {
  Turn turn;
  std::string text;
  std::optional<float> value;  // the mover's root value, when the choice came from a search
  std::uint32_t visits = 0;    // root visits of the turn's first decision (0 for baselines)
};

class SearchDriver {
 public:
  // Throws as `options.load` does (one line) when the model cannot be loaded or was trained for
  // another variant.
  SearchDriver(const DriverOptions& options, const Variant& variant);
  ~SearchDriver();

  // Switches to `variant`; throws as the constructor does and then keeps the old one.
  void set_variant(const Variant& variant);
  bool has_network() const { return source_->evaluator() != nullptr; }
  const std::string& model() const { return options_.model; }

  // The turn to play in `session`, which is not over. A baseline takes no budget: it throws
  // InputError when given one.
  Choice choose(const GameSession& session, const Budget& budget);
  // The most visited candidate turns (at most `max_candidates`); `visits` 0 means the default.
  mcts::TurnAnalysis analyze(const GameSession& session, int visits, int max_candidates = 10);

 private:
  mcts::SearchParams search_params() const;

  DriverOptions options_;
  std::unique_ptr<mcts::PlayerSource> source_;
  std::unique_ptr<mcts::Player> player_;  // plays a baseline's turns
  Rng rng_;
};

// The variant a model plays when none is asked for: a checkpoint's own, tournament for a
// baseline. Throws nn::CheckpointError when a checkpoint cannot be read.
const Variant& default_variant(const std::string& model);

}  // namespace zertz::frontends
