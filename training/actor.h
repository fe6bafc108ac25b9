// A self-play rank of a distributed run (docs/distributed.md): it takes the run's config, its
// seed and the newest weights from rank 0, plays with its own threads and batched evaluator,
// sends finished games in shards and swaps in each new version of the weights; it writes no
// files. Its main thread is its communication thread, the only one that makes MPI calls.
#pragma once

#include "distributed/launch.h"

namespace zertz::training {

// Returns the process's exit status once rank 0 says stop.
int run_actor(const distributed::Launch& launch);

}  // namespace zertz::training
