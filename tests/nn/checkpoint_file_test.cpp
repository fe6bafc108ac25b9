// The checkpoint container without LibTorch: what is encoded decodes the same, and each kind of
// damage is refused with one line naming the file (torch-free: runs under the sanitizers).
#include "nn/checkpoint_file.h"

#include <gtest/gtest.h>

namespace zertz::nn {
namespace {

CheckpointInfo sample_info() {
  CheckpointInfo info;
  info.model = ModelConfig::named("tiny");
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
