// The batcher is the most concurrent code of the project: these tests run under ThreadSanitizer
// (scripts/test.sh) with the fake network of tests/mcts/fake_network.h.
#include "mcts/batching_evaluator.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <thread>

#include "tests/mcts/fake_network.h"

namespace zertz::mcts {
namespace {

using testing::FakeNetwork;
using testing::Query;

// Records the threads it is called from and the largest batch.
class WatchedNetwork : public FakeNetwork {
 public:
  void evaluate(std::span<const EvalRequest> batch) override {
    {
      std::lock_guard lock(mutex);
      threads.insert(std::this_thread::get_id());
      largest = std::max(largest, batch.size());
    }
    FakeNetwork::evaluate(batch);
  }
  std::mutex mutex;
  std::set<std::thread::id> threads;
  std::size_t largest = 0;
};

TEST(BatchingEvaluator, ManyCallersShareBatchesAndEachGetsItsOwnAnswers) {
  WatchedNetwork network;
  std::vector<State> positions = testing::random_positions(Variant::tournament(), 96, 3);
  constexpr int kThreads = 8;
  std::vector<std::vector<Query>> answers(kThreads);
  {
    BatchingEvaluator batcher(network, {16, 20000});
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        for (std::size_t i = t; i < positions.size(); i += kThreads) {
          answers[t].emplace_back(positions[i]);
        }
        // Batches of one, two and three requests from each caller.
        for (std::size_t i = 0; i < answers[t].size();) {
          std::vector<EvalRequest> batch;
          for (std::size_t k = 0; k < 1 + i % 3 && i < answers[t].size(); ++k, ++i) {
            batch.push_back(answers[t][i].request(i % 2 == 0));
          }
          batcher.evaluate(batch);
        }
      });
    }
    for (std::thread& th : threads) th.join();
    BatchingStats stats = batcher.stats();
    EXPECT_EQ(stats.evaluated, positions.size());
    EXPECT_EQ(stats.batches, network.calls.load());
    EXPECT_GT(static_cast<double>(stats.evaluated) / static_cast<double>(stats.batches), 1.5);
  }
  EXPECT_EQ(network.threads.size(), 1u);  // the network only ever runs on the worker
  EXPECT_LE(network.largest, 16u);
  for (int t = 0; t < kThreads; ++t) {
    for (const Query& q : answers[t]) {
      EXPECT_EQ(q.value, testing::fake_value(q.state, 0));
      EXPECT_FLOAT_EQ(q.priors.back(), 2.0f / static_cast<float>(q.priors.size() + 1));
    }
  }
}

// Fails every batch while `fail` is set.
class FailingNetwork : public FakeNetwork {
 public:
  void evaluate(std::span<const EvalRequest> batch) override {
    if (fail) throw std::runtime_error("out of memory");
    FakeNetwork::evaluate(batch);
  }
  std::atomic<bool> fail{true};
};

TEST(BatchingEvaluator, AFailureReachesEveryCallerOfItsBatchAndTheWorkerGoesOn) {
  FailingNetwork network;
  std::vector<State> positions = testing::random_positions(Variant::basic(), 2, 5);
  BatchingEvaluator batcher(network, {2, 5'000'000});  // the two callers share one batch
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      Query q(positions[t]);
      EvalRequest r = q.request();
      try {
        batcher.evaluate({&r, 1});
      } catch (const std::runtime_error& e) {
        if (std::string(e.what()) == "out of memory") ++failures;
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(failures.load(), 2);
  network.fail = false;
  Query q(positions[0]), other(positions[1]);
  std::vector<EvalRequest> both = {q.request(), other.request()};
  batcher.evaluate(both);
  EXPECT_EQ(q.value, testing::fake_value(q.state, 0));
  EXPECT_EQ(other.value, testing::fake_value(other.state, 0));
}

TEST(BatchingEvaluator, ALargeCallIsSplitIntoFullBatches) {
  WatchedNetwork network;
  std::vector<State> positions = testing::random_positions(Variant::basic(), 10, 7);
  std::vector<Query> queries(positions.begin(), positions.end());
  std::vector<EvalRequest> batch;
  for (Query& q : queries) batch.push_back(q.request());
  BatchingEvaluator batcher(network, {4, 1000});
  batcher.evaluate(batch);
  EXPECT_EQ(batcher.stats().batches, 3u);  // 4 + 4 + 2
  EXPECT_EQ(network.largest, 4u);
  for (const Query& q : queries) EXPECT_EQ(q.value, testing::fake_value(q.state, 0));
}

}  // namespace
}  // namespace zertz::mcts
