#include "frontends/search_driver.h"

#include <filesystem>
#include <utility>

#include "core/error.h"
#include "mcts/players.h"
#include "nn/checkpoint_info.h"
#include "nn/exported_model.h"

namespace zertz::frontends {

const Variant& default_variant(const std::string& model) {
  bool baseline = mcts::is_baseline_spec(model);
  if (baseline) return Variant::tournament();
  if (!std::filesystem::exists(model)) {
    throw InputError(
        "player '" + model +
        "': expected random, greedy, rollout:N, alphabeta:D, a checkpoint file or an exported model "
        "directory");
  }
  std::string name = nn::trained_variant(model);
  const Variant* variant = Variant::find(name);
  if (variant == nullptr) throw nn::CheckpointError(model + ": unknown variant '" + name + "'");
  return *variant;
}

SearchDriver::SearchDriver(const DriverOptions& options, const Variant& variant)
    : options_(options), rng_(options.seed) {
  set_variant(variant);
}

SearchDriver::~SearchDriver() = default;

void SearchDriver::set_variant(const Variant& variant) {
  std::unique_ptr<mcts::PlayerSource> source = options_.load(options_.model, variant);
  player_ = source->make(options_.seed);
  source_ = std::move(source);
}

mcts::SearchParams SearchDriver::search_params() const {
  // As the players search: a network as it was trained, a baseline as rollout:N.
  mcts::SearchParams params = source_->analysis_search_params();
  params.threads = has_network() ? options_.threads : 1;
  params.validate();
  return params;
}

Choice SearchDriver::choose(const GameSession& session, const Budget& budget) {
  if (session.is_over()) throw InputError("the game is over (" + session.result() + ")");
  Choice choice;
  if (has_network()) {
    mcts::SearchBudget turn_budget{budget.visits > 0 ? budget.visits : options_.visits,
                                   budget.time_ms};
    mcts::TurnChoice searched = mcts::search_turn(search_params(), source_->analysis_evaluator(),
                                                  session.game(), turn_budget, rng_);
    choice.turn = std::move(searched.turn);
    choice.value = searched.root_value;
    choice.visits = searched.root_visits;
    choice.text = format_turn(session.state(), choice.turn);
    return choice;
  }
  if (budget.visits > 0 || budget.time_ms > 0) {
    throw InputError("the baseline " + options_.model +
                     " plays at its own strength: visits and time need a network model");
  }
  choice.turn = player_->choose_turn(session.game());
  choice.text = format_turn(session.state(), choice.turn);
  return choice;
}

mcts::TurnAnalysis SearchDriver::analyze(const GameSession& session, int visits,
                                         int max_candidates) {
  if (session.is_over()) throw InputError("the game is over (" + session.result() + ")");
  return mcts::analyze_turns(search_params(), source_->analysis_evaluator(), session.game(),
                             visits > 0 ? visits : options_.visits, max_candidates, rng_);
}

}  // namespace zertz::frontends
