#include "nn/checkpoint_file.h"

#include <zlib.h>

#include <nlohmann/json.hpp>

#include "core/atomic_file.h"

namespace zertz::nn {

namespace {

constexpr std::string_view kMagic = "ZERTZ-CHECKPOINT 1\n";
constexpr std::string_view kEnd = "END\n";

void put_u64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

std::uint64_t get_u64(const std::string& in, std::size_t at) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i)
    v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + i])) << (8 * i);
  return v;
}

std::uint32_t checksum(std::string_view a, std::string_view b) {
  uLong crc = crc32(0L, Z_NULL, 0);
  crc = crc32(crc, reinterpret_cast<const Bytef*>(a.data()), static_cast<uInt>(a.size()));
  crc = crc32(crc, reinterpret_cast<const Bytef*>(b.data()), static_cast<uInt>(b.size()));
  return static_cast<std::uint32_t>(crc);
}

nlohmann::json model_to_json(const ModelConfig& m) {
  return {{"name", m.name},
          {"blocks", m.blocks},
          {"channels", m.channels},
          {"global_pool_every", m.global_pool_every},
          {"policy_channels", m.policy_channels},
          {"value_channels", m.value_channels},
          {"value_hidden", m.value_hidden},
          {"fast_value_channels", m.fast_value_channels},
          {"fast_value_hidden", m.fast_value_hidden},
          {"outcome_parts", m.outcome_parts},
          {"soft_policy", m.soft_policy}};
}

// A shape outside these ranges would build no network, or one too large to allocate.
int shape_field(const nlohmann::json& j, const char* key, int min, int max) {
  const int v = j.at(key).get<int>();
  if (v < min || v > max) {
    throw std::out_of_range("model " + std::string(key) + " " + std::to_string(v) + " is outside " +
                            std::to_string(min) + ".." + std::to_string(max));
  }
  return v;
}

ModelConfig model_from_json(const nlohmann::json& j) {
  ModelConfig m;
  m.name = j.at("name").get<std::string>();
  m.blocks = shape_field(j, "blocks", 0, 64);
  m.channels = shape_field(j, "channels", 1, 1024);
  m.global_pool_every = shape_field(j, "global_pool_every", 0, 64);
  m.policy_channels = shape_field(j, "policy_channels", 1, 1024);
  m.value_channels = shape_field(j, "value_channels", 1, 1024);
  m.value_hidden = shape_field(j, "value_hidden", 1, 4096);
  // Checkpoints from before the fast value head have neither field.
  if (j.contains("fast_value_channels")) {
    m.fast_value_channels = shape_field(j, "fast_value_channels", 0, 256);
    m.fast_value_hidden = shape_field(j, "fast_value_hidden", 1, 1024);
  }
  // Nor do those from before the outcome parts.
  if (j.contains("outcome_parts")) m.outcome_parts = j.at("outcome_parts").get<bool>();
  // Nor those from before the soft policy head.
  if (j.contains("soft_policy")) m.soft_policy = j.at("soft_policy").get<bool>();
  return m;
}

}  // namespace

std::string encode_checkpoint(const CheckpointInfo& info, std::string_view payload) {
  nlohmann::json header = {
      {"format", "zertz-zero checkpoint"}, {"model", model_to_json(info.model)},
      {"variant", info.variant},           {"step", info.step},
      {"config", info.config_text},        {"rng_state", info.rng_state},
      {"counters", info.counters}};
  // Outside text (a config's comments) may hold any bytes: replace what is not UTF-8.
  std::string header_text = header.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string out(kMagic);
  put_u64(out, header_text.size());
  out += header_text;
  put_u64(out, payload.size());
  out += payload;
  std::uint32_t crc = checksum(header_text, payload);
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((crc >> (8 * i)) & 0xff));
  out += kEnd;
  return out;
}

CheckpointParts decode_checkpoint(const std::string& data, const std::string& name) {
  if (data.compare(0, kMagic.size(), kMagic) != 0) {
    throw CheckpointError(name + " is not a zertz-zero checkpoint (wrong magic bytes)");
  }
  auto truncated = [&](std::uint64_t expected) {
    return CheckpointError(name + " is truncated: expected at least " + std::to_string(expected) +
                           " bytes, found " + std::to_string(data.size()));
  };
  std::size_t at = kMagic.size();
  if (data.size() < at + 8) throw truncated(at + 8);
  const std::uint64_t header_size = get_u64(data, at);
  at += 8;
  if (header_size > data.size() || data.size() < at + header_size + 8)
    throw truncated(at + header_size + 8);
  std::string header = data.substr(at, header_size);
  at += header_size;
  const std::uint64_t payload_size = get_u64(data, at);
  at += 8;
  if (payload_size > data.size()) throw truncated(at + payload_size + 4 + kEnd.size());
  const std::size_t total = at + payload_size + 4 + kEnd.size();
  if (data.size() < total) throw truncated(total);
  std::string payload = data.substr(at, payload_size);
  at += payload_size;
  std::uint32_t stored = 0;
  for (int i = 0; i < 4; ++i)
    stored |= static_cast<std::uint32_t>(static_cast<unsigned char>(data[at + i])) << (8 * i);
  if (data.size() != total || data.compare(at + 4, kEnd.size(), kEnd) != 0) {
    throw CheckpointError(name + " is damaged: " + std::to_string(data.size()) + " bytes where " +
                          std::to_string(total) + " were written");
  }
  if (stored != checksum(header, payload))
    throw CheckpointError(name + " is damaged: checksum mismatch");
  CheckpointParts parts;
  try {
    auto j = nlohmann::json::parse(header);
    parts.info.model = model_from_json(j.at("model"));
    parts.info.variant = j.at("variant").get<std::string>();
    parts.info.step = j.at("step").get<std::int64_t>();
    parts.info.config_text = j.at("config").get<std::string>();
    parts.info.rng_state = j.at("rng_state").get<std::vector<std::uint64_t>>();
    parts.info.counters = j.at("counters").get<std::map<std::string, std::int64_t>>();
  } catch (const std::exception& e) {  // JSON's errors, and a shape out of range
    std::string what = e.what();
    throw CheckpointError(name + " has an unreadable header: " + what.substr(0, what.find('\n')));
  }
  parts.payload = std::move(payload);
  return parts;
}

CheckpointParts read_checkpoint_file(const std::string& path) {
  std::string data;
  try {
    data = read_file(path);
  } catch (const std::exception& e) {
    throw CheckpointError(e.what());
  }
  return decode_checkpoint(data, path);
}

CheckpointInfo read_checkpoint_info(const std::string& path) {
  return read_checkpoint_file(path).info;
}

}  // namespace zertz::nn
