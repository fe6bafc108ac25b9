// Ranks in one process: a mailbox per rank, for the protocols' tests (no MPI). Thread-safe, so
// each endpoint may live on its own thread, as each rank's communication thread would.
#pragma once

#include <deque>
#include <memory>
#include <mutex>
#include <vector>

#include "distributed/transport.h"

namespace zertz::distributed {

class MemoryHub {
 public:
  explicit MemoryHub(int ranks);
  // The hub must outlive its endpoints.
  std::unique_ptr<Transport> endpoint(int rank);

  std::size_t pending(int rank) const;  // messages waiting in `rank`'s mailbox
  std::size_t broadcasts() const;       // begun by rank 0
  std::size_t bytes_sent() const;

 private:
  friend class MemoryEndpoint;
  struct Mailbox {
    mutable std::mutex mutex;
    std::deque<Envelope> messages;
  };
  void deliver(int destination, Envelope envelope);
  std::optional<Envelope> take(int rank);
  // Broadcast number `index`: rank 0's part ends once every other rank has taken it.
  std::size_t begin_broadcast(std::string bytes);
  std::optional<std::string> take_broadcast(std::size_t index, int rank);

  std::vector<std::unique_ptr<Mailbox>> boxes_;
  mutable std::mutex stats_mutex_;
  std::size_t bytes_sent_ = 0;
  struct Broadcast {
    std::string bytes;
    int taken = 0;  // by the ranks other than 0
  };
  std::vector<Broadcast> broadcasts_;  // under stats_mutex_
};

}  // namespace zertz::distributed
