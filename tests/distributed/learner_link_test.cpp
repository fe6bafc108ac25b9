#include "distributed/learner_link.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "distributed/actor_protocol.h"
#include "distributed/memory_transport.h"

namespace zertz::distributed {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

ProtocolOptions fast_options() {
  ProtocolOptions o;
  o.max_unacked_messages = 2;
  o.heartbeat_seconds = 0.01;
  o.silence_warn_seconds = 0.5;
  o.silence_abort_seconds = 30;
  return o;
}

// Two actors on their own threads play "games" (numbered shards), take weights as they come,
// and stop when told; the trainer's thread publishes weights. Every shard arrives once, in
// order per actor, and the actors end on the newest weights (sent to each actor, or broadcast).
void deliver_shards_and_publish_weights(const ProtocolOptions& options) {
  MemoryHub hub(3);
  std::mutex stored_mutex;
  std::map<int, std::vector<std::string>> stored;
  LearnerLink link([&] { return hub.endpoint(0); }, options, 5, 0, {{"config", "c"}},
                   [&](int rank, const Frame& f) {
                     std::lock_guard lock(stored_mutex);
                     stored[rank].push_back(f.body);
                     return std::string();
                   },
                   [](const std::string& why) { ADD_FAILURE() << why; });
  EXPECT_EQ(link.wait_started(), 3);
  link.publish_weights(1, "w1", {});
  constexpr int kShards = 40;
  std::vector<std::uint64_t> final_version(3, 0);
  std::vector<std::thread> actors;
  for (int rank : {1, 2}) {
    actors.emplace_back([&, rank] {
      auto end = hub.endpoint(rank);
      ActorProtocol actor(*end, options, 0);
      actor.say_hello({});
      auto start = Clock::now();
      int next = 0;
      while (!actor.stop_requested() && seconds_since(start) < 20) {
        if (next < kShards) actor.queue_games(std::to_string(next++), {{"games", 1}});
        actor.pump(seconds_since(start));
        actor.take_weights();
        std::this_thread::sleep_for(std::chrono::microseconds(200));
      }
      while ((actor.in_flight() + actor.queued() > 0 || actor.broadcast_pending()) &&
             seconds_since(start) < 20) {
        actor.pump(seconds_since(start));  // let the last frames be acknowledged
      }
      final_version[static_cast<std::size_t>(rank)] = actor.weights_version();
      actor.say_bye();
    });
  }
  for (std::uint64_t v = 2; v <= 30; ++v) {
    std::string bytes = "w";
    bytes += std::to_string(v);  // (gcc 12 warns falsely about "w" + std::to_string(v))
    link.publish_weights(v, bytes, {});
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  auto start = Clock::now();
  for (;;) {  // until every shard is in, or 20 s
    auto actors_now = link.actors();
    std::uint64_t accepted = 0;
    for (const auto& [rank, a] : actors_now) accepted += a.accepted;
    bool current = actors_now.size() == 2 && actors_now.at(1).weights_version == 30 &&
                   actors_now.at(2).weights_version == 30;
    if ((accepted == 2 * kShards && current) || seconds_since(start) > 20) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_TRUE(link.stop(10));
  for (auto& t : actors) t.join();
  link.rethrow_failure();
  for (int rank : {1, 2}) {
    ASSERT_EQ(stored[rank].size(), static_cast<std::size_t>(kShards)) << "rank " << rank;
    for (int k = 0; k < kShards; ++k) EXPECT_EQ(stored[rank][k], std::to_string(k));
    EXPECT_EQ(final_version[static_cast<std::size_t>(rank)], 30u);
  }
}

TEST(LearnerLink, ActorsOnThreadsDeliverEveryShardOnceAndTakeTheNewestWeights) {
  deliver_shards_and_publish_weights(fast_options());
}

TEST(LearnerLink, ActorsOnThreadsTakeTheNewestWeightsByBroadcast) {
  ProtocolOptions o = fast_options();
  o.broadcast_weights_bytes = 0;
  deliver_shards_and_publish_weights(o);
}

TEST(LearnerLink, ASilentActorEndsTheJobThroughTheFatalCallback) {
  MemoryHub hub(2);
  ProtocolOptions o = fast_options();
  o.silence_abort_seconds = 0.2;
  std::mutex mutex;
  std::string fatal_line;
  LearnerLink link([&] { return hub.endpoint(0); }, o, 5, 0, {},
                   [](int, const Frame&) { return std::string(); },
                   [&](const std::string& why) {
                     std::lock_guard lock(mutex);
                     fatal_line = why;
                   });
  link.wait_started();
  auto start = Clock::now();
  while (seconds_since(start) < 5) {
    {
      std::lock_guard lock(mutex);
      if (!fatal_line.empty()) break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  link.stop(0);
  std::lock_guard lock(mutex);
  EXPECT_EQ(fatal_line.rfind("rank 1 has been silent for more than 0.2 s", 0), 0u) << fatal_line;
}

TEST(LearnerLink, ATransportThatFailsToStartIsRethrown) {
  LearnerLink link([]() -> std::unique_ptr<Transport> { throw std::runtime_error("no MPI"); },
                   fast_options(), 5, 0, {{"config", "c"}},
                   [](int, const Frame&) { return std::string(); }, [](const std::string&) {});
  EXPECT_THROW(link.wait_started(), std::runtime_error);
}

TEST(LearnerLink, TheSinksFailureReachesTheTrainer) {
  MemoryHub hub(2);
  LearnerLink link([&] { return hub.endpoint(0); }, fast_options(), 5, 0, {{"config", "c"}},
                   [](int, const Frame&) -> std::string { throw std::runtime_error("disk full"); },
                   [](const std::string&) {});
  link.wait_started();
  auto actor_end = hub.endpoint(1);
  actor_end->send(0, encode_frame(Frame{FrameKind::games, 1, 1, {{"games", 1}}, "x"}));
  auto start = Clock::now();
  bool thrown = false;
  while (!thrown && seconds_since(start) < 5) {
    try {
      link.rethrow_failure();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "disk full");
      thrown = true;
    }
  }
  EXPECT_TRUE(thrown);
  link.stop(0);
}

}  // namespace
}  // namespace zertz::distributed
