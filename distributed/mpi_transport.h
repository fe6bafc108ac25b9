// The transport of a job started by mpirun or srun: MPI point-to-point messages of bytes on one
// tag. Sends are nonblocking (MPI_Isend; each buffer is kept until its send completes);
// receives take any source through matched probes (MPI_Improbe + MPI_Mrecv). Construct, use and
// destroy it on one thread, the rank's communication thread: it starts MPI (funneled: that
// thread alone calls MPI) and ends it, after its sends complete.
#pragma once

#include <mpi.h>

#include <list>
#include <optional>
#include <string>

#include "distributed/transport.h"

namespace zertz::distributed {

class MpiTransport : public Transport {
 public:
  MpiTransport();
  ~MpiTransport() override;
  MpiTransport(const MpiTransport&) = delete;
  MpiTransport& operator=(const MpiTransport&) = delete;

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  void send(int destination, std::string bytes) override;
  std::optional<Envelope> try_receive() override;
  std::size_t sends_in_progress();
  bool can_broadcast() const override { return true; }
  void begin_broadcast(std::string bytes) override;  // MPI_Ibcast from rank 0
  std::optional<std::string> broadcast_done() override;

  // Ends every rank of the job (a rank that stays silent: with Open MPI 4.1 a restart is the
  // only way back).
  [[noreturn]] static void abort_job(int status);

 private:
  struct Sending {
    MPI_Request request;
    std::string bytes;
  };
  std::list<Sending> sending_;  // a list: buffers stay put while MPI reads them
  std::optional<Sending> broadcast_;
  int rank_ = 0, size_ = 1;
};

}  // namespace zertz::distributed
