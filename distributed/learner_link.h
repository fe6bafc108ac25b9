// Rank 0's communication thread: the only thread of the learner that touches the transport
// (with MPI, the only one that makes MPI calls). The trainer publishes weights and reads the
// actors' figures through it; the games sink runs on it. Torch-free, so ThreadSanitizer sees it.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "distributed/learner_protocol.h"

namespace zertz::distributed {

class LearnerLink {
 public:
  // Made on the communication thread (MPI is started and ended by the thread that uses it).
  using TransportFactory = std::function<std::unique_ptr<Transport>()>;
  // Called on the communication thread when an actor stays silent past the bound: it ends the
  // job (MPI_Abort) with that line. Should it return, the link stops.
  using Fatal = std::function<void(const std::string&)>;

  // `welcome`: what every actor gets besides its launch and seed (the run's config).
  LearnerLink(TransportFactory make_transport, ProtocolOptions options, std::uint64_t run_seed,
              std::uint64_t launch, nlohmann::json welcome, LearnerProtocol::GamesSink sink,
              Fatal fatal);
  ~LearnerLink();  // stop(0) if stop was not called

  // Blocks until the transport is up; returns the number of ranks. Rethrows its failure.
  int wait_started();
  void publish_weights(std::uint64_t version, std::string bytes, nlohmann::json meta);
  void set_status(nlohmann::json status);
  std::map<int, LearnerProtocol::Actor> actors() const;  // a copy, refreshed every pump
  std::vector<std::string> take_events();
  // Rethrows the communication thread's failure (the sink's, say) in the caller.
  void rethrow_failure() const;
  // Tells the actors to stop and waits up to `seconds` for their byes; then the thread ends
  // (and with it the transport). Returns whether every actor said bye.
  bool stop(double seconds);

 private:
  void run(TransportFactory make_transport, std::uint64_t run_seed, std::uint64_t launch,
           nlohmann::json welcome, LearnerProtocol::GamesSink sink);

  ProtocolOptions options_;
  Fatal fatal_;
  mutable std::mutex mutex_;
  std::condition_variable started_;
  int ranks_ = 0;
  bool started_flag_ = false;
  std::optional<std::tuple<std::uint64_t, std::string, nlohmann::json>> to_publish_;
  std::optional<nlohmann::json> status_;
  std::map<int, LearnerProtocol::Actor> actors_;
  std::vector<std::string> events_;
  std::exception_ptr failure_;
  std::optional<std::chrono::steady_clock::time_point> stop_by_;  // set by stop()
  bool all_stopped_ = false;
  std::thread thread_;
};

}  // namespace zertz::distributed
