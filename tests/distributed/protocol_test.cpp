#include <gtest/gtest.h>

#include <set>

#include "distributed/actor_protocol.h"
#include "distributed/learner_protocol.h"
#include "distributed/memory_transport.h"

namespace zertz::distributed {
namespace {

ProtocolOptions options() {
  ProtocolOptions o;
  o.max_unacked_messages = 2;
  o.heartbeat_seconds = 10;
  o.silence_warn_seconds = 30;
  o.silence_abort_seconds = 100;
  return o;
}

// A learner at rank 0 and `actors` actors; the sink stores games frames' bodies per rank, and
// refuses the bodies in `refuse`.
struct Job {
  explicit Job(int actors, ProtocolOptions o = options())
      : hub(actors + 1),
        learner_end(hub.endpoint(0)),
        learner(
            *learner_end, o, 7, 3,
            [this](int rank, const Frame& f) {
              if (refuse.count(f.body)) return std::string("the shard does not decode");
              stored[rank].push_back(f.body);
              return std::string();
            },
            0.0) {
    for (int r = 1; r <= actors; ++r) {
      actor_ends.push_back(hub.endpoint(r));
      actor.push_back(std::make_unique<ActorProtocol>(*actor_ends.back(), o, 0.0));
    }
  }
  void round(double now) {  // every actor, then the learner, then the actors again
    for (auto& a : actor) a->pump(now);
    learner.pump(now);
    for (auto& a : actor) a->pump(now);
  }
  ActorProtocol& at(int rank) { return *actor[static_cast<std::size_t>(rank - 1)]; }

