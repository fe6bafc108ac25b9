#include "training/shard_writer.h"

#include <string>

#include "core/atomic_file.h"

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
  std::string block = encode_shard({game});  // compressed outside the lock
  std::lock_guard lock(mutex_);
  append_locked(block, 1);
}

void ShardWriter::add_block(const std::string& block, int games) {
  std::lock_guard lock(mutex_);
  append_locked(block, games);
}

void ShardWriter::append_locked(const std::string& block, int games) {
  append_to_file(run_.shard_path(index_).string(), block);
  written_ += games;
  in_current_ += games;
  if (in_current_ >= games_per_shard_) {
    in_current_ = 0;
    ++index_;
  }
}

std::int64_t ShardWriter::games_written() const {
  std::lock_guard lock(mutex_);
  return written_;
}

}  // namespace zertz::training
