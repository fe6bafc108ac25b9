#include "cli/commands.h"
#include "training/train_loop.h"

namespace zertz::cli {

int run_train(const std::string& config, const std::string& run_dir,
              const std::vector<std::string>& overrides) {
  return training::run_training({config, run_dir, overrides});
}

}  // namespace zertz::cli
