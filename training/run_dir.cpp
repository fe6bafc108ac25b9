#include "training/run_dir.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/atomic_file.h"

namespace zertz::training {

namespace fs = std::filesystem;

namespace {

std::string numbered(const char* prefix, std::int64_t n, int digits, const char* suffix) {
  return fmt::format("{}{:0{}d}{}", prefix, n, digits, suffix);
}

std::vector<fs::path> files_in(const fs::path& dir, const std::string& prefix,
                               const std::string& extension) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name.rfind(prefix, 0) == 0 &&
        entry.path().extension() == extension) {
      out.push_back(entry.path());
    }
  }
  std::sort(out.begin(), out.end());  // zero-padded numbers sort in order
  return out;
}

}  // namespace

RunDir::RunDir(fs::path root) : root_(std::move(root)) {
  for (const char* sub : {"checkpoints", "games", "arena"}) fs::create_directories(root_ / sub);
}

int RunDir::remove_stale_temporaries() const {
  int removed = 0;
  std::error_code ec;
  for (const fs::path& dir : {root_, root_ / "checkpoints", root_ / "export", root_ / "arena"}) {
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      if (entry.is_regular_file() &&
          entry.path().filename().string().find(".tmp.") != std::string::npos) {
        removed += fs::remove(entry.path(), ec) ? 1 : 0;
      }
    }
  }
  return removed;
}

fs::path RunDir::checkpoint_path(std::int64_t step) const {
  return root_ / "checkpoints" / numbered("step-", step, 7, ".pt");
}

std::optional<fs::path> RunDir::latest_checkpoint() const {
  fs::path pointer = root_ / "checkpoints" / "latest";
  if (!fs::exists(pointer)) return std::nullopt;
  std::string name = read_file(pointer.string());
  name.erase(name.find_last_not_of(" \n\r\t") + 1);
  fs::path path = root_ / "checkpoints" / name;
  if (name.empty() || !fs::exists(path)) return std::nullopt;
  return path;
}

void RunDir::set_latest_checkpoint(const fs::path& checkpoint) const {
  write_file_atomically((root_ / "checkpoints" / "latest").string(),
                        checkpoint.filename().string() + "\n");
}

std::vector<fs::path> RunDir::checkpoints() const {
  return files_in(root_ / "checkpoints", "step-", ".pt");
}

std::vector<fs::path> shard_files(const fs::path& games_dir) {
  return files_in(games_dir, "shard-", ".zzg");
}

std::vector<fs::path> RunDir::shards() const {
  return shard_files(games_dir());
}

fs::path RunDir::shard_path(std::int64_t index) const {
  return games_dir() / numbered("shard-", index, 6, ".zzg");
}

void RunDir::append_metric(const nlohmann::json& event) {
  std::lock_guard lock(metrics_mutex_);
  append_to_file((root_ / "metrics.jsonl").string(), event.dump() + "\n");
}

}  // namespace zertz::training
