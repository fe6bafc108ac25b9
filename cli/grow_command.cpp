// `zertz grow CHECKPOINT --out PATH [--blocks N] [--fast-value-channels N]
// [--fast-value-hidden N]`: the same network, bigger (nn/grow.h), with its optimiser's moments,
// step and counters, so that a run resumed from it trains on where it stopped.
#include <iostream>

#include "cli/commands.h"
#include "core/error.h"
#include "nn/checkpoint.h"
#include "nn/grow.h"

namespace zertz::cli {

namespace {

struct GrowOptions {
  std::string checkpoint;
  std::string out;
  int blocks = 0;               // 0: the checkpoint's
  int fast_value_channels = 0;  // 0: the checkpoint's
  int fast_value_hidden = 0;    // 0: the checkpoint's
  std::uint64_t seed = 1;       // the new units' random initialisation
};

int fail(const std::string& message) {
  std::cerr << "error: " << message << "\n";
  return kExitBadInput;
}

int run_grow(const GrowOptions& options) {
  // A checkpoint that does not load is a CheckpointError, reported by main as bad input.
  nn::CheckpointInfo info = nn::read_checkpoint_info(options.checkpoint);
  nn::ModelConfig grown_config = info.model;
  if (options.blocks > 0) grown_config.blocks = options.blocks;
  if (options.fast_value_channels > 0)
    grown_config.fast_value_channels = options.fast_value_channels;
  if (options.fast_value_hidden > 0) grown_config.fast_value_hidden = options.fast_value_hidden;
  grown_config.name = "custom";
  if (std::string refusal = nn::growth_refusal(info.model, grown_config); !refusal.empty()) {
    return fail(options.checkpoint + ": " + refusal);
  }
  torch::manual_seed(options.seed);
  nn::ZertzNet grown(grown_config);
  nn::ZertzNet net(info.model);
  // load_checkpoint sets the optimiser's options (learning rate, weight decay) from the file.
  torch::optim::AdamW optimizer(net->parameters(), torch::optim::AdamWOptions());
  info = nn::load_checkpoint(options.checkpoint, net, &optimizer);
  torch::optim::AdamW grown_optimizer(
      grown->parameters(),
      static_cast<const torch::optim::AdamWOptions&>(optimizer.param_groups().front().options()));
  nn::grow_network(net, optimizer, grown, grown_optimizer);
  try {
    nn::save_checkpoint(options.out, info, grown, &grown_optimizer);
  } catch (const std::exception& e) {
    return fail(options.out + ": " + e.what());
  }
  std::cout << "grew " << info.model.describe() << " (step " << info.step << ") into "
            << grown_config.describe() << ": " << options.out << "\n";
  return 0;
}

}  // namespace

void add_grow_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<GrowOptions>();
  auto* cmd = parent.add_subcommand(
      "grow", "Write a bigger network that computes what a checkpoint's does, to train on");
  cmd->add_option("checkpoint", options->checkpoint, "Checkpoint file")->required();
  cmd->add_option("--out", options->out, "Checkpoint file to write")->required();
  cmd->add_option("--blocks", options->blocks, "Residual blocks (0: the checkpoint's)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--fast-value-channels", options->fast_value_channels,
                  "Fast value head channels (0: the checkpoint's)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--fast-value-hidden", options->fast_value_hidden,
                  "Fast value head hidden units (0: the checkpoint's)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--seed", options->seed, "Seed of the new units' initial weights");
  commands.push_back({cmd, [options] { return run_grow(*options); }});
}

}  // namespace zertz::cli
