#include "distributed/frame.h"

#include <gtest/gtest.h>

namespace zertz::distributed {
namespace {

Frame sample(FrameKind kind, std::string body) {
  return Frame{kind,
               2,
               0x0123456789abcdefULL,
               {{"games", 3}, {"weights_versions", {4, 5}}},
               std::move(body)};
}

TEST(Frame, EveryKindRoundTripsWithBinaryBodies) {
  std::string binary;
  for (int i = 0; i < 512; ++i) binary.push_back(static_cast<char>(i * 37));
  for (int k = 1; k <= 9; ++k) {
    Frame sent = sample(static_cast<FrameKind>(k), binary);
    Frame got = decode_frame(encode_frame(sent), 2);
    EXPECT_EQ(got.kind, sent.kind);
    EXPECT_EQ(got.source, 2);
    EXPECT_EQ(got.sequence, sent.sequence);
    EXPECT_EQ(got.meta, sent.meta);
    EXPECT_EQ(got.body, binary);
  }
  Frame empty{FrameKind::stop, 0, 0, nullptr, {}};  // no meta at all reads as {}
  EXPECT_EQ(decode_frame(encode_frame(empty), 0).meta, nlohmann::json::object());
}

TEST(Frame, EveryFlippedBitIsRefused) {
  std::string bytes = encode_frame(sample(FrameKind::games, "shard bytes"));
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      std::string damaged = bytes;
      damaged[i] = static_cast<char>(damaged[i] ^ (1 << bit));
      EXPECT_THROW(decode_frame(damaged, 2), FrameError) << "byte " << i << " bit " << bit;
    }
  }
}

TEST(Frame, EveryTruncationIsRefusedWithOneLineNamingTheRank) {
  std::string bytes = encode_frame(sample(FrameKind::weights, "weights"));
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    try {
      decode_frame(std::string_view(bytes).substr(0, n), 3);
      ADD_FAILURE() << "a frame cut to " << n << " bytes decoded";
    } catch (const FrameError& e) {
      std::string what = e.what();
      EXPECT_EQ(what.rfind("message from rank 3: ", 0), 0u) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
}

TEST(Frame, AFrameNamingAnotherSenderIsRefused) {
  std::string bytes = encode_frame(sample(FrameKind::heartbeat, ""));
  try {
    decode_frame(bytes, 1);
    ADD_FAILURE() << "no error";
  } catch (const FrameError& e) {
    EXPECT_STREQ(e.what(), "message from rank 1: heartbeat frame names rank 2 as its sender");
  }
}

TEST(Frame, ForeignBytesAndNonObjectMetaAreRefused) {
  std::string foreign(64, 'x');
  EXPECT_THROW(decode_frame(foreign, 0), FrameError);
  Frame array_meta{FrameKind::hello, 1, 0, nlohmann::json::array({1, 2}), {}};
  try {
    decode_frame(encode_frame(array_meta), 1);
    ADD_FAILURE() << "no error";
  } catch (const FrameError& e) {
    EXPECT_NE(std::string(e.what()).find("not a JSON object"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace zertz::distributed
