#include "distributed/actor_protocol.h"

#include <fmt/format.h>

namespace zertz::distributed {

ActorProtocol::ActorProtocol(Transport& transport, ProtocolOptions options, double now)
    : transport_(transport), options_(options), last_heard_(now) {}

void ActorProtocol::send(Frame frame) {
  frame.source = transport_.rank();
  transport_.send(0, encode_frame(frame));
}

void ActorProtocol::say_hello(nlohmann::json about_me) {
  send(Frame{FrameKind::hello, 0, 0, std::move(about_me), {}});
}

void ActorProtocol::queue_games(std::string shard, nlohmann::json meta) {
  queue_.push_back(
      Frame{FrameKind::games, 0, next_games_sequence_++, std::move(meta), std::move(shard)});
}

void ActorProtocol::set_status(nlohmann::json status) {
  status_ = std::move(status);
}

void ActorProtocol::pump(double now) {
  while (auto envelope = transport_.try_receive()) {
    if (envelope->source != 0) {
      throw FrameError(
          fmt::format("message from rank {}: an actor hears only from rank 0", envelope->source));
    }
    handle(decode_frame(envelope->bytes, envelope->source));
    last_heard_ = now;
  }
  receive_broadcasts();
  if (said_bye_) return;
  while (!queue_.empty() &&
         in_flight_.size() < static_cast<std::size_t>(options_.max_unacked_messages)) {
    Frame frame = std::move(queue_.front());
    queue_.pop_front();
    in_flight_[frame.sequence] = frame.meta.value("games", std::size_t{0});
    send(std::move(frame));
  }
  if (now - last_heartbeat_ >= options_.heartbeat_seconds) {
    last_heartbeat_ = now;
    nlohmann::json meta = status_;
    meta["queued"] = queue_.size();
    meta["in_flight"] = in_flight_.size();
    send(Frame{FrameKind::heartbeat, 0, ++heartbeats_, std::move(meta), {}});
  }
}

void ActorProtocol::receive_broadcasts() {
  while (true) {
    if (receiving_) {
      std::optional<std::string> bytes = transport_.broadcast_done();
      if (!bytes) return;
      receiving_ = false;
      handle(decode_frame(*bytes, 0));  // a weights frame
    }
    if (announced_.empty()) return;
    transport_.begin_broadcast(std::string(announced_.front(), '\0'));
    announced_.pop_front();
    receiving_ = true;
  }
}

void ActorProtocol::handle(Frame frame) {
  switch (frame.kind) {
    case FrameKind::welcome:
      welcome_ = Welcome{frame.meta.value("launch", std::uint64_t{0}),
                         frame.meta.value("seed", std::uint64_t{0}), frame.meta};
      break;
    case FrameKind::games_ack: {
      auto it = in_flight_.find(frame.sequence);
      if (it == in_flight_.end()) {
        events_.push_back(fmt::format("rank 0 acknowledged games frame {}, which is not in flight",
                                      frame.sequence));
        break;
      }
      in_flight_.erase(it);
      if (frame.meta.value("accepted", false)) {
        ++acknowledged_;
      } else {
        ++refused_;
        events_.push_back(fmt::format("rank 0 refused games frame {}: {}", frame.sequence,
                                      frame.meta.value("reason", std::string("no reason"))));
      }
      break;
    }
    case FrameKind::weights:
      if (frame.sequence > weights_version_ &&
          (!newest_weights_ || frame.sequence > newest_weights_->version)) {
        newest_weights_ = Weights{frame.sequence, std::move(frame.meta), std::move(frame.body)};
      }
      break;
    case FrameKind::weights_announce:
      announced_.push_back(frame.meta.value("bytes", std::size_t{0}));
      break;
    case FrameKind::stop:
      stop_requested_ = true;
      break;
    case FrameKind::heartbeat:
      break;  // rank 0 is alive: pump() noted the time
    case FrameKind::bye:
      closed_ = true;
      break;
    default:
      throw FrameError(fmt::format("message from rank 0: an actor does not expect a {} frame",
                                   kind_name(frame.kind)));
  }
}

std::optional<Weights> ActorProtocol::take_weights() {
  if (!newest_weights_) return std::nullopt;
  std::optional<Weights> taken = std::move(newest_weights_);
  newest_weights_.reset();
  weights_version_ = taken->version;
  send(Frame{FrameKind::weights_ack, 0, taken->version, nlohmann::json::object(), {}});
  return taken;
}

void ActorProtocol::say_bye() {
  said_bye_ = true;
  send(Frame{
      FrameKind::bye, 0, 0, {{"queued", queue_.size()}, {"in_flight", in_flight_.size()}}, {}});
}

std::vector<std::string> ActorProtocol::take_events() {
  return std::exchange(events_, {});
}

}  // namespace zertz::distributed
