// Work on several threads whose failures reach the caller: an exception in any of them (an
// evaluator out of memory, a bad record) would otherwise end the process in std::terminate.
#pragma once

#include <functional>

namespace zertz {

// Runs work(0), ..., work(n - 1) at once, work(0) on the calling thread, and joins them all.
// The first exception any of them throws is rethrown to the caller once all have returned;
// `on_failure`, when given, is called as it is caught (once), to tell the others to stop early.
void run_in_parallel(int n, const std::function<void(int)>& work,
                     const std::function<void()>& on_failure = nullptr);

}  // namespace zertz
