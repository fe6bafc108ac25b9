// Fuzz target: game shards (training/game_shard.h). A shard that decodes encodes to bytes that
// decode to the same games; one that does not is refused with one line.
#include "tests/fuzz/fuzz_check.h"
#include "training/game_shard.h"

using namespace zertz;
using namespace zertz::training;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  std::string bytes(fuzz::as_text(data, size));
  std::vector<TrainingGame> games;
  try {
    games = decode_shard(bytes, "fuzz.zzg");
  } catch (const ShardError& e) {
    fuzz::require_one_line(e);
    return 0;
  }
  std::string encoded = encode_shard(games);
  fuzz::require(decode_shard(encoded, "encoded.zzg") == games,
                "an encoded shard decodes to the same games");
  return 0;
}
