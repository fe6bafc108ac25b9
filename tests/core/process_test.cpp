#include "core/process.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace zertz {
namespace {

TEST(RunProcess, ReturnsTheExitStatus) {
  EXPECT_EQ(run_process({"true"}), 0);
  EXPECT_EQ(run_process({"/bin/sh", "-c", "exit 3"}), 3);
}

TEST(RunProcess, PassesArgumentsAsTheyAreWithoutAShell) {
  // A quote, a space and a semicolon reach the program untouched and run nothing.
  const std::string tricky = "a 'b\"; exit 7";
  EXPECT_EQ(run_process({"/bin/sh", "-c", "test \"$1\" = \"$2\"", "sh", tricky, tricky}), 0);
  EXPECT_EQ(run_process({"/bin/sh", "-c", "test \"$1\" = \"a\"", "sh", tricky}), 1);
}

TEST(RunProcess, ReportsWhatCannotRun) {
  EXPECT_EQ(run_process({"/nonexistent/program"}), -1);
  EXPECT_EQ(run_process({"/bin/sh", "-c", "kill -9 $$"}), -1) << "ended by a signal";
  EXPECT_THROW(run_process({}), std::invalid_argument);
}

}  // namespace
}  // namespace zertz