  MemoryHub hub;
  std::unique_ptr<Transport> learner_end;
  std::map<int, std::vector<std::string>> stored;
  std::set<std::string> refuse;
  LearnerProtocol learner;
  std::vector<std::unique_ptr<Transport>> actor_ends;
  std::vector<std::unique_ptr<ActorProtocol>> actor;
};

nlohmann::json games_meta(int games, std::uint64_t version) {
  return {{"games", games}, {"positions", games * 40}, {"weights_versions", {version}}};
}

TEST(Protocol, HelloIsAnsweredWithTheLaunchAndTheActorsOwnSeed) {
  Job job(2);
  job.learner.publish_weights(1, "w1", {{"step", 100}});
  job.learner.set_welcome({{"config", "run:\n  seed: 7\n"}});
  job.at(1).say_hello({{"host", "a"}});
  job.at(2).say_hello({{"host", "b"}});
  job.round(0);
  for (int rank : {1, 2}) {
    ASSERT_TRUE(job.at(rank).welcome().has_value());
    EXPECT_EQ(job.at(rank).welcome()->launch, 3u);
    EXPECT_EQ(job.at(rank).welcome()->seed, actor_seed(7, rank, 3));
    EXPECT_EQ(job.at(rank).welcome()->meta["config"], "run:\n  seed: 7\n");
    auto weights = job.at(rank).take_weights();
    ASSERT_TRUE(weights.has_value());
    EXPECT_EQ(weights->version, 1u);
    EXPECT_EQ(weights->bytes, "w1");
    EXPECT_EQ(weights->meta["step"], 100);
  }
  EXPECT_NE(job.at(1).welcome()->seed, job.at(2).welcome()->seed);
  EXPECT_EQ(job.learner.actors().at(2).hello["host"], "b");
}

TEST(Protocol, AnActorNeverHasMoreFramesUnacknowledgedThanItsCredits) {
  Job job(1);
  job.at(1).say_hello({});
  for (int k = 0; k < 5; ++k) job.at(1).queue_games("shard " + std::to_string(k), games_meta(2, 0));
  job.at(1).pump(0);
  EXPECT_EQ(job.at(1).in_flight(), 2u);
  EXPECT_EQ(job.at(1).queued(), 3u);
  // hello, two games frames and a heartbeat wait at rank 0: no third games frame
  EXPECT_EQ(job.hub.pending(0), 4u);
  for (int round = 0; round < 3; ++round) job.round(1 + round);
  EXPECT_EQ(job.at(1).in_flight(), 0u);
  EXPECT_EQ(job.at(1).queued(), 0u);
  EXPECT_EQ(job.at(1).acknowledged(), 5u);
  ASSERT_EQ(job.stored[1].size(), 5u);
  for (int k = 0; k < 5; ++k) EXPECT_EQ(job.stored[1][k], "shard " + std::to_string(k));
  EXPECT_EQ(job.learner.actors().at(1).games, 10u);
  EXPECT_EQ(job.learner.actors().at(1).positions, 400u);
}

TEST(Protocol, ARefusedFrameIsAcknowledgedSoTheCreditComesBack) {
  Job job(1);
  job.refuse.insert("bad");
  job.at(1).say_hello({});
  job.at(1).queue_games("bad", games_meta(1, 0));
  job.at(1).queue_games("good", games_meta(1, 0));
  job.at(1).queue_games("good too", games_meta(1, 0));
  for (int round = 0; round < 3; ++round) job.round(round);
  EXPECT_EQ(job.at(1).refused(), 1u);
  EXPECT_EQ(job.at(1).acknowledged(), 2u);
  EXPECT_EQ(job.at(1).in_flight(), 0u);
  EXPECT_EQ(job.stored[1], (std::vector<std::string>{"good", "good too"}));
  auto actor_events = job.at(1).take_events();
  ASSERT_EQ(actor_events.size(), 1u);
  EXPECT_EQ(actor_events[0], "rank 0 refused games frame 1: the shard does not decode");
  auto learner_events = job.learner.take_events();
  ASSERT_EQ(learner_events.size(), 1u);
  EXPECT_EQ(learner_events[0], "rank 1: games frame 1 refused: the shard does not decode");
}

TEST(Protocol, AFrameDeliveredTwiceIsStoredOnce) {
  Job job(1);
  std::string frame = encode_frame(Frame{FrameKind::games, 1, 1, games_meta(1, 0), "once"});
  auto sender = job.hub.endpoint(1);
  sender->send(0, frame);
  sender->send(0, frame);
  job.learner.pump(0);
  EXPECT_EQ(job.stored[1], std::vector<std::string>{"once"});
  EXPECT_EQ(job.learner.actors().at(1).accepted, 1u);
  EXPECT_EQ(job.learner.actors().at(1).duplicates, 1u);
  EXPECT_EQ(job.hub.pending(1), 2u);  // both acknowledged
}

// Actors refill as they are acknowledged, so a pump that drained the mailbox could run for as
// long as they send; it stops after a round, so that the link publishes weights in between.
TEST(Protocol, APumpHandlesAtMostARoundOfMessages) {
  Job job(1);
  auto sender = job.hub.endpoint(1);
  for (std::uint64_t k = 1; k <= 15; ++k) {
    sender->send(0, encode_frame(Frame{FrameKind::games, 1, k, games_meta(1, 0), "g"}));
  }
  const int round = 1 * (options().max_unacked_messages + 4);
  EXPECT_EQ(job.learner.pump(0), round);
  EXPECT_EQ(job.stored[1].size(), static_cast<std::size_t>(round));
  EXPECT_EQ(job.hub.pending(0), static_cast<std::size_t>(15 - round));
  EXPECT_EQ(job.learner.pump(0), round);
  EXPECT_EQ(job.learner.pump(0), 15 - 2 * round);
  EXPECT_EQ(job.learner.pump(0), 0);
  EXPECT_EQ(job.stored[1].size(), 15u);
}

TEST(Protocol, WeightsGoOutNewestOnlyWithOneTransferInFlight) {
  Job job(1);
  job.at(1).say_hello({});
  job.learner.publish_weights(1, "w1", {});
  job.round(0);
  job.learner.publish_weights(2, "w2", {});  // v1 is not taken yet: v2 and v3 wait
  job.learner.publish_weights(3, "w3", {});
  job.round(1);
  EXPECT_EQ(job.learner.actors().at(1).weights_in_flight, 1u);
  auto first = job.at(1).take_weights();
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->bytes, "w1");
  EXPECT_FALSE(job.at(1).take_weights().has_value());
  job.round(2);  // the learner hears v1 is in use and sends the newest, skipping v2
  auto second = job.at(1).take_weights();
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->version, 3u);
  EXPECT_EQ(second->bytes, "w3");
  job.round(3);
  EXPECT_EQ(job.learner.actors().at(1).weights_version, 3u);
  EXPECT_EQ(job.learner.actors().at(1).weights_in_flight, 0u);
  job.learner.publish_weights(2, "old", {});  // not newer: ignored
  job.round(4);
  EXPECT_FALSE(job.at(1).take_weights().has_value());
}

