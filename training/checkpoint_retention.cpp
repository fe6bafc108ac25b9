#include "training/checkpoint_retention.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <regex>
#include <string>
#include <system_error>

namespace zertz::training {

namespace fs = std::filesystem;

std::vector<fs::path> checkpoints_to_delete(std::vector<CheckpointFile> checkpoints,
                                            const RetentionPolicy& policy,
                                            const std::set<std::int64_t>& kept_steps) {
  std::vector<fs::path> doomed;
  if (policy.keep_newest <= 0) return doomed;
  std::sort(checkpoints.begin(), checkpoints.end(),
            [](const CheckpointFile& a, const CheckpointFile& b) { return a.step < b.step; });
  const std::size_t newest_from =
      checkpoints.size() > static_cast<std::size_t>(policy.keep_newest)
          ? checkpoints.size() - static_cast<std::size_t>(policy.keep_newest)
          : 0;
  std::set<long long> intervals_seen;
  for (std::size_t i = 0; i < checkpoints.size(); ++i) {
    const CheckpointFile& c = checkpoints[i];
    bool first_of_interval = false;
    if (policy.keep_every_minutes > 0) {
      auto interval =
          static_cast<long long>(std::floor(c.written_minutes / policy.keep_every_minutes));
      first_of_interval = intervals_seen.insert(interval).second;
    }
    if (i >= newest_from || first_of_interval || kept_steps.count(c.step)) continue;
    doomed.push_back(c.path);
  }
  return doomed;
}

std::set<std::int64_t> rated_checkpoint_steps(const fs::path& arena_dir) {
  static const std::regex label("\"step-([0-9]+)@");
  std::set<std::int64_t> steps;
  std::ifstream in(arena_dir / "arena.jsonl");
  for (std::string line; std::getline(in, line);) {
    for (std::sregex_iterator it(line.begin(), line.end(), label), end; it != end; ++it) {
      steps.insert(std::stoll((*it)[1].str()));
    }
  }
  return steps;
}

int prune_checkpoints(const RunDir& run, const RetentionPolicy& policy,
                      const std::set<std::int64_t>& kept_steps) {
  if (policy.keep_newest <= 0) return 0;
  std::vector<CheckpointFile> files;
  std::error_code error;
  for (const fs::path& path : run.checkpoints()) {  // step-NNNNNNN.pt
    auto written = fs::last_write_time(path, error);
    if (error) continue;  // gone meanwhile
    double minutes =
        std::chrono::duration<double, std::ratio<60>>(written.time_since_epoch()).count();
    files.push_back({path, std::stoll(path.stem().string().substr(5)), minutes});
  }
  std::set<std::int64_t> kept = rated_checkpoint_steps(run.arena_dir());
  kept.insert(kept_steps.begin(), kept_steps.end());
  int deleted = 0;
  for (const fs::path& path : checkpoints_to_delete(files, policy, kept)) {
    if (fs::remove(path, error)) ++deleted;
  }
  return deleted;
}

}  // namespace zertz::training
