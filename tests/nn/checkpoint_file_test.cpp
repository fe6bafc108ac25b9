// The checkpoint container without LibTorch: what is encoded decodes the same, and each kind of
// damage is refused with one line naming the file (torch-free: runs under the sanitizers).
#include "nn/checkpoint_file.h"

#include <gtest/gtest.h>
#include <zlib.h>

namespace zertz::nn {
namespace {

CheckpointInfo sample_info() {
  CheckpointInfo info;
  info.model = ModelConfig::named("tiny");
  info.model.fast_value_channels = 8;
  info.model.fast_value_hidden = 24;
  info.variant = "tournament";
  info.step = 1234;
  info.config_text = "run:\n  variant: tournament\n";
  info.rng_state = {1, 2, 0xffffffffffffffffULL};
  info.counters = {{"games", 77}, {"samples", 4000}};
  return info;
}

std::string refusal(const std::string& bytes) {
  try {
    decode_checkpoint(bytes, "x.pt");
  } catch (const CheckpointError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(CheckpointFile, WhatIsEncodedDecodesTheSame) {
  const std::string payload("weights\0with a zero byte", 24);
  CheckpointParts parts = decode_checkpoint(encode_checkpoint(sample_info(), payload), "x.pt");
  const CheckpointInfo expected = sample_info();
  EXPECT_EQ(parts.info.model, expected.model);
  EXPECT_EQ(parts.info.variant, expected.variant);
  EXPECT_EQ(parts.info.step, expected.step);
  EXPECT_EQ(parts.info.config_text, expected.config_text);
  EXPECT_EQ(parts.info.rng_state, expected.rng_state);
  EXPECT_EQ(parts.info.counters, expected.counters);
  EXPECT_EQ(parts.payload, payload);
}

// A checkpoint as written before the fast value head: its model has neither fast field.
std::string checkpoint_without_fast_fields() {
  const std::string header =
      R"({"format":"zertz-zero checkpoint","model":{"name":"tiny","blocks":2,"channels":16,)"
      R"("global_pool_every":2,"policy_channels":8,"value_channels":8,"value_hidden":16},)"
      R"("variant":"basic","step":5,"config":"","rng_state":[],"counters":{}})";
  const std::string payload = "weights";
  auto u64 = [](std::uint64_t v) {
    std::string out;
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
    return out;
  };
  uLong crc = crc32(0L, Z_NULL, 0);
  crc = crc32(crc, reinterpret_cast<const Bytef*>(header.data()), header.size());
  crc = crc32(crc, reinterpret_cast<const Bytef*>(payload.data()), payload.size());
  std::string out =
      "ZERTZ-CHECKPOINT 1\n" + u64(header.size()) + header + u64(payload.size()) + payload;
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((crc >> (8 * i)) & 0xff));
  return out + "END\n";
}

TEST(CheckpointFile, ACheckpointFromBeforeTheFastValueHeadHasNone) {
  CheckpointParts parts = decode_checkpoint(checkpoint_without_fast_fields(), "old.pt");
  EXPECT_EQ(parts.info.model, ModelConfig::named("tiny"));
  EXPECT_EQ(parts.info.model.fast_value_channels, 0);
  EXPECT_EQ(parts.info.step, 5);
}

TEST(CheckpointFile, EachKindOfDamageIsRefusedWithOneLine) {
  const std::string good = encode_checkpoint(sample_info(), "weights");
  EXPECT_EQ(refusal(""), "x.pt is not a zertz-zero checkpoint (wrong magic bytes)");
  EXPECT_EQ(refusal("PK\x03\x04 a zip file"),
            "x.pt is not a zertz-zero checkpoint (wrong magic bytes)");
  EXPECT_EQ(
      refusal(good.substr(0, good.size() / 2)).rfind("x.pt is truncated: expected at least ", 0),
      0u);
  EXPECT_EQ(refusal(good + "more"), "x.pt is damaged: " + std::to_string(good.size() + 4) +
                                        " bytes where " + std::to_string(good.size()) +
                                        " were written");
  std::string flipped = good;
  flipped[good.size() - 9] ^= 0x10;  // the payload's last byte
  EXPECT_EQ(refusal(flipped), "x.pt is damaged: checksum mismatch");
}

TEST(CheckpointFile, AShapeNoNetworkCanHaveIsRefused) {
  CheckpointInfo info = sample_info();
  info.model.channels = 0;
  EXPECT_EQ(refusal(encode_checkpoint(info, "weights")),
            "x.pt has an unreadable header: model channels 0 is outside 1..1024");
  info = sample_info();
  info.model.blocks = -3;
  EXPECT_EQ(refusal(encode_checkpoint(info, "weights")),
            "x.pt has an unreadable header: model blocks -3 is outside 0..64");
}

}  // namespace
}  // namespace zertz::nn
