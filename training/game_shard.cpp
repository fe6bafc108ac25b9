#include "training/game_shard.h"

#include <zlib.h>

#include <algorithm>
#include <cstring>

#include "core/atomic_file.h"
#include "core/variant.h"

namespace zertz::training {

namespace {

// Layout (little-endian): magic "ZZGAMES\n", u32 version, u32 games, u64 raw size, u64
// compressed size, compressed payload, u32 CRC-32 of the compressed payload.
constexpr std::string_view kMagic = "ZZGAMES\n";

class Writer {
 public:
  template <typename T>
  void put(T v) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &v, sizeof(T));  // x86 and ARM are little-endian, as the format is
    out.append(bytes, sizeof(T));
  }
  std::string out;
};

class Reader {
 public:
  Reader(const std::string& data, std::size_t at, const std::string& source)
      : data_(data), at_(at), source_(source) {}
  template <typename T>
  T get() {
    if (at_ + sizeof(T) > data_.size()) throw ShardError(source_ + " is truncated");
    T v;
    std::memcpy(&v, data_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return v;
  }
  std::size_t at() const { return at_; }

 private:
  const std::string& data_;
  std::size_t at_;
  const std::string& source_;
};

int variant_id(const std::string& name) {
  const auto& all = Variant::all();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (all[i]->name == name) return static_cast<int>(i);
  }
  throw std::invalid_argument("unknown variant " + name);
}

}  // namespace

bool TrainingGame::operator==(const TrainingGame& o) const {
  if (variant != o.variant || outcome != o.outcome || capped != o.capped ||
      repetition != o.repetition || weights_step != o.weights_step ||
      decisions.size() != o.decisions.size()) {
    return false;
  }
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    const Decision &a = decisions[i], &b = o.decisions[i];
    if (!(a.action == b.action) || a.full_search != b.full_search || a.root_value != b.root_value ||
        a.policy_surprise != b.policy_surprise || a.policy != b.policy) {
      return false;
    }
  }
  return true;
}

std::string encode_shard(const std::vector<TrainingGame>& games) {
  Writer raw;
  for (const TrainingGame& g : games) {
    raw.put<std::uint8_t>(static_cast<std::uint8_t>(variant_id(g.variant)));
    raw.put<std::uint8_t>(static_cast<std::uint8_t>(g.outcome));
    raw.put<std::uint8_t>(static_cast<std::uint8_t>((g.capped ? 1 : 0) | (g.repetition ? 2 : 0)));
    raw.put<std::int64_t>(g.weights_step);
    raw.put<std::uint32_t>(static_cast<std::uint32_t>(g.decisions.size()));
    for (const Decision& d : g.decisions) {
      raw.put<std::uint16_t>(d.action.code());
      raw.put<std::uint8_t>(d.full_search ? 1 : 0);
      raw.put<float>(d.root_value);
      raw.put<float>(d.policy_surprise);
      raw.put<std::uint16_t>(static_cast<std::uint16_t>(d.policy.size()));
      for (const auto& [action, p] : d.policy) {
        raw.put<std::uint16_t>(action.code());
        raw.put<float>(p);
      }
    }
  }
  uLongf compressed_size = compressBound(static_cast<uLong>(raw.out.size()));
  std::string compressed(compressed_size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(compressed.data()), &compressed_size,
                reinterpret_cast<const Bytef*>(raw.out.data()), static_cast<uLong>(raw.out.size()),
                6) != Z_OK) {
    throw std::runtime_error("zlib could not compress a shard");
  }
  compressed.resize(compressed_size);
  Writer out;
  out.out = std::string(kMagic);
  out.put<std::uint32_t>(kShardFormatVersion);
  out.put<std::uint32_t>(static_cast<std::uint32_t>(games.size()));
  out.put<std::uint64_t>(raw.out.size());
  out.put<std::uint64_t>(compressed.size());
  out.out += compressed;
  out.put<std::uint32_t>(
      static_cast<std::uint32_t>(crc32(0L, reinterpret_cast<const Bytef*>(compressed.data()),
                                       static_cast<uInt>(compressed.size()))));
  return out.out;
}

