#include "core/parallel.h"

#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace zertz {

void run_in_parallel(int n, const std::function<void(int)>& work,
                     const std::function<void()>& on_failure) {
  std::mutex mutex;
  std::exception_ptr failure;
  auto fail = [&] {  // called inside a handler: the exception being handled is the failure
    std::lock_guard lock(mutex);
    if (failure) return;
    failure = std::current_exception();
    if (on_failure) on_failure();
  };
  auto guarded = [&](int i) {
    try {
      work(i);
    } catch (...) {
      fail();
    }
  };
  std::vector<std::thread> threads;
  try {
    for (int i = 1; i < n; ++i) threads.emplace_back(guarded, i);
  } catch (...) {  // a thread that cannot start fails the call as a failing worker would
    fail();
  }
  guarded(0);
  for (std::thread& thread : threads) thread.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace zertz
