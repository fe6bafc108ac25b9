#include "cli/commands.h"
#include "training/train_loop.h"

namespace zertz::cli {

void add_train_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<training::TrainOptions>();
  auto* cmd = parent.add_subcommand("train", "Self-play and training in a run directory (resumes)");
  cmd->add_option("--config", options->config,
                  "YAML config of a new run; a run resumes with its own config.yaml, and a "
                  "--config for another variant or network size is refused")
      ->each([options](const std::string&) { options->config_given = true; })
      ->capture_default_str();
  cmd->add_option("--run-dir", options->run_dir, "Run directory")->capture_default_str();
  // scripts/train.sh names the default config and run directory; a later flag replaces them.
  for (const char* name : {"--config", "--run-dir"}) {
    cmd->get_option(name)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  }
  cmd->add_option("--set", options->overrides, "Override a key: section.key=value")->take_all();
  commands.push_back({cmd, [options] { return training::run_training(*options); }});
}

}  // namespace zertz::cli
