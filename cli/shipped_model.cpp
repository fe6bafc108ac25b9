#include "cli/shipped_model.h"

#include <filesystem>

namespace zertz::cli {

std::string model_or_shipped(const std::string& model, const std::string& variant,
                             const std::string& fallback) {
  if (!model.empty()) return model;
  std::filesystem::path dir =
      std::filesystem::path(ZERTZ_MODELS_DIR) / (variant.empty() ? "basic" : variant);
  return std::filesystem::exists(dir / "model.pt") ? dir.string() : fallback;
}

std::string shipped_model_help(const std::string& fallback) {
  return "; default: the network shipped for the variant (" + std::string(ZERTZ_MODELS_DIR) +
         "/VARIANT, basic when no --variant), else " + fallback;
}

}  // namespace zertz::cli
