// Rank 0's side of the protocol (docs/distributed.md). Each actor's games frame is handed to a
// sink that checks and stores it (the shard decoded in full, then written) before it is
// acknowledged; a refusal is acknowledged too, so the actor's credit comes back. A frame seen
// twice is acknowledged without being stored again. Weights go out newest only, one transfer
// in flight per actor: versions published while an actor is still taking one are skipped.
// Silent actors are reported for a warning and, past the bound, for ending the job.
// Single-threaded: rank 0's communication thread drives it with pump().
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "distributed/frame.h"
#include "distributed/protocol_options.h"
#include "distributed/transport.h"

namespace zertz::distributed {

class LearnerProtocol {
 public:
  // Returns "" when the games are stored, else why they were refused (one line).
  using GamesSink = std::function<std::string(int rank, const Frame& games)>;

  struct Actor {
    bool said_hello = false, said_bye = false, warned_silent = false;
    double last_heard = 0;
    nlohmann::json hello, status;           // its hello and its newest heartbeat
    std::uint64_t weights_version = 0;      // what its self-play uses (its weights_ack)
    std::uint64_t weights_in_flight = 0;    // sent, not yet acknowledged; 0 if none
    std::uint64_t next_games_sequence = 1;  // the next games frame expected
    std::uint64_t accepted = 0, refused = 0, duplicates = 0;  // games frames
    std::uint64_t games = 0, positions = 0;                   // in accepted frames
    std::uint64_t versions_behind = 0;  // the newest accepted frame's oldest weights, behind
  };

  LearnerProtocol(Transport& transport, ProtocolOptions options, std::uint64_t run_seed,
                  std::uint64_t launch, GamesSink sink, double now);

  // Handles what arrived and sends what is due; returns how many messages it handled. A frame
  // that does not decode is refused with an event; a games frame whose header decodes but whose
  // checksum fails cannot be trusted, so nothing in it is acknowledged either. One pump handles
  // at most a round of messages (as many as the actors may have in flight): actors refill as
  // they are acknowledged, so draining until the mailbox is empty could hold back weights and
  // stop requests for as long as they keep sending.
  int pump(double now);
  void publish_weights(std::uint64_t version, std::string bytes, nlohmann::json meta);
  void set_status(nlohmann::json status);   // sent in answer to each actor's heartbeat
  void set_welcome(nlohmann::json fields);  // added to every welcome (the run's config)
  // Every actor is told to stop, also one whose hello comes later (a relaunch whose budget is
  // spent before every actor has started); no broadcast begins after it.
  void stop();
  bool all_stopped() const;  // every actor said bye (one that has not said hello yet will)

  const std::map<int, Actor>& actors() const { return actors_; }
  std::uint64_t newest_weights() const { return newest_version_; }
  // Whether a broadcast of weights is under way (rank 0 must see it through before it ends).
  bool broadcasting() const { return broadcasting_; }
  // Actors silent longer than the abort bound: the job must end (MPI_Abort), since with
  // Open MPI 4.1 only a restart brings a rank back.
  std::vector<int> overdue(double now) const;
  std::vector<std::string> take_events();  // lines for the log, each naming its rank

 private:
  void send(int rank, Frame frame);
  void handle(Actor& actor, int rank, Frame frame);
  void receive_games(Actor& actor, int rank, const Frame& frame);
  void offer_weights(int rank, Actor& actor);
  bool weights_by_broadcast() const;
  void broadcast_newest();

  Transport& transport_;
  ProtocolOptions options_;
  std::uint64_t run_seed_, launch_;
  GamesSink sink_;
  std::map<int, Actor> actors_;
  std::uint64_t newest_version_ = 0;
  nlohmann::json newest_meta_;
  std::string newest_bytes_;
  bool broadcasting_ = false, stopping_ = false;
  std::uint64_t broadcast_version_ = 0;  // the newest version broadcast
  nlohmann::json status_ = nlohmann::json::object();
  nlohmann::json welcome_ = nlohmann::json::object();
  std::vector<std::string> events_;
};

}  // namespace zertz::distributed