namespace {

// The block at `at` (a whole shard's bytes, of format 1 to 3); appends its games and returns where
// the next block starts.
std::size_t decode_block(const std::string& data, std::size_t at, const std::string& source,
                         std::vector<TrainingGame>& out) {
  if (data.compare(at, kMagic.size(), kMagic) != 0) {
    throw ShardError(source + (at == 0 ? " is not a game shard" : " has trailing bytes"));
  }
  Reader header(data, at + kMagic.size(), source);
  std::uint32_t version = header.get<std::uint32_t>();
  if (version < 1 || version > kShardFormatVersion) {
    throw ShardError(source + " has format version " + std::to_string(version) +
                     ", expected 1 to " + std::to_string(kShardFormatVersion));
  }
  std::uint32_t count = header.get<std::uint32_t>();
  std::uint64_t raw_size = header.get<std::uint64_t>();
  std::uint64_t compressed_size = header.get<std::uint64_t>();
  std::size_t start = header.at();
  if (compressed_size > data.size() || start + compressed_size + 4 > data.size()) {
    throw ShardError(source + " is truncated");
  }
  Reader tail(data, start + compressed_size, source);
  std::uint32_t stored = tail.get<std::uint32_t>();
  const Bytef* payload = reinterpret_cast<const Bytef*>(data.data() + start);
  if (stored != crc32(0L, payload, static_cast<uInt>(compressed_size))) {
    throw ShardError(source + " is damaged: checksum mismatch");
  }
  // zlib inflates at most about 1032 times; a larger claim is damage, and must not be allocated.
  if (raw_size > std::min<std::uint64_t>(compressed_size * 1032 + 1024, std::uint64_t{1} << 30))
    throw ShardError(source + " is damaged: implausible size");
  std::string raw(raw_size, '\0');
  uLongf raw_length = static_cast<uLongf>(raw_size);
  if (uncompress(reinterpret_cast<Bytef*>(raw.data()), &raw_length, payload,
                 static_cast<uLong>(compressed_size)) != Z_OK ||
      raw_length != raw_size) {
    throw ShardError(source + " is damaged: the payload does not decompress");
  }
  Reader in(raw, 0, source);
  // Counts are checked against the bytes left before anything is allocated for them: a game
  // takes at least 7 bytes, a decision 9, a policy entry 6 (the fuzzer's out-of-memory inputs).
  auto check_count = [&](std::uint64_t n, std::size_t bytes_each) {
    if (n > (raw.size() - in.at()) / bytes_each)
      throw ShardError(source + " is damaged: a count larger than the data");
  };
  check_count(count, 7);
  std::vector<TrainingGame> games(count);
  for (TrainingGame& g : games) {
    std::uint8_t variant = in.get<std::uint8_t>();
    if (variant >= Variant::all().size()) throw ShardError(source + " names an unknown variant");
    g.variant = Variant::all()[variant]->name;
    std::uint8_t outcome = in.get<std::uint8_t>();
    if (outcome > static_cast<std::uint8_t>(Outcome::kDraw))
      throw ShardError(source + " holds a bad result");
    g.outcome = static_cast<Outcome>(outcome);
    std::uint8_t flags = in.get<std::uint8_t>();
    g.capped = flags & 1;
    g.repetition = flags & 2;
    if (version >= 2) {
      g.weights_step = in.get<std::int64_t>();
      if (g.weights_step < -1) throw ShardError(source + " holds a bad weights step");
    }
    std::uint32_t decisions = in.get<std::uint32_t>();
    check_count(decisions, 9);
    g.decisions.resize(decisions);
    for (Decision& d : g.decisions) {
      d.action = Action::from_code(in.get<std::uint16_t>());
      d.full_search = in.get<std::uint8_t>() != 0;
      d.root_value = in.get<float>();
      if (version >= 3) {
        d.policy_surprise = in.get<float>();
        if (!(d.policy_surprise >= 0.0f && d.policy_surprise < 1e6f))
          throw ShardError(source + " holds a bad policy surprise");
      }
      std::uint16_t entries = in.get<std::uint16_t>();
      check_count(entries, 6);
      d.policy.resize(entries);
      for (auto& [action, p] : d.policy) {
        action = Action::from_code(in.get<std::uint16_t>());
        p = in.get<float>();
      }
    }
  }
  if (in.at() != raw.size())
    throw ShardError(source + " is damaged: " + std::to_string(raw.size() - in.at()) +
                     " bytes left over");
  for (TrainingGame& g : games) out.push_back(std::move(g));
  return start + compressed_size + 4;
}

// The games of every block up to the first damaged one (decode_block adds a block's games only
// once the whole block checks out), and that damage.
ShardPrefix decode_prefix(const std::string& data, const std::string& source) {
  ShardPrefix prefix;
  if (data.empty()) {  // made, and killed before its first game was written
    prefix.problem = source + " is empty";
    return prefix;
  }
  try {
    std::size_t at = 0;
    do {
      at = decode_block(data, at, source, prefix.games);
    } while (at < data.size());
  } catch (const ShardError& e) {
    prefix.problem = e.what();
  }
  return prefix;
}

}  // namespace

std::vector<TrainingGame> decode_shard(const std::string& data, const std::string& source) {
  ShardPrefix prefix = decode_prefix(data, source);
  if (!prefix.problem.empty()) throw ShardError(prefix.problem);
  return std::move(prefix.games);
}

void write_shard(const std::string& path, const std::vector<TrainingGame>& games) {
  write_file_atomically(path, encode_shard(games));
}

void append_to_shard(const std::string& path, const std::vector<TrainingGame>& games) {
  append_to_file(path, encode_shard(games));
}

ShardPrefix read_shard_prefix(const std::string& path) {
  std::string data;
  try {
    data = read_file(path);
  } catch (const std::exception& e) {
    return {{}, e.what()};
  }
  return decode_prefix(data, path);
}

std::vector<TrainingGame> read_shard(const std::string& path) {
  std::string data;
  try {
    data = read_file(path);
  } catch (const std::exception& e) {
    throw ShardError(e.what());
  }
  return decode_shard(data, path);
}

}  // namespace zertz::training
