// What both ends of the actor-learner protocol agree on (the `distributed:` config section).
#pragma once

#include <cstddef>
#include <cstdint>

namespace zertz::distributed {

struct ProtocolOptions {
  int max_unacked_messages = 4;        // games frames an actor may have unacknowledged
  double heartbeat_seconds = 10;       // an actor's heartbeat period; rank 0 answers each
  double silence_warn_seconds = 30;    // rank 0 warns about an actor silent this long
  double silence_abort_seconds = 300;  // either side ends the job after this much silence
  // Weights of at least this many bytes go to every actor at once by a broadcast (where the
  // transport has one) instead of to each actor in turn.
  std::size_t broadcast_weights_bytes = 8'000'000;
};

// An actor's self-play seed: from the run's seed, its rank and the launch (how many times the
// job was started on this run directory), so that a relaunch never replays earlier games.
std::uint64_t actor_seed(std::uint64_t run_seed, int rank, std::uint64_t launch);

}  // namespace zertz::distributed
