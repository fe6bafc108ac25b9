// Fuzz target: checkpoint files' container and header (nn/checkpoint_file.h). A file that
// decodes encodes to bytes that decode to the same header and payload; one that does not is
// refused with one line.
#include "nn/checkpoint_file.h"
#include "tests/fuzz/fuzz_check.h"

using namespace zertz;
using namespace zertz::nn;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  std::string bytes(fuzz::as_text(data, size));
  CheckpointParts parts;
  try {
    parts = decode_checkpoint(bytes, "fuzz.pt");
  } catch (const CheckpointError& e) {
    fuzz::require_one_line(e);
    return 0;
  }
  CheckpointParts again = decode_checkpoint(encode_checkpoint(parts.info, parts.payload), "again");
  const CheckpointInfo &a = parts.info, &b = again.info;
  fuzz::require(a.model == b.model && a.variant == b.variant && a.step == b.step &&
                    a.config_text == b.config_text && a.rng_state == b.rng_state &&
                    a.counters == b.counters && parts.payload == again.payload,
                "an encoded checkpoint decodes to the same header and payload");
  return 0;
}
