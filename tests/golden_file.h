// Golden files: lines a test produces compared with a file kept under tests/data/, so that a
// change of behaviour shows up as a readable diff. After an intended change, set the named
// environment variable to 1, run the test once to rewrite the file, and review the diff.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace zertz::testing {

inline void expect_golden_file(const std::vector<std::string>& lines, const std::string& path,
                               const char* regenerate_variable) {
  const char* regenerate = std::getenv(regenerate_variable);
  if (regenerate != nullptr && std::string(regenerate) == "1") {
    std::ofstream file(path, std::ios::trunc);
    for (const std::string& line : lines) file << line << "\n";
    ASSERT_TRUE(file.good()) << "cannot write " << path;
    GTEST_SKIP() << "rewrote " << path;
  }
  std::ifstream file(path);
  ASSERT_TRUE(file.good()) << "cannot read " << path << " (create it with " << regenerate_variable
                           << "=1)";
  std::vector<std::string> stored;
  for (std::string line; std::getline(file, line);) stored.push_back(line);
  for (std::size_t i = 0; i < std::min(stored.size(), lines.size()); ++i) {
    ASSERT_EQ(lines[i], stored[i]) << path << ":" << i + 1 << " differs: the behaviour changed, "
                                   << "or regenerate with " << regenerate_variable << "=1";
  }
  EXPECT_EQ(lines.size(), stored.size()) << path << ": another number of lines";
}

}  // namespace zertz::testing
