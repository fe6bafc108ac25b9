// The `zertz` subcommands, each a thin wrapper over the library layers. main.cpp parses the
// command line (CLI11) and calls these; each returns the process exit code.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace zertz::cli {

struct PerftOptions {
  std::string variant = "tournament";
  int depth = 1;
  std::string position;  // a position string; empty for the start
  std::string mode = "turns";
  bool divide = false;
};
int run_perft(const PerftOptions& options);

struct BenchCoreOptions {
  double seconds = 1.0;  // per variant and measure
  std::uint64_t seed = 1;
};
int run_bench_core(const BenchCoreOptions& options);

struct ReplayOptions {
  std::vector<std::string> paths;
  bool quiet = false;  // summary only
};
int run_replay(const ReplayOptions& options);

struct DemoOptions {
  std::string variant = "basic";
  std::uint64_t seed = 1;
  std::string out;  // write the game record here too
};
int run_demo(const DemoOptions& options);

}  // namespace zertz::cli
