#include "training/shard_writer.h"

#include <string>

namespace zertz::training {

ShardWriter::ShardWriter(const RunDir& run, int games_per_shard)
    : run_(run), games_per_shard_(games_per_shard) {
  std::vector<std::filesystem::path> shards = run.shards();
  if (!shards.empty()) {
    std::string name = shards.back().stem().string();  // shard-NNNNNN
    index_ = std::stoll(name.substr(name.find('-') + 1)) + 1;
  }
}

void ShardWriter::add(const TrainingGame& game) {
  std::lock_guard lock(mutex_);
  current_.push_back(game);
  write_shard(run_.shard_path(index_).string(), current_);
  ++written_;
  if (static_cast<int>(current_.size()) >= games_per_shard_) {
    current_.clear();
    ++index_;
  }
}

std::int64_t ShardWriter::games_written() const {
  std::lock_guard lock(mutex_);
  return written_;
}

}  // namespace zertz::training
