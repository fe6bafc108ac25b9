#include "nn/exported_model.h"

#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/printable.h"
#include "core/variant.h"
#include "nn/checkpoint_info.h"

namespace zertz::nn {

ExportedModel parse_exported_model(const std::string& json_text, const std::string& json_path) {
  nlohmann::json meta;
  try {
    meta = nlohmann::json::parse(json_text);
  } catch (const std::exception& e) {
    std::string what = e.what();
    throw CheckpointError(json_path + " is not readable: " + what.substr(0, what.find('\n')));
  }
  std::string variant;
  try {
    if (meta.value("format", "") != "zertz-zero-model" ||
        meta.value("format_version", 0) != kModelFormatVersion) {
      throw CheckpointError(json_path + " is not a zertz-zero model (format " +
                            std::to_string(kModelFormatVersion) + ")");
    }
    variant = meta.value("variant", "");
  } catch (const nlohmann::json::exception&) {  // not an object, or a key of the wrong type
    throw CheckpointError(json_path + " is not a zertz-zero model (format " +
                          std::to_string(kModelFormatVersion) + ")");
  }
  if (!Variant::find(variant)) {
    throw CheckpointError(json_path + " names an unknown variant '" + printable(variant) + "'");
  }
  ExportedModel model{variant, {}, {}};
  if (meta.contains("search")) {
    const nlohmann::json& search = meta["search"];
    mcts::SearchParams& s = model.search;
    try {
      s.leaf_rollouts = search.value("leaf_rollouts", s.leaf_rollouts);
      s.rollout_weight = search.value("rollout_weight", s.rollout_weight);
      s.prior_temperature = search.value("prior_temperature", s.prior_temperature);
      s.evaluate_after_visits = search.value("evaluate_after_visits", s.evaluate_after_visits);
      s.fast_value_weight = search.value("fast_value_weight", s.fast_value_weight);
      s.fast_value_decay_visits =
          search.value("fast_value_decay_visits", s.fast_value_decay_visits);
      s.cpuct = search.value("cpuct", s.cpuct);
      s.fpu_reduction = search.value("fpu_reduction", s.fpu_reduction);
      s.fpu_reduction_root = search.value("fpu_reduction_root", s.fpu_reduction_root);
      s.validate();
    } catch (const std::exception& e) {  // a wrong type, or a value out of range
      std::string what = e.what();
      throw CheckpointError(json_path + ": search: " + what.substr(0, what.find('\n')));
    }
  }
  return model;
}

ExportedModel read_exported_model(const std::string& dir) {
  std::filesystem::path json_path = std::filesystem::path(dir) / "model.json";
  std::filesystem::path model_path = std::filesystem::path(dir) / "model.pt";
  std::string text;
  try {
    text = read_file(json_path.string());
  } catch (const std::exception& e) {
    throw CheckpointError(json_path.string() + " is not readable: " + e.what());
  }
  ExportedModel model = parse_exported_model(text, json_path.string());
  if (!std::filesystem::is_regular_file(model_path))
    throw CheckpointError(model_path.string() + " does not exist");
  model.model_path = model_path.string();
  return model;
}

std::string trained_variant(const std::string& path) {
  if (std::filesystem::is_directory(path)) return read_exported_model(path).variant;
  if (!std::filesystem::is_regular_file(path))
    throw InputError(path + ": no such checkpoint file or exported model directory");
  return read_checkpoint_info(path).variant;
}

}  // namespace zertz::nn
