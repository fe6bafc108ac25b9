// The network shipped with the project (models/README.md), which the front ends play when no
// --model is given.
#pragma once

#include <string>

namespace zertz::cli {

// `model` when given; else the shipped network for `variant` (models/<variant>/, and for no
// variant the default config's board, basic), or `fallback` for a variant without one.
std::string model_or_shipped(const std::string& model, const std::string& variant,
                             const std::string& fallback);

// What a --model help text says of the default.
std::string shipped_model_help(const std::string& fallback);

}  // namespace zertz::cli
