#include "distributed/protocol_options.h"

#include "core/random.h"

namespace zertz::distributed {

std::uint64_t actor_seed(std::uint64_t run_seed, int rank, std::uint64_t launch) {
  // Three draws of generators seeded in turn: every input changes every output bit.
  Rng by_run(run_seed);
  Rng by_rank(by_run.next() ^ static_cast<std::uint64_t>(rank));
  Rng by_launch(by_rank.next() ^ launch);
  return by_launch.next();
}

}  // namespace zertz::distributed
