// `zertz engine`: the engine protocol (docs/engine-protocol.md) on stdin and stdout.
#include <iostream>

#include "cli/commands.h"
#include "frontends/engine.h"

namespace zertz::cli {

int run_engine(const EngineOptions& options) {
  frontends::DriverOptions driver{options.model, options.visits, options.threads, options.seed};
  const Variant& variant = options.variant.empty() ? frontends::default_variant(options.model)
                                                   : *Variant::find(options.variant);
  frontends::Engine engine(driver, variant);
  engine.run(std::cin, std::cout);
  return 0;
}

}  // namespace zertz::cli
