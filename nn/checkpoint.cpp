#include "nn/checkpoint.h"

#include <ATen/CPUGeneratorImpl.h>
#include <zlib.h>

#include <cstring>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/atomic_file.h"

namespace zertz::nn {

namespace {

// Layout: magic, u64 header length, JSON header, u64 payload length, torch archive payload,
// u32 CRC-32 of header and payload, end marker. Integers are little-endian.
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
          {"value_hidden", m.value_hidden}};
}

ModelConfig model_from_json(const nlohmann::json& j) {
  ModelConfig m;
  m.name = j.at("name").get<std::string>();
  m.blocks = j.at("blocks").get<int>();
  m.channels = j.at("channels").get<int>();
  m.global_pool_every = j.at("global_pool_every").get<int>();
  m.policy_channels = j.at("policy_channels").get<int>();
  m.value_channels = j.at("value_channels").get<int>();
  m.value_hidden = j.at("value_hidden").get<int>();
  return m;
}

struct Parts {
  CheckpointInfo info;
  std::string payload;
};

Parts read_parts(const std::string& path) {
  std::string data;
  try {
    data = read_file(path);
  } catch (const std::exception& e) {
    throw CheckpointError(e.what());
  }
  if (data.compare(0, kMagic.size(), kMagic) != 0) {
    throw CheckpointError(path + " is not a zertz-zero checkpoint (wrong magic bytes)");
  }
  auto truncated = [&](std::size_t expected) {
    return CheckpointError(path + " is truncated: expected at least " + std::to_string(expected) +
                           " bytes, found " + std::to_string(data.size()));
  };
  std::size_t at = kMagic.size();
  if (data.size() < at + 8) throw truncated(at + 8);
  std::uint64_t header_size = get_u64(data, at);
  at += 8;
  if (header_size > data.size() || data.size() < at + header_size + 8)
    throw truncated(at + header_size + 8);
  std::string header = data.substr(at, header_size);
  at += header_size;
  std::uint64_t payload_size = get_u64(data, at);
  at += 8;
  std::size_t total = at + payload_size + 4 + kEnd.size();
  if (payload_size > data.size() || data.size() < total) throw truncated(total);
  std::string payload = data.substr(at, payload_size);
  at += payload_size;
  std::uint32_t stored = 0;
  for (int i = 0; i < 4; ++i)
    stored |= static_cast<std::uint32_t>(static_cast<unsigned char>(data[at + i])) << (8 * i);
  if (data.size() != total || data.compare(at + 4, kEnd.size(), kEnd) != 0) {
    throw CheckpointError(path + " is damaged: " + std::to_string(data.size()) + " bytes where " +
                          std::to_string(total) + " were written");
  }
  if (stored != checksum(header, payload))
    throw CheckpointError(path + " is damaged: checksum mismatch");
  Parts parts;
  try {
    auto j = nlohmann::json::parse(header);
    parts.info.model = model_from_json(j.at("model"));
    parts.info.variant = j.at("variant").get<std::string>();
    parts.info.step = j.at("step").get<std::int64_t>();
    parts.info.config_text = j.at("config").get<std::string>();
    parts.info.rng_state = j.at("rng_state").get<std::vector<std::uint64_t>>();
    parts.info.counters = j.at("counters").get<std::map<std::string, std::int64_t>>();
  } catch (const nlohmann::json::exception& e) {
    throw CheckpointError(path + " has an unreadable header: " + e.what());
  }
  parts.payload = std::move(payload);
  return parts;
}

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

}  // namespace

void save_checkpoint(const std::string& path, const CheckpointInfo& info, ZertzNet& net,
                     torch::optim::Optimizer* optimizer) {
  nlohmann::json header = {
      {"format", "zertz-zero checkpoint"}, {"model", model_to_json(net->config())},
      {"variant", info.variant},           {"step", info.step},
      {"config", info.config_text},        {"rng_state", info.rng_state},
      {"counters", info.counters}};
  torch::serialize::OutputArchive archive;
  torch::serialize::OutputArchive model_archive, optimizer_archive;
  net->save(model_archive);
  archive.write("model", model_archive);
  if (optimizer) {
    optimizer->save(optimizer_archive);
    archive.write("optimizer", optimizer_archive);
  }
  {
    at::Generator generator = at::detail::getDefaultCPUGenerator();  // shares the generator
    std::lock_guard<std::mutex> lock(generator.mutex());
    archive.write("torch_rng", generator.get_state());
  }
  std::ostringstream payload_stream;
  archive.save_to(payload_stream);
  std::string payload = payload_stream.str();
  std::string header_text = header.dump();
  std::string out(kMagic);
  put_u64(out, header_text.size());
  out += header_text;
  put_u64(out, payload.size());
  out += payload;
  std::uint32_t crc = checksum(header_text, payload);
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((crc >> (8 * i)) & 0xff));
  out += kEnd;
  write_file_atomically(path, out);
}

CheckpointInfo read_checkpoint_info(const std::string& path) {
  return read_parts(path).info;
}

CheckpointInfo load_checkpoint(const std::string& path, ZertzNet& net,
                               torch::optim::Optimizer* optimizer) {
  Parts parts = read_parts(path);
  const ModelConfig& have = parts.info.model;
  ModelConfig want = net->config();
  want.name = have.name;  // a size's name is a label: the shape is what must match
  if (!(have == want)) {
    throw CheckpointError(path + " holds a network of " + have.describe() + ", not " +
                          net->config().describe());
  }
  try {
    std::istringstream in(parts.payload);
    torch::serialize::InputArchive archive;
    // Onto the network's device: a checkpoint saved while training on a GPU loads on a CPU
    // and the other way round (reading into a parameter on another device would move it).
    archive.load_from(in, net->parameters().front().device());
    torch::serialize::InputArchive model_archive;
    archive.read("model", model_archive);
    net->load(model_archive);
    if (optimizer) {
      torch::serialize::InputArchive optimizer_archive;
      if (!archive.try_read("optimizer", optimizer_archive)) {
        throw CheckpointError(path + " holds no optimiser state");
      }
      optimizer->load(optimizer_archive);
    }
    torch::Tensor rng;
    if (archive.try_read("torch_rng", rng)) {
      at::Generator generator = at::detail::getDefaultCPUGenerator();
      std::lock_guard<std::mutex> lock(generator.mutex());
      generator.set_state(rng);
    }
  } catch (const c10::Error& e) {
    throw CheckpointError(path +
                          ": the weights do not load: " + first_line(e.what_without_backtrace()));
  }
  return parts.info;
}

}  // namespace zertz::nn
