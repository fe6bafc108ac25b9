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

  bool can_broadcast() const override { return true; }
  void begin_broadcast(std::string bytes) override {
    if (broadcasting_) throw std::logic_error("a broadcast is already in progress");
    broadcasting_ = true;
    if (rank_ == 0) index_ = hub_.begin_broadcast(std::move(bytes));
  }
  std::optional<std::string> broadcast_done() override {
    if (!broadcasting_) return std::nullopt;
    std::optional<std::string> bytes = hub_.take_broadcast(index_, rank_);
    if (bytes) {
      broadcasting_ = false;
      if (rank_ != 0) ++index_;
    }
    return bytes;
  }

 private:
  MemoryHub& hub_;
  int rank_;
  bool broadcasting_ = false;
  std::size_t index_ = 0;  // of the broadcast this rank takes part in (rank 0: began)
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

std::size_t MemoryHub::begin_broadcast(std::string bytes) {
  std::lock_guard lock(stats_mutex_);
  broadcasts_.push_back(Broadcast{std::move(bytes), 0});
  return broadcasts_.size() - 1;
}

std::optional<std::string> MemoryHub::take_broadcast(std::size_t index, int rank) {
  std::lock_guard lock(stats_mutex_);
  if (index >= broadcasts_.size()) return std::nullopt;
  Broadcast& b = broadcasts_[index];
  if (rank == 0) {
    if (b.taken < static_cast<int>(boxes_.size()) - 1) return std::nullopt;
    return b.bytes;
  }
  ++b.taken;
  bytes_sent_ += b.bytes.size();
  return b.bytes;
}

std::size_t MemoryHub::broadcasts() const {
  std::lock_guard lock(stats_mutex_);
  return broadcasts_.size();
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
