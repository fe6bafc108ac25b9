#include "core/text.h"

#include <gtest/gtest.h>

#include <string>

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

TEST(Printable, ControlCharactersBecomeHexEscapes) {
  EXPECT_EQ(printable("a\nb\x7f"), "a\\x0ab\\x7f");
  EXPECT_EQ(printable("plain text"), "plain text");
}

}  // namespace
}  // namespace zertz
