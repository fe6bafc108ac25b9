#include "core/text.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/printable.h"

namespace zertz {
namespace {

TEST(Trim, DropsWhiteSpaceAtBothEndsOnly) {
  EXPECT_EQ(trim(" \t RtoB 2 0 C 4 \r\n"), "RtoB 2 0 C 4");
  EXPECT_EQ(trim("a  b"), "a  b");
  EXPECT_EQ(trim("\v\fx\f"), "x");
}

TEST(Trim, AllWhiteSpaceGivesEmpty) {
  EXPECT_TRUE(trim(" \t\r\n ").empty());
  EXPECT_TRUE(trim("").empty());
}

TEST(Trim, IsAViewIntoTheText) {
  const std::string text = "  done ";
  std::string_view view = trim(text);
  EXPECT_EQ(view.data(), text.data() + 2);
  EXPECT_EQ(view.size(), 4u);
}

TEST(SplitWords, RunsOfWhiteSpaceSeparateWords) {
  std::vector<std::string_view> words = split_words("  visits\t 200 \r\n");
  ASSERT_EQ(words.size(), 2u);
  EXPECT_EQ(words[0], "visits");
  EXPECT_EQ(words[1], "200");
  EXPECT_TRUE(split_words(" \t ").empty());
  EXPECT_EQ(split_words("one").size(), 1u);
}

TEST(IsSpace, TakesAnyCharIncludingNegativeOnes) {
  EXPECT_TRUE(is_space(' '));
  EXPECT_TRUE(is_space('\v'));
  EXPECT_FALSE(is_space('x'));
  EXPECT_FALSE(is_space(static_cast<char>(0xe9)));  // a byte of UTF-8 text, negative as char
}

TEST(Printable, ControlCharactersBecomeHexEscapes) {
  EXPECT_EQ(printable("a\nb\x7f"), "a\\x0ab\\x7f");
  EXPECT_EQ(printable("plain text"), "plain text");
}

}  // namespace
}  // namespace zertz