// Large weights go to every actor by one broadcast, newest only, one broadcast at a time; an
// actor that has been told of one must receive it before it says bye.
TEST(Protocol, LargeWeightsGoByBroadcastNewestOnly) {
  ProtocolOptions o = options();
  o.broadcast_weights_bytes = 4;
  Job job(2, o);
  for (int rank : {1, 2}) job.at(rank).say_hello({});
  job.round(0);
  job.learner.publish_weights(1, "weights one", {{"step", 50}});
  job.learner.publish_weights(2, "weights two", {});  // waits: one broadcast at a time
  EXPECT_EQ(job.hub.broadcasts(), 1u);
  EXPECT_TRUE(job.learner.broadcasting());
  EXPECT_EQ(job.hub.pending(1), 1u);  // the announcement, and no weights frame
  job.learner.publish_weights(3, "weights three", {{"step", 150}});
  job.at(1).pump(1);
  EXPECT_FALSE(job.at(1).broadcast_pending());
  ASSERT_TRUE(job.at(1).has_weights());
  job.learner.pump(1);
  EXPECT_TRUE(job.learner.broadcasting());  // rank 2 has not taken its part yet
  job.at(2).pump(1);
  job.learner.pump(2);  // the first broadcast is over: the newest version goes next
  EXPECT_EQ(job.hub.broadcasts(), 2u);
  for (int rank : {1, 2}) {
    job.at(rank).pump(3);
    std::optional<Weights> w = job.at(rank).take_weights();
    ASSERT_TRUE(w.has_value());
    EXPECT_EQ(w->version, 3u);
    EXPECT_EQ(w->bytes, "weights three");
    EXPECT_EQ(w->meta["step"], 150);
  }
  job.learner.pump(4);
  EXPECT_FALSE(job.learner.broadcasting());
  EXPECT_EQ(job.learner.actors().at(2).weights_version, 3u);
}

TEST(Protocol, AnActorKeepsOnlyTheNewestOfWeightsThatArriveTogether) {
  MemoryHub hub(2);
  auto learner_end = hub.endpoint(0);
  auto actor_end = hub.endpoint(1);
  ActorProtocol actor(*actor_end, options(), 0);
  for (std::uint64_t v : {4, 6, 5}) {
    std::string bytes = "w";
    bytes += std::to_string(v);  // (gcc 12 warns falsely about "w" + std::to_string(v))
    learner_end->send(1, encode_frame(Frame{FrameKind::weights, 0, v, {}, bytes}));
  }
  actor.pump(0);
  auto taken = actor.take_weights();
  ASSERT_TRUE(taken.has_value());
  EXPECT_EQ(taken->bytes, "w6");
  learner_end->send(1, encode_frame(Frame{FrameKind::weights, 0, 5, {}, "w5"}));
  actor.pump(1);
  EXPECT_FALSE(actor.take_weights().has_value());  // older than the one in use
  EXPECT_EQ(actor.weights_version(), 6u);
}

