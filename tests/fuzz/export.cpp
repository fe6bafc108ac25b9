// Fuzz target: an exported model's model.json (nn/exported_model.h). What is accepted names a
// known variant and a search that passes its own checks; a refusal is one line.
#include "core/variant.h"
#include "nn/checkpoint_info.h"
#include "nn/exported_model.h"
#include "tests/fuzz/fuzz_check.h"

using namespace zertz;
using namespace zertz::nn;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  std::string text(fuzz::as_text(data, size));
  ExportedModel model;
  try {
    model = parse_exported_model(text, "fuzz/model.json");
  } catch (const CheckpointError& e) {
    fuzz::require_one_line(e);
    return 0;
  }
  fuzz::require(Variant::find(model.variant) != nullptr, "an accepted model names a variant",
                model.variant);
  try {
    model.search.validate();
  } catch (const std::exception& e) {
    fuzz::broken("an accepted model's search is valid", e.what());
  }
  return 0;
}
