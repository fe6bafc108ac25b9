#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <thread>

#include "training/selfplay.h"

namespace zertz::training {
namespace {

// Answers uniformly until told to fail, as a network that runs out of memory.
class FailingEvaluator : public mcts::UniformEvaluator {
 public:
  void evaluate(std::span<const mcts::EvalRequest> batch) override {
    if (fail) throw std::runtime_error("CUDA out of memory");
    UniformEvaluator::evaluate(batch);
  }
  std::atomic<bool> fail{false};
};

TEST(SelfPlayRunner, AWorkersFailureStopsSelfPlayAndReachesTheLoop) {
  FailingEvaluator evaluator;
  SelfPlaySettings settings;
  settings.threads = 2;
  settings.search.full_visits = 8;
  settings.search.cheap_visits = 0;
  settings.games.games_in_flight = 2;
  std::atomic<int> games{0};
  SelfPlayRunner runner(Variant::basic(), settings, evaluator, [&](TrainingGame&&) { ++games; });
  runner.start();
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (games < 2 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_GE(games.load(), 2) << "self-play played no games";
  EXPECT_NO_THROW(runner.rethrow_failure());
  evaluator.fail = true;
  bool reported = false;
  while (!reported && std::chrono::steady_clock::now() < deadline) {
    try {
      runner.rethrow_failure();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "CUDA out of memory");
      reported = true;
    }
  }
  EXPECT_TRUE(reported);
  const int after = games.load();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(games.load(), after);  // every worker stopped
  runner.stop();
}

}  // namespace
}  // namespace zertz::training
