#include "distributed/memory_transport.h"

#include <stdexcept>
#include <string>

namespace zertz::distributed {

class MemoryEndpoint : public Transport {
 public:
  MemoryEndpoint(MemoryHub& hub, int rank) : hub_(hub), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return static_cast<int>(hub_.boxes_.size()); }
  void send(int destination, std::string bytes) override {
    hub_.deliver(destination, Envelope{rank_, std::move(bytes)});
  }
  std::optional<Envelope> try_receive() override { return hub_.take(rank_); }

 private:
  MemoryHub& hub_;
  int rank_;
};

MemoryHub::MemoryHub(int ranks) {
  if (ranks < 1) throw std::invalid_argument("MemoryHub needs at least one rank");
  for (int r = 0; r < ranks; ++r) boxes_.push_back(std::make_unique<Mailbox>());
}

std::unique_ptr<Transport> MemoryHub::endpoint(int rank) {
  if (rank < 0 || rank >= static_cast<int>(boxes_.size())) {
    throw std::out_of_range("MemoryHub has no rank " + std::to_string(rank));
  }
  return std::make_unique<MemoryEndpoint>(*this, rank);
}

void MemoryHub::deliver(int destination, Envelope envelope) {
  if (destination < 0 || destination >= static_cast<int>(boxes_.size())) {
    throw std::out_of_range("MemoryHub has no rank " + std::to_string(destination));
  }
  {
    std::lock_guard lock(stats_mutex_);
    bytes_sent_ += envelope.bytes.size();
  }
  Mailbox& box = *boxes_[static_cast<std::size_t>(destination)];
  std::lock_guard lock(box.mutex);
  box.messages.push_back(std::move(envelope));
}

std::optional<Envelope> MemoryHub::take(int rank) {
  Mailbox& box = *boxes_[static_cast<std::size_t>(rank)];
  std::lock_guard lock(box.mutex);
  if (box.messages.empty()) return std::nullopt;
  Envelope e = std::move(box.messages.front());
  box.messages.pop_front();
  return e;
}

std::size_t MemoryHub::pending(int rank) const {
  Mailbox& box = *boxes_.at(static_cast<std::size_t>(rank));
  std::lock_guard lock(box.mutex);
  return box.messages.size();
}

std::size_t MemoryHub::bytes_sent() const {
  std::lock_guard lock(stats_mutex_);
  return bytes_sent_;
}

}  // namespace zertz::distributed
