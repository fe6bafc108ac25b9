// Reading a record file by its extension (core/record_file.h): our format, SGF, refusals.
#include "core/record_file.h"

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>

#include "tests/scratch.h"

namespace zertz {
namespace {

const std::string kRecords = std::string(TESTDATA_DIR) + "/records/";

TEST(RecordFile, ReadsOurFormat) {
  RecordFile loaded = load_record_file(kRecords + "short-game.zertz");
  ASSERT_TRUE(loaded.ok) << loaded.reason;
  EXPECT_FALSE(loaded.sgf);
  EXPECT_EQ(loaded.record.variant, "tournament");
  EXPECT_EQ(loaded.record.turns.size(), 3u);
}

TEST(RecordFile, ABadRecordIsRefusedNamingTheFile) {
  RecordFile loaded = load_record_file(kRecords + "bad-header.zertz");
  EXPECT_FALSE(loaded.ok);
  EXPECT_NE(loaded.reason.find("bad-header.zertz"), std::string::npos) << loaded.reason;
  EXPECT_EQ(loaded.step, 0);
}

TEST(RecordFile, AnSgfFileGoesThroughTheImporter) {
  std::filesystem::path path = testing::scratch_path("record-file", ".sgf");
  std::ofstream(path) << "(;GM[22]\n; P0[0 not a zertz move])";
  RecordFile loaded = load_record_file(path.string());
  std::filesystem::remove(path);
  EXPECT_TRUE(loaded.sgf);
  EXPECT_FALSE(loaded.ok);
  EXPECT_FALSE(loaded.reason.empty());
}

TEST(RecordFile, AnUnreadableFileThrows) {
  EXPECT_THROW(load_record_file(kRecords + "no-such-file.zertz"), std::runtime_error);
}

}  // namespace
}  // namespace zertz