TEST(Protocol, HeartbeatsKeepBothSidesInformedAndSilenceIsReported) {
  Job job(2);
  job.at(1).say_hello({});
  job.at(2).say_hello({});
  job.at(1).set_status({{"evals_per_second", 900}});
  job.learner.set_status({{"step", 12}});
  for (double t = 0; t <= 40; t += 5) {
    job.at(1).pump(t);  // rank 2 goes quiet after its hello
    job.learner.pump(t);
    job.at(1).pump(t);
  }
  EXPECT_EQ(job.learner.actors().at(1).status["evals_per_second"], 900);
  EXPECT_LE(job.at(1).silent_for(40), 5.0);
  auto events = job.learner.take_events();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0], "rank 2 has been silent for 35 s");
  EXPECT_TRUE(job.learner.overdue(90).empty());
  EXPECT_EQ(job.learner.overdue(101), std::vector<int>{2});
  EXPECT_FALSE(job.at(2).silent_too_long(100));
  EXPECT_TRUE(job.at(2).silent_too_long(101));  // it heard nothing since its start either
}

TEST(Protocol, StopReachesEveryActorAndTheirByesEndTheJob) {
  Job job(2);
  job.at(1).say_hello({});
  job.at(2).say_hello({});
  job.round(0);
  EXPECT_FALSE(job.learner.all_stopped());
  job.learner.stop();
  job.round(1);
  for (int rank : {1, 2}) {
    EXPECT_TRUE(job.at(rank).stop_requested());
    job.at(rank).say_bye();
  }
  job.learner.pump(2);
  EXPECT_TRUE(job.learner.all_stopped());
  EXPECT_TRUE(job.learner.overdue(1000).empty());  // stopped actors are not waited for
  // Each bye is answered, and after its own an actor sends nothing, heartbeats included.
  for (int rank : {1, 2}) {
    EXPECT_FALSE(job.at(rank).closed());
    job.at(rank).pump(1000);
    EXPECT_TRUE(job.at(rank).closed());
  }
  EXPECT_EQ(job.learner.pump(1001), 0);
}

// A relaunch can spend its budget before every actor has started: an actor that says hello
// after the stop is welcomed and stopped too, and the job waits for its bye.
TEST(Protocol, AnActorWhoseHelloComesAfterTheStopIsStoppedToo) {
  Job job(2);
  job.at(1).say_hello({});
  job.round(0);
  job.learner.stop();
  job.round(1);
  EXPECT_TRUE(job.at(1).stop_requested());
  job.at(1).say_bye();
  job.round(2);
  EXPECT_FALSE(job.learner.all_stopped());  // rank 2 has not started yet
  job.at(2).say_hello({});
  job.round(3);
  ASSERT_TRUE(job.at(2).welcome().has_value());
  EXPECT_TRUE(job.at(2).stop_requested());
  job.at(2).say_bye();
  job.learner.pump(4);
  EXPECT_TRUE(job.learner.all_stopped());
}

TEST(Protocol, ADamagedFrameIsDroppedWithAnEventAndNothingStored) {
  Job job(1);
  std::string frame = encode_frame(Frame{FrameKind::games, 1, 1, games_meta(1, 0), "shard"});
  frame.back() = static_cast<char>(frame.back() ^ 1);
  job.hub.endpoint(1)->send(0, frame);
  job.learner.pump(0);
  EXPECT_TRUE(job.stored[1].empty());
  auto events = job.learner.take_events();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].rfind("message from rank 1: games frame 1: checksum", 0), 0u) << events[0];
}

TEST(Protocol, StalenessIsMeasuredInPublishedVersions) {
  Job job(1);
  job.at(1).say_hello({});
  job.learner.publish_weights(5, "w5", {});
  job.round(0);
  job.at(1).queue_games("old games", games_meta(2, 2));
  job.round(1);
  EXPECT_EQ(job.learner.actors().at(1).versions_behind, 3u);
}

TEST(Protocol, ActorSeedsDifferByRankAndLaunchAndRepeat) {
  std::set<std::uint64_t> seeds;
  for (int rank = 1; rank <= 64; ++rank) {
    for (std::uint64_t launch = 0; launch < 4; ++launch) seeds.insert(actor_seed(42, rank, launch));
  }
  EXPECT_EQ(seeds.size(), 256u);
  EXPECT_EQ(actor_seed(42, 3, 1), actor_seed(42, 3, 1));
  EXPECT_NE(actor_seed(42, 3, 1), actor_seed(43, 3, 1));
}

}  // namespace
}  // namespace zertz::distributed
