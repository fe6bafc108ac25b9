#include "evaluation/player_factory.h"

#include <filesystem>

#include "config/search_settings.h"
#include "core/error.h"
#include "mcts/search_overrides.h"
#include "mcts/search_player.h"
#include "nn/batched_evaluator.h"
#include "nn/checkpoint.h"
#include "nn/export.h"

namespace zertz::evaluation {

struct PlayerFactory::Network {
  nn::ZertzNet net{nullptr};
  std::unique_ptr<nn::BatchedEvaluator> evaluator;
};

PlayerFactory::PlayerFactory(const PlayerSpec& spec, const Variant& variant) : spec_(spec) {
  if (mcts::is_baseline_spec(spec.name)) {
    baseline_ = std::make_unique<mcts::BaselineSource>(spec.name, spec.time_per_turn_ms);
    return;
  }
  params_ = mcts::network_search_params();
  nn::EvaluatorOptions options;
  options.intra_op_threads = spec.intra_op_threads;
  options.device = spec.device;
  options.backend = spec.backend;
  options.max_batch = 32;
  // On a clock, a search waiting for a batch to fill loses its own time: forward what is
  // queued at once (requests that arrive meanwhile make the next batch).
  if (spec.time_per_turn_ms > 0) options.deadline_us = 0;
  options.symmetry_by_position = true;             // a match's games do not depend on their timing
  if (std::filesystem::is_directory(spec.name)) {  // an exported model (nn/export.h)
    nn::ExportedModel exported = nn::read_exported_model(spec.name);
    if (exported.variant != variant.name) {
      throw nn::CheckpointError(spec.name + " was trained for " + exported.variant + ", not " +
                                variant.name);
    }
    network_ = std::make_unique<Network>();
    network_->evaluator =
        std::make_unique<nn::BatchedEvaluator>(exported.model_path, variant, options);
    mcts::keep_trained_search(params_, exported.search);
    apply_overrides();
    return;
  }
  nn::CheckpointInfo info = nn::read_checkpoint_info(spec.name);
  if (info.variant != variant.name) {
    throw nn::CheckpointError(spec.name + " was trained for " + info.variant + ", not " +
                              variant.name);
  }
  network_ = std::make_unique<Network>();
  network_->net = nn::ZertzNet(info.model);
  nn::load_checkpoint(spec.name, network_->net, nullptr);
  network_->evaluator = std::make_unique<nn::BatchedEvaluator>(*network_->net, variant, options);
  mcts::keep_trained_search(params_, config::trained_search(info.config_text, spec.name));
  apply_overrides();
}

void PlayerFactory::apply_overrides() {
  if (spec_.leaf_rollouts) params_.leaf_rollouts = *spec_.leaf_rollouts;
  if (spec_.rollout_weight) params_.rollout_weight = *spec_.rollout_weight;
  params_.validate();
  mcts::apply_search_overrides(params_, spec_.search_overrides);
}

PlayerFactory::~PlayerFactory() = default;

mcts::Evaluator* PlayerFactory::evaluator() const {
  return network_ ? network_->evaluator.get() : nullptr;
}

mcts::Evaluator& PlayerFactory::analysis_evaluator() const {
  return network_ ? *network_->evaluator : baseline_->analysis_evaluator();
}

mcts::SearchParams PlayerFactory::analysis_search_params() const {
  return network_ ? params_ : baseline_->analysis_search_params();
}

std::unique_ptr<mcts::Player> PlayerFactory::make(std::uint64_t seed) const {
  if (!network_) return baseline_->make(seed);
  mcts::SearchBudget budget{spec_.visits, spec_.time_per_turn_ms};
  return std::make_unique<mcts::SearchPlayer>(spec_.name, *network_->evaluator, params_, budget,
                                              seed);
}

std::unique_ptr<mcts::PlayerSource> load_model(const std::string& model, const Variant& variant) {
  PlayerSpec spec;
  spec.name = model;
  return std::make_unique<PlayerFactory>(spec, variant);
}

}  // namespace zertz::evaluation
