// `zertz export CHECKPOINT --out DIR` and `zertz init-model`: a network for other front ends.
#include <iostream>

#include "cli/commands.h"
#include "nn/checkpoint.h"
#include "nn/export.h"
#include "training/settings.h"

namespace zertz::cli {

int run_export(const ExportOptions& options) {
  nn::CheckpointInfo info;
  try {
    info = nn::read_checkpoint_info(options.checkpoint);
  } catch (const nn::CheckpointError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  const Variant* variant = Variant::find(info.variant);
  if (!variant) {
    std::cerr << "error: " << options.checkpoint << " names an unknown variant '" << info.variant
              << "'\n";
    return 2;
  }
  nn::ZertzNet net(info.model);
  try {
    nn::load_checkpoint(options.checkpoint, net, nullptr);
  } catch (const nn::CheckpointError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  mcts::SearchParams trained;
  try {
    trained = training::trained_search(info.config_text, options.checkpoint);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  nn::export_model(*net, *variant, info.step, options.out, trained);
  std::cout << "exported " << info.model.describe() << " (" << variant->name << ", step "
            << info.step << ") to " << options.out << "/model.pt and model.json\n";
  return 0;
}

int run_init_model(const InitModelOptions& options) {
  torch::manual_seed(options.seed);
  nn::ModelConfig model;
  try {
    model = nn::ModelConfig::named(options.model);
  } catch (const std::invalid_argument& e) {
    std::cerr << "error: --model: " << e.what() << "\n";
    return 2;
  }
  nn::ZertzNet net(model);
  nn::CheckpointInfo info;
  info.model = model;
  info.variant = options.variant;
  nn::save_checkpoint(options.out, info, net, nullptr);
  std::cout << "wrote a randomly initialised " << model.describe() << " network for "
            << options.variant << " to " << options.out << "\n";
  return 0;
}

}  // namespace zertz::cli
