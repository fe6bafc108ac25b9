// `zertz export CHECKPOINT --out DIR` and `zertz init-model`: a network for other front ends.
#include <iostream>

#include "cli/commands.h"
#include "config/search_settings.h"
#include "core/error.h"
#include "nn/checkpoint.h"
#include "nn/export.h"

namespace zertz::cli {

struct ExportOptions {
  std::string checkpoint;
  std::string out;
};

struct InitModelOptions {
  std::string model = "small";
  std::string variant = "basic";
  std::string out;
  std::uint64_t seed = 1;
};

int run_export(const ExportOptions& options) {
  nn::CheckpointInfo info;
  try {
    info = nn::read_checkpoint_info(options.checkpoint);
  } catch (const nn::CheckpointError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
  }
  const Variant* variant = Variant::find(info.variant);
  if (!variant) {
    std::cerr << "error: " << options.checkpoint << " names an unknown variant '" << info.variant
              << "'\n";
    return kExitBadInput;
  }
  nn::ZertzNet net(info.model);
  try {
    nn::load_checkpoint(options.checkpoint, net, nullptr);
  } catch (const nn::CheckpointError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
  }
  mcts::SearchParams trained;
  try {
    trained = config::trained_search(info.config_text, options.checkpoint);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitBadInput;
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
    return kExitBadInput;
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

void add_export_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<ExportOptions>();
  auto* cmd = parent.add_subcommand("export", "Write model.pt (TorchScript) and model.json");
  cmd->add_option("checkpoint", options->checkpoint, "Checkpoint file")->required();
  cmd->add_option("--out", options->out, "Output folder")->required();
  commands.push_back({cmd, [options] { return run_export(*options); }});
}

void add_init_model_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<InitModelOptions>();
  auto* cmd = parent.add_subcommand("init-model", "Write a randomly initialised network");
  cmd->add_option("--model", options->model, "Network size")
      ->check(CLI::IsMember(nn::ModelConfig::names()));
  cmd->add_option("--variant", options->variant, "Rule variant")
      ->check(CLI::IsMember(variant_names()));
  cmd->add_option("--out", options->out, "Checkpoint file")->required();
  cmd->add_option("--seed", options->seed, "Random seed");
  commands.push_back({cmd, [options] { return run_init_model(*options); }});
}

}  // namespace zertz::cli
