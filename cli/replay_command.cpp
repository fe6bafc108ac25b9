// `zertz replay FILE|DIR...`: replays records (boardspace .sgf or our own format), checks
// every step and the recorded result, prints one line per game and a summary.
#include <filesystem>
#include <iostream>
#include <map>

#include "cli/commands.h"
#include "core/error.h"
#include "core/record_file.h"
#include "core/replay.h"

namespace zertz::cli {

struct ReplayOptions {
  std::vector<std::string> paths;
  bool quiet = false;  // summary only
};

namespace fs = std::filesystem;

namespace {

// A refusal reason without its details (cells, counts), to group the summary.
std::string reason_kind(const std::string& reason) {
  std::size_t colon = reason.find(':');
  std::string head = reason.substr(0, colon);
  return head.size() > 60 ? head.substr(0, 60) + "..." : head;
}

ReplayReport replay_file(const fs::path& path) {
  RecordFile loaded = load_record_file(path.string());
  if (loaded.ok) return replay_record(loaded.record);
  ReplayReport report;
  report.reason = loaded.reason;
  report.step = loaded.step;
  return report;
}

}  // namespace

int run_replay(const ReplayOptions& options) {
  std::vector<fs::path> files = record_files(options.paths);
  int ok = 0;
  std::map<std::string, int> results, refusals;
  for (const fs::path& file : files) {
    ReplayReport report = replay_file(file);
    if (report.ok) {
      ++ok;
      ++results[report.result];
      if (!options.quiet) {
        std::cout << file.string() << ": ok " << report.result << " (" << report.turns
                  << " turns)\n";
      }
    } else {
      ++refusals[reason_kind(report.reason)];
      if (!options.quiet) {
        std::cout << file.string() << ": refused: " << report.reason;
        // SGF refusals quote their step already; record refusals get it here.
        if (report.step > 0 && report.reason.find("step ") == std::string::npos) {
          std::cout << " at step " << report.step;
        }
        std::cout << "\n";
      }
    }
  }
  int refused = static_cast<int>(files.size()) - ok;
  std::cout << files.size() << " games: " << ok << " ok, " << refused << " refused\n";
  for (const auto& [result, n] : results) std::cout << "  ok " << result << ": " << n << "\n";
  for (const auto& [reason, n] : refusals)
    std::cout << "  refused, " << reason << ": " << n << "\n";
  return refused == 0 ? 0 : kExitBadInput;
}

void add_replay_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<ReplayOptions>();
  auto* cmd =
      parent.add_subcommand("replay", "Replay game records (.sgf from boardspace, or ours)");
  cmd->add_option("paths", options->paths, "Files or folders")->required();
  cmd->add_flag("--quiet", options->quiet, "Print the summary only");
  commands.push_back({cmd, [options] { return run_replay(*options); }});
}

}  // namespace zertz::cli
