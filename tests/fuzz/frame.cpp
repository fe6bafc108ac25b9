// Fuzz target: frames between the ranks of a distributed run (distributed/frame.h), as rank 0
// reads them from an actor. A frame that decodes encodes to bytes that decode to the same frame;
// one that does not is refused with one line.
#include "distributed/frame.h"

#include "tests/fuzz/fuzz_check.h"

using namespace zertz;
using namespace zertz::distributed;

namespace {

bool same(const Frame& a, const Frame& b) {
  return a.kind == b.kind && a.source == b.source && a.sequence == b.sequence && a.meta == b.meta &&
         a.body == b.body;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  std::string_view bytes = fuzz::as_text(data, size);
  Frame frame;
  try {
    frame = decode_frame(bytes, 1);
  } catch (const FrameError& e) {
    fuzz::require_one_line(e);
    return 0;
  }
  fuzz::require(frame.source == 1, "a frame comes from the rank that sent it");
  fuzz::require(same(decode_frame(encode_frame(frame), 1), frame),
                "an encoded frame decodes to the same frame");
  return 0;
}
