// How ranks exchange bytes. The protocols (actor_protocol.h, learner_protocol.h) speak frames
// through this interface only: MPI implements it in a distributed run, MemoryHub in tests.
// Messages between two ranks arrive in the order they were sent, and none is lost (MPI's
// guarantees); a rank that dies ends the whole job.
#pragma once

#include <optional>
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
};

}  // namespace zertz::distributed
