// Reading an exported model directory (nn/export.h writes it; docs/model-format.md) without
// LibTorch's headers: its variant, where its TorchScript file is, and the search it was
// trained with.
#pragma once

#include <string>

#include "mcts/search_params.h"

namespace zertz::nn {

inline constexpr int kModelFormatVersion = 1;

// An exported model directory, checked: model.json of our format naming a known variant, and
// model.pt beside it. Throws CheckpointError (nn/checkpoint_info.h) with one line otherwise.
struct ExportedModel {
  std::string variant;
  std::string model_path;  // DIR/model.pt
  // The search it was trained with (model.json "search", mcts::keep_trained_search's
  // parameters; each absent one as SearchParams has it).
  mcts::SearchParams search;
};
ExportedModel read_exported_model(const std::string& dir);
// The checks of model.json's text alone (model_path left empty), `json_path` naming it in errors.
ExportedModel parse_exported_model(const std::string& json_text, const std::string& json_path);

// The variant a network was trained for: `path` is an exported model directory or a checkpoint
// file. Throws CheckpointError (unreadable, damaged or foreign) or InputError (neither exists).
std::string trained_variant(const std::string& path);

}  // namespace zertz::nn
