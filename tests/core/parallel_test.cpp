#include "core/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>

namespace zertz {
namespace {

TEST(Parallel, RunsEveryIndexOnceTheFirstOnTheCallingThread) {
  std::atomic<int> sum{0};
  std::atomic<bool> first_here{false};
  const std::thread::id caller = std::this_thread::get_id();
  run_in_parallel(5, [&](int i) {
    sum += 1 << i;
    if (i == 0) first_here = std::this_thread::get_id() == caller;
  });
  EXPECT_EQ(sum.load(), 31);
  EXPECT_TRUE(first_here.load());
}

TEST(Parallel, AWorkersExceptionStopsTheOthersAndReachesTheCaller) {
  std::atomic<bool> stop{false};
  std::atomic<int> returned{0};
  std::atomic<int> stops{0};
  auto work = [&](int i) {
    if (i == 2) throw std::runtime_error("worker 2 failed");
    while (!stop) std::this_thread::yield();  // only the failure's stop ends these
    ++returned;
  };
  try {
    run_in_parallel(4, work, [&] {
      ++stops;
      stop = true;
    });
    ADD_FAILURE() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "worker 2 failed");
  }
  EXPECT_EQ(returned.load(), 3);  // all joined before the rethrow
  EXPECT_EQ(stops.load(), 1);
}

TEST(Parallel, OnlyTheFirstOfSeveralFailuresIsRethrown) {
  std::atomic<int> stops{0};
  EXPECT_THROW(run_in_parallel(
                   3, [](int) { throw std::logic_error("every worker fails"); }, [&] { ++stops; }),
               std::logic_error);
  EXPECT_EQ(stops.load(), 1);
}

}  // namespace
}  // namespace zertz
