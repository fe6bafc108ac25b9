#include "evaluation/background_worker.h"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <stdexcept>
#include <vector>

namespace zertz::evaluation {
namespace {

TEST(BackgroundWorker, RunsJobsInOrderAndWaitsForThem) {
  std::vector<int> ran;  // written by the worker only, read after wait_idle
  BackgroundWorker worker(0, nullptr);
  for (int i = 0; i < 5; ++i)
    worker.post("job" + std::to_string(i), [&ran, i] { ran.push_back(i); });
  worker.wait_idle();
  EXPECT_EQ(ran, (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_FALSE(worker.pending("job4"));
}

TEST(BackgroundWorker, AWaitingJobIsReplacedByTheNewestOfItsName) {
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::vector<std::string> ran;
  BackgroundWorker worker(0, nullptr);
  std::promise<void> started;
  worker.post("ladder", [&] {
    started.set_value();
    released.wait();
    ran.push_back("ladder 1");
  });
  started.get_future().wait();  // the first ladder runs; the next two wait behind it
  worker.post("ladder", [&] { ran.push_back("ladder 2"); });
  worker.post("evaluation", [&] { ran.push_back("evaluation"); });
  worker.post("ladder", [&] { ran.push_back("ladder 3"); });
  EXPECT_TRUE(worker.pending("ladder"));
  EXPECT_TRUE(worker.pending("evaluation"));
  release.set_value();
  worker.wait_idle();
  EXPECT_EQ(ran, (std::vector<std::string>{"ladder 1", "ladder 3", "evaluation"}));
}

TEST(BackgroundWorker, AFailingJobIsReportedAndTheWorkerGoesOn) {
  std::vector<std::string> errors;
  std::atomic<int> after{0};
  BackgroundWorker worker(5, [&](const std::string& name, const std::string& what) {
    errors.push_back(name + ": " + what);
  });
  worker.post("ladder", [] { throw std::runtime_error("checkpoint unreadable"); });
  worker.post("evaluation", [&] { ++after; });
  worker.wait_idle();
  EXPECT_EQ(errors, (std::vector<std::string>{"ladder: checkpoint unreadable"}));
  EXPECT_EQ(after.load(), 1);
}

TEST(BackgroundWorker, DestructionFinishesTheRunningJob) {
  std::atomic<int> ran{0};
  {
    std::promise<void> started;
    BackgroundWorker worker(0, nullptr);
    worker.post("slow", [&] {
      started.set_value();
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      ++ran;
    });
    started.get_future().wait();
  }
  EXPECT_EQ(ran.load(), 1);
}

}  // namespace
}  // namespace zertz::evaluation
