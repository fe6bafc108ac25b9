#include "distributed/learner_protocol.h"

#include <fmt/format.h>

#include <algorithm>

namespace zertz::distributed {

LearnerProtocol::LearnerProtocol(Transport& transport, ProtocolOptions options,
                                 std::uint64_t run_seed, std::uint64_t launch, GamesSink sink,
                                 double now)
    : transport_(transport),
      options_(options),
      run_seed_(run_seed),
      launch_(launch),
      sink_(std::move(sink)) {
  for (int rank = 1; rank < transport_.size(); ++rank) actors_[rank].last_heard = now;
}

void LearnerProtocol::send(int rank, Frame frame) {
  frame.source = transport_.rank();
  transport_.send(rank, encode_frame(frame));
}

int LearnerProtocol::pump(double now) {
  // Each actor's games frames in flight, and a few control frames besides.
  const int round = static_cast<int>(actors_.size()) * (options_.max_unacked_messages + 4);
  int handled = 0;
  if (broadcasting_ && transport_.broadcast_done()) {
    broadcasting_ = false;
    broadcast_newest();  // a version published meanwhile
  }
  while (handled < round) {
    std::optional<Envelope> envelope = transport_.try_receive();
    if (!envelope) break;
    ++handled;
    auto it = actors_.find(envelope->source);
    if (it == actors_.end()) {
      events_.push_back(
          fmt::format("message from rank {}, which is not an actor: ignored", envelope->source));
      continue;
    }
    Actor& actor = it->second;
    actor.last_heard = now;
    actor.warned_silent = false;
    try {
      handle(actor, envelope->source, decode_frame(envelope->bytes, envelope->source));
    } catch (const FrameError& e) {
      events_.push_back(std::string(e.what()) + ": dropped");
    }
  }
  for (auto& [rank, actor] : actors_) {
    if (!actor.said_bye && !actor.warned_silent &&
        now - actor.last_heard > options_.silence_warn_seconds) {
      actor.warned_silent = true;
      events_.push_back(
          fmt::format("rank {} has been silent for {:.0f} s", rank, now - actor.last_heard));
    }
  }
  return handled;
}

void LearnerProtocol::handle(Actor& actor, int rank, Frame frame) {
  switch (frame.kind) {
    case FrameKind::hello: {
      actor.said_hello = true;
      actor.hello = frame.meta;
      nlohmann::json welcome = welcome_;
      welcome["launch"] = launch_;
      welcome["seed"] = actor_seed(run_seed_, rank, launch_);
      send(rank, Frame{FrameKind::welcome, 0, 0, std::move(welcome), {}});
      offer_weights(rank, actor);
      if (stopping_) send(rank, Frame{FrameKind::stop, 0, 0, {}, {}});
      break;
    }
    case FrameKind::games:
      receive_games(actor, rank, frame);
      break;
    case FrameKind::weights_ack:
      actor.weights_version = std::max(actor.weights_version, frame.sequence);
      if (actor.weights_in_flight <= frame.sequence) actor.weights_in_flight = 0;
      offer_weights(rank, actor);
      break;
    case FrameKind::heartbeat:
      actor.status = frame.meta;
      send(rank, Frame{FrameKind::heartbeat, 0, frame.sequence, status_, {}});
      break;
    case FrameKind::bye:
      actor.said_bye = true;
      send(rank, Frame{FrameKind::bye, 0, 0, {}, {}});  // the last frame it gets from here
      break;
    default:
      events_.push_back(fmt::format("message from rank {}: rank 0 does not expect a {} frame", rank,
                                    kind_name(frame.kind)));
  }
}

void LearnerProtocol::receive_games(Actor& actor, int rank, const Frame& frame) {
  nlohmann::json ack = {{"accepted", true}};
  if (frame.sequence < actor.next_games_sequence) {
    ++actor.duplicates;  // stored already: acknowledged again, not stored twice
    ack["duplicate"] = true;
  } else {
    if (frame.sequence > actor.next_games_sequence) {
      events_.push_back(fmt::format("rank {}: games frame {} where {} was expected", rank,
                                    frame.sequence, actor.next_games_sequence));
    }
    actor.next_games_sequence = frame.sequence + 1;
    std::string refusal = sink_(rank, frame);
    if (refusal.empty()) {
      ++actor.accepted;
      actor.games += frame.meta.value("games", std::uint64_t{0});
      actor.positions += frame.meta.value("positions", std::uint64_t{0});
      std::uint64_t oldest = newest_version_;
      if (auto v = frame.meta.find("weights_versions"); v != frame.meta.end() && v->is_array()) {
        for (const auto& version : *v) {
          if (version.is_number_unsigned()) oldest = std::min(oldest, version.get<std::uint64_t>());
        }
      }
      actor.versions_behind = newest_version_ - oldest;
    } else {
      ++actor.refused;
      ack = {{"accepted", false}, {"reason", refusal}};
      events_.push_back(
          fmt::format("rank {}: games frame {} refused: {}", rank, frame.sequence, refusal));
    }
  }
  send(rank, Frame{FrameKind::games_ack, 0, frame.sequence, std::move(ack), {}});
}

void LearnerProtocol::offer_weights(int rank, Actor& actor) {
  if (weights_by_broadcast()) return;  // every actor takes part in every broadcast
  if (!actor.said_hello || actor.said_bye || actor.weights_in_flight != 0) return;
  if (newest_version_ <= actor.weights_version) return;
  actor.weights_in_flight = newest_version_;
  send(rank, Frame{FrameKind::weights, 0, newest_version_, newest_meta_, newest_bytes_});
}

void LearnerProtocol::publish_weights(std::uint64_t version, std::string bytes,
                                      nlohmann::json meta) {
  if (version <= newest_version_) return;
  newest_version_ = version;
  newest_bytes_ = std::move(bytes);
  newest_meta_ = std::move(meta);
  if (weights_by_broadcast()) {
    broadcast_newest();
  } else {
    for (auto& [rank, actor] : actors_) offer_weights(rank, actor);
  }
}

bool LearnerProtocol::weights_by_broadcast() const {
  return transport_.can_broadcast() && transport_.size() > 1 &&
         newest_bytes_.size() >= options_.broadcast_weights_bytes;
}

// One broadcast at a time, of the newest version: every rank is told its size first, since an
// MPI broadcast needs each receiver's buffer; the bytes are a whole weights frame, checksum and
// all, which each actor decodes as if it had come point to point.
void LearnerProtocol::broadcast_newest() {
  if (broadcasting_ || stopping_ || newest_version_ <= broadcast_version_) return;
  Frame weights{FrameKind::weights, transport_.rank(), newest_version_, newest_meta_,
                newest_bytes_};
  std::string bytes = encode_frame(weights);
  for (int rank = 1; rank < transport_.size(); ++rank) {
    send(rank,
         Frame{FrameKind::weights_announce, 0, newest_version_, {{"bytes", bytes.size()}}, {}});
  }
  transport_.begin_broadcast(std::move(bytes));
  broadcasting_ = true;
  broadcast_version_ = newest_version_;
}

void LearnerProtocol::set_status(nlohmann::json status) {
  status_ = std::move(status);
}

void LearnerProtocol::set_welcome(nlohmann::json fields) {
  welcome_ = std::move(fields);
}

void LearnerProtocol::stop() {
  stopping_ = true;
  for (auto& [rank, actor] : actors_) {
    if (actor.said_hello && !actor.said_bye) send(rank, Frame{FrameKind::stop, 0, 0, {}, {}});
  }
}

bool LearnerProtocol::all_stopped() const {
  return std::all_of(actors_.begin(), actors_.end(),
                     [](const auto& a) { return a.second.said_bye; });
}

std::vector<int> LearnerProtocol::overdue(double now) const {
  std::vector<int> ranks;
  for (const auto& [rank, actor] : actors_) {
    if (!actor.said_bye && now - actor.last_heard > options_.silence_abort_seconds) {
      ranks.push_back(rank);
    }
  }
  return ranks;
}

std::vector<std::string> LearnerProtocol::take_events() {
  return std::exchange(events_, {});
}

}  // namespace zertz::distributed
