#include "distributed/learner_link.h"

#include <fmt/format.h>

#include <chrono>

namespace zertz::distributed {

using Clock = std::chrono::steady_clock;

LearnerLink::LearnerLink(TransportFactory make_transport, ProtocolOptions options,
                         std::uint64_t run_seed, std::uint64_t launch, nlohmann::json welcome,
                         LearnerProtocol::GamesSink sink, Fatal fatal)
    : options_(options), fatal_(std::move(fatal)) {
  thread_ = std::thread(&LearnerLink::run, this, std::move(make_transport), run_seed, launch,
                        std::move(welcome), std::move(sink));
}

LearnerLink::~LearnerLink() {
  if (thread_.joinable()) stop(0);
}

void LearnerLink::run(TransportFactory make_transport, std::uint64_t run_seed, std::uint64_t launch,
                      nlohmann::json welcome, LearnerProtocol::GamesSink sink) {
  const auto start = Clock::now();
  auto now = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  try {
    std::unique_ptr<Transport> transport = make_transport();
    LearnerProtocol protocol(*transport, options_, run_seed, launch, std::move(sink), now());
    protocol.set_welcome(std::move(welcome));
    {
      std::lock_guard lock(mutex_);
      ranks_ = transport->size();
      started_flag_ = true;
    }
    started_.notify_all();
    bool stop_sent = false;
    for (;;) {
      std::optional<Clock::time_point> stop_by;
      {
        std::lock_guard lock(mutex_);
        if (to_publish_) {
          auto& [version, bytes, meta] = *to_publish_;
          protocol.publish_weights(version, std::move(bytes), std::move(meta));
          to_publish_.reset();
        }
        if (status_) {
          protocol.set_status(std::move(*status_));
          status_.reset();
        }
        stop_by = stop_by_;
      }
      if (stop_by && !stop_sent) {
        protocol.stop();
        stop_sent = true;
      }
      const int handled = protocol.pump(now());
      std::vector<int> overdue = protocol.overdue(now());
      {
        std::lock_guard lock(mutex_);
        actors_ = protocol.actors();
        for (std::string& e : protocol.take_events()) events_.push_back(std::move(e));
        all_stopped_ = protocol.all_stopped();
      }
      if (!overdue.empty()) {
        fatal_(
            fmt::format("rank {} has been silent for more than {:g} s "
                        "(distributed.silence_abort_seconds): ending the job so that it "
                        "restarts",
                        overdue.front(), options_.silence_abort_seconds));
        break;
      }
      // A broadcast under way is seen through: MPI cannot end with one half done.
      if (stop_by &&
          ((protocol.all_stopped() && !protocol.broadcasting()) || Clock::now() >= *stop_by)) {
        break;
      }
      if (handled == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  } catch (...) {
    std::lock_guard lock(mutex_);
    failure_ = std::current_exception();
    started_flag_ = true;
  }
  started_.notify_all();
}

int LearnerLink::wait_started() {
  std::unique_lock lock(mutex_);
  started_.wait(lock, [&] { return started_flag_; });
  if (failure_) std::rethrow_exception(failure_);
  return ranks_;
}

void LearnerLink::publish_weights(std::uint64_t version, std::string bytes, nlohmann::json meta) {
  std::lock_guard lock(mutex_);
  to_publish_.emplace(version, std::move(bytes), std::move(meta));  // an older one is replaced
}

void LearnerLink::set_status(nlohmann::json status) {
  std::lock_guard lock(mutex_);
  status_ = std::move(status);
}

std::map<int, LearnerProtocol::Actor> LearnerLink::actors() const {
  std::lock_guard lock(mutex_);
  return actors_;
}

std::vector<std::string> LearnerLink::take_events() {
  std::lock_guard lock(mutex_);
  return std::exchange(events_, {});
}

void LearnerLink::rethrow_failure() const {
  std::lock_guard lock(mutex_);
  if (failure_) std::rethrow_exception(failure_);
}

bool LearnerLink::stop(double seconds) {
  if (!thread_.joinable()) return all_stopped_;
  {
    std::lock_guard lock(mutex_);
    stop_by_ = Clock::now() +
               std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  }
  thread_.join();
  std::lock_guard lock(mutex_);
  return all_stopped_;
}

}  // namespace zertz::distributed
