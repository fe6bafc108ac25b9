#include "distributed/mpi_transport.h"

#include <fmt/format.h>

#include <climits>
#include <stdexcept>

namespace zertz::distributed {

namespace {

constexpr int kTag = 7;

void check(int status, const char* call) {
  if (status == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(status, text, &length);
  throw std::runtime_error(fmt::format("{} failed: {}", call, std::string(text, length)));
}

}  // namespace

MpiTransport::MpiTransport() {
  int provided = 0;
  check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  // Errors come back as return codes (then exceptions) instead of ending the job unexplained.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "MPI_Comm_rank");
  check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "MPI_Comm_size");
}

MpiTransport::~MpiTransport() {
  if (broadcast_) MPI_Wait(&broadcast_->request, MPI_STATUS_IGNORE);
  for (Sending& s : sending_) MPI_Wait(&s.request, MPI_STATUS_IGNORE);
  sending_.clear();
  MPI_Finalize();
}

void MpiTransport::send(int destination, std::string bytes) {
  if (bytes.size() > static_cast<std::size_t>(INT_MAX)) {
    throw std::runtime_error(fmt::format(
        "a message of {} bytes to rank {}: MPI counts stop at 2 GiB", bytes.size(), destination));
  }
  sends_in_progress();  // frees the buffers of completed sends
  Sending& s = sending_.emplace_back();
  s.bytes = std::move(bytes);
  check(MPI_Isend(s.bytes.data(), static_cast<int>(s.bytes.size()), MPI_BYTE, destination, kTag,
                  MPI_COMM_WORLD, &s.request),
        "MPI_Isend");
}

std::optional<Envelope> MpiTransport::try_receive() {
  int found = 0;
  MPI_Message message;
  MPI_Status status;
  check(MPI_Improbe(MPI_ANY_SOURCE, kTag, MPI_COMM_WORLD, &found, &message, &status),
        "MPI_Improbe");
  if (!found) return std::nullopt;
  int count = 0;
  check(MPI_Get_count(&status, MPI_BYTE, &count), "MPI_Get_count");
  Envelope envelope{status.MPI_SOURCE, std::string(static_cast<std::size_t>(count), '\0')};
  check(MPI_Mrecv(envelope.bytes.data(), count, MPI_BYTE, &message, MPI_STATUS_IGNORE),
        "MPI_Mrecv");
  return envelope;
}

std::size_t MpiTransport::sends_in_progress() {
  for (auto it = sending_.begin(); it != sending_.end();) {
    int done = 0;
    check(MPI_Test(&it->request, &done, MPI_STATUS_IGNORE), "MPI_Test");
    it = done ? sending_.erase(it) : std::next(it);
  }
  return sending_.size();
}

void MpiTransport::begin_broadcast(std::string bytes) {
  if (broadcast_) throw std::logic_error("a broadcast is already in progress");
  if (bytes.size() > static_cast<std::size_t>(INT_MAX)) {
    throw std::runtime_error(
        fmt::format("a broadcast of {} bytes: MPI counts stop at 2 GiB", bytes.size()));
  }
  broadcast_.emplace();
  broadcast_->bytes = std::move(bytes);
  check(MPI_Ibcast(broadcast_->bytes.data(), static_cast<int>(broadcast_->bytes.size()), MPI_BYTE,
                   0, MPI_COMM_WORLD, &broadcast_->request),
        "MPI_Ibcast");
}

std::optional<std::string> MpiTransport::broadcast_done() {
  if (!broadcast_) return std::nullopt;
  int done = 0;
  check(MPI_Test(&broadcast_->request, &done, MPI_STATUS_IGNORE), "MPI_Test");
  if (!done) return std::nullopt;
  std::string bytes = std::move(broadcast_->bytes);
  broadcast_.reset();
  return bytes;
}

void MpiTransport::abort_job(int status) {
  MPI_Abort(MPI_COMM_WORLD, status);
  std::abort();  // MPI_Abort does not return; this tells the compiler so
}

}  // namespace zertz::distributed
