// How ranks exchange bytes. The protocols (actor_protocol.h, learner_protocol.h) speak frames
// through this interface only: MPI implements it in a distributed run, MemoryHub in tests.
// Messages between two ranks arrive in the order they were sent, and none is lost (MPI's
// guarantees); a rank that dies ends the whole job.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

namespace zertz::distributed {

struct Envelope {
  int source = 0;
  std::string bytes;
};

class Transport {
 public:
  virtual ~Transport() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;  // ranks in the job; rank 0 is the learner
  virtual void send(int destination, std::string bytes) = 0;
  virtual std::optional<Envelope> try_receive() = 0;  // never blocks

  // A broadcast from rank 0 to every other rank (MPI_Ibcast), for weights too large to send to
  // each actor in turn. Every rank takes part in every broadcast, one at a time, in the order
  // rank 0 begins them: rank 0 with its bytes, the others with a buffer of the size they were
  // told. broadcast_done() never blocks; it returns the bytes once this rank's part is over.
  virtual bool can_broadcast() const { return false; }
  virtual void begin_broadcast(std::string /*bytes*/) {
    throw std::logic_error("this transport has no broadcast");
  }
  virtual std::optional<std::string> broadcast_done() { return std::nullopt; }
};

}  // namespace zertz::distributed
