// An actor's side of the protocol (docs/distributed.md): it says hello, sends finished games as
// shards with at most `max_unacked_messages` unacknowledged (the rest wait in a queue while
// self-play goes on), keeps only the newest weights that arrive, heartbeats, and stops when
// told. Single-threaded: the rank's communication thread drives it with pump().
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "distributed/frame.h"
#include "distributed/protocol_options.h"
#include "distributed/transport.h"

namespace zertz::distributed {

struct Welcome {
  std::uint64_t launch = 0;
  std::uint64_t seed = 0;  // this actor's self-play seed (actor_seed)
  nlohmann::json meta;     // everything rank 0 sent with it
};

struct Weights {
  std::uint64_t version = 0;
  nlohmann::json meta;
  std::string bytes;
};

class ActorProtocol {
 public:
  ActorProtocol(Transport& transport, ProtocolOptions options, double now);

  void say_hello(nlohmann::json about_me);
  // One shard of finished games; `meta` holds "games", "positions" and "weights_versions".
  void queue_games(std::string shard, nlohmann::json meta);
  void set_status(nlohmann::json status);  // sent with each heartbeat from now on
  void set_options(ProtocolOptions options) { options_ = options; }  // the run's, once known

  // Sends what the credits allow and a heartbeat when due, and handles what arrived. Throws
  // FrameError for bytes that are not a frame from rank 0.
  void pump(double now);

  const std::optional<Welcome>& welcome() const { return welcome_; }
  // The newest weights not yet taken (older ones that arrived meanwhile are dropped); tells
  // rank 0 that self-play now uses that version.
  std::optional<Weights> take_weights();
  bool has_weights() const { return newest_weights_.has_value(); }
  std::uint64_t weights_version() const { return weights_version_; }  // the last taken
  bool stop_requested() const { return stop_requested_; }
  // The actor's last frame: nothing is sent after it (no heartbeats, no games). It must still
  // pump until closed(), receiving what rank 0 sent before it read the bye: MPI cannot end
  // while a send has no receiver.
  void say_bye();
  bool closed() const { return closed_; }  // rank 0 answered the bye: nothing more will come

  // Whether rank 0 announced a broadcast of weights that this actor has not yet received: it
  // must see it through before it says bye, as every rank takes part in every broadcast.
  bool broadcast_pending() const { return receiving_ || !announced_.empty(); }
  std::size_t queued() const { return queue_.size(); }
  std::size_t in_flight() const { return in_flight_.size(); }
  std::uint64_t acknowledged() const { return acknowledged_; }
  std::uint64_t refused() const { return refused_; }
  double silent_for(double now) const { return now - last_heard_; }
  bool silent_too_long(double now) const {
    return silent_for(now) > options_.silence_abort_seconds;
  }
  std::vector<std::string> take_events();  // lines for the log: refusals

 private:
  void send(Frame frame);
  void handle(Frame frame);
  void receive_broadcasts();

  Transport& transport_;
  ProtocolOptions options_;
  double last_heard_;
  double last_heartbeat_ = -1e300;
  std::uint64_t next_games_sequence_ = 1;
  std::uint64_t heartbeats_ = 0;
  std::deque<Frame> queue_;
  std::map<std::uint64_t, std::size_t> in_flight_;  // sequence -> games in it
  std::uint64_t acknowledged_ = 0, refused_ = 0;
  nlohmann::json status_ = nlohmann::json::object();
  std::optional<Welcome> welcome_;
  std::deque<std::size_t> announced_;  // sizes of broadcasts announced, not yet begun
  bool receiving_ = false;             // a broadcast begun here, not yet received
  std::optional<Weights> newest_weights_;
  std::uint64_t weights_version_ = 0;
  bool stop_requested_ = false;
  bool said_bye_ = false, closed_ = false;
  std::vector<std::string> events_;
};

}  // namespace zertz::distributed
