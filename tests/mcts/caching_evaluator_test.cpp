#include "mcts/caching_evaluator.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <thread>

#include "tests/mcts/fake_network.h"

namespace zertz::mcts {
namespace {

using testing::FakeNetwork;
using testing::Query;

TEST(CachingEvaluator, RepeatsAreAnsweredFromTheCacheDrawIncluded) {
  FakeNetwork network;
  CachingEvaluator cache(network, 1024);
  State s = testing::random_positions(Variant::basic(), 4, 1).back();
  Query first(s), second(s), third(s);
  EvalRequest r1 = first.request(false), r2 = second.request(true), r3 = third.request(true);
  cache.evaluate({&r1, 1});  // asked without a draw output: the cache stores the draw anyway
  cache.evaluate({&r2, 1});
  cache.evaluate({&r3, 1});
  EXPECT_EQ(network.requests.load(), 1u);
  EXPECT_EQ(second.priors, first.priors);
  EXPECT_EQ(second.value, first.value);
  EXPECT_EQ(second.draw, testing::fake_draw(s));
  EXPECT_EQ(cache.stats().requests, 3u);
  EXPECT_EQ(cache.stats().hits, 2u);
}

TEST(CachingEvaluator, AMixedBatchGetsEachPositionItsAnswer) {
  FakeNetwork network;
  CachingEvaluator cache(network, 4096);
  std::vector<State> positions = testing::random_positions(Variant::tournament(), 12, 2);
  std::vector<Query> warm(positions.begin(), positions.begin() + 6);
  std::vector<EvalRequest> batch;
  for (Query& q : warm) batch.push_back(q.request());
  cache.evaluate(batch);
  std::vector<Query> mixed;  // warm and cold positions interleaved
  for (std::size_t i = 0; i < 6; ++i) {
    mixed.emplace_back(positions[i + 6]);
    mixed.emplace_back(positions[i]);
  }
  batch.clear();
  for (Query& q : mixed) batch.push_back(q.request(true));
  cache.evaluate(batch);
  EXPECT_EQ(network.requests.load(), 12u);
  for (const Query& q : mixed) {
    EXPECT_EQ(q.value, testing::fake_value(q.state, 0));
    EXPECT_EQ(q.draw, testing::fake_draw(q.state));
    EXPECT_FLOAT_EQ(q.priors[0],
                    2.0f / static_cast<float>(q.priors.size() * (q.priors.size() + 1)));
  }
}

TEST(CachingEvaluator, ClearAsksTheNetworkAgain) {
  FakeNetwork network;
  CachingEvaluator cache(network, 64);
  State s = testing::random_positions(Variant::basic(), 1, 4).back();
  Query before(s), after(s);
  EvalRequest r1 = before.request(), r2 = after.request();
  cache.evaluate({&r1, 1});
  network.version = 1;
  cache.clear();
  cache.evaluate({&r2, 1});
  EXPECT_EQ(network.requests.load(), 2u);
  EXPECT_EQ(after.value, testing::fake_value(s, 1));
}

TEST(CachingEvaluator, WithoutEntriesEverythingGoesThrough) {
  FakeNetwork network;
  CachingEvaluator cache(network, 0);
  State s = testing::random_positions(Variant::basic(), 1, 6).back();
  Query q1(s), q2(s);
  EvalRequest r1 = q1.request(true), r2 = q2.request(true);
  cache.evaluate({&r1, 1});
  cache.evaluate({&r2, 1});
  EXPECT_EQ(network.requests.load(), 2u);
  EXPECT_EQ(q2.draw, testing::fake_draw(s));
  EXPECT_EQ(cache.stats().hits, 0u);
}

// Holds its first call until released, as a forward pass of the old weights that is still
// running when new weights arrive.
class SlowNetwork : public FakeNetwork {
 public:
  void evaluate(std::span<const EvalRequest> batch) override {
    const int v = version.load();  // the weights this pass started with
    std::unique_lock lock(mutex);
    if (!entered) {
      entered = true;
      changed.notify_all();
      changed.wait(lock, [&] { return released; });
    }
    lock.unlock();
    answer(batch, v);
  }
  std::mutex mutex;
  std::condition_variable changed;
  bool entered = false, released = false;
};

// The race of issue 12: new weights arrive (and the cache is cleared) while a forward pass of
// the old weights is still running; its answer must not enter the cleared cache.
TEST(CachingEvaluator, AnAnswerUnderWayDuringAClearIsNotStored) {
  SlowNetwork network;
  CachingEvaluator cache(network, 64);
  State s = testing::random_positions(Variant::basic(), 1, 8).back();
  Query old_answer(s);
  std::thread search([&] {
    EvalRequest r = old_answer.request();
    cache.evaluate({&r, 1});
  });
  {
    std::unique_lock lock(network.mutex);
    network.changed.wait(lock, [&] { return network.entered; });
  }
  network.version = 1;  // the new weights, then the clear
  cache.clear();
  {
    std::lock_guard lock(network.mutex);
    network.released = true;
  }
  network.changed.notify_all();
  search.join();
  EXPECT_EQ(old_answer.value, testing::fake_value(s, 0));
  Query fresh(s);
  EvalRequest r = fresh.request();
  cache.evaluate({&r, 1});
  EXPECT_EQ(fresh.value, testing::fake_value(s, 1));
  EXPECT_EQ(network.requests.load(), 2u);
}

}  // namespace
}  // namespace zertz::mcts
