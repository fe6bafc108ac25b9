// One message between ranks of a distributed run (docs/distributed.md): a fixed header, a JSON
// "meta" part (counts, versions, statistics) and a binary body (a game shard, weights), both
// under one CRC-32. The header names the sending rank, so a frame that arrives from another
// rank than it names is refused. Torch-free and MPI-free: the transport only moves bytes.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/error.h"

namespace zertz::distributed {

enum class FrameKind : std::uint8_t {
  hello = 1,              // actor -> learner, once: host, pid, build, threads
  welcome = 2,            // learner -> actor: the launch number and the actor's seed
  games = 3,              // actor -> learner: finished games as one checksummed shard
  games_ack = 4,          // learner -> actor: a games frame's sequence, accepted or refused
  weights = 5,            // learner -> actor: the newest published weights
  weights_ack = 6,        // actor -> learner: the weights version self-play now uses
  heartbeat = 7,          // both ways: the sender's statistics; proves it is alive
  stop = 8,               // learner -> actor: finish, drop games in progress
  bye = 9,                // actor -> learner: stopped; learner -> actor: the last frame for it
  weights_announce = 10,  // learner -> actor: a broadcast of weights of this many bytes begins
};

const char* kind_name(FrameKind kind);

struct Frame {
  FrameKind kind = FrameKind::heartbeat;
  int source = 0;              // the sending rank
  std::uint64_t sequence = 0;  // per sender and kind of stream; games frames count 1, 2, ...
  nlohmann::json meta = nlohmann::json::object();
  std::string body;
};

// A frame that cannot be what it claims: one line naming the sending rank and what is wrong.
class FrameError : public InputError {
 public:
  using InputError::InputError;
};

std::string encode_frame(const Frame& frame);

// `from_rank` is the rank the transport says sent the bytes. Throws FrameError.
Frame decode_frame(std::string_view bytes, int from_rank);

}  // namespace zertz::distributed
