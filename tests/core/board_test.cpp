#include "core/board.h"

#include <gtest/gtest.h>

#include <set>

#include "core/variant.h"

namespace zertz {
namespace {

TEST(Board, SizesAndGrids) {
  EXPECT_EQ(Board::rings37().num_cells(), 37);
  EXPECT_EQ(Board::rings48().num_cells(), 48);
  EXPECT_EQ(Board::rings61().num_cells(), 61);
  EXPECT_EQ(Board::rings37().grid_size(), 7);
  EXPECT_EQ(Board::rings48().grid_size(), 9);
  EXPECT_EQ(Board::rings61().grid_size(), 9);
}

TEST(Board, SymmetryGroupSizes) {
  EXPECT_EQ(Board::rings37().num_symmetries(), 12);
  EXPECT_EQ(Board::rings48().num_symmetries(), 6);
  EXPECT_EQ(Board::rings61().num_symmetries(), 12);
}

TEST(Board, NeighboursFollowRulesMd) {
  const Board& b = Board::rings37();
  auto cell = [&](const char* label) { return *b.parse_cell(label); };
  // b3, c3, d3 lie on one line; so do g1, f1, e1 (docs/rules.md).
  bool line = false;
  for (int d = 0; d < kDirections; ++d)
    line |= b.landing(cell("b3"), d) == cell("d3") && b.neighbour(cell("b3"), d) == cell("c3");
  EXPECT_TRUE(line);
  line = false;
  for (int d = 0; d < kDirections; ++d)
    line |= b.landing(cell("g1"), d) == cell("e1") && b.neighbour(cell("g1"), d) == cell("f1");
  EXPECT_TRUE(line);
  // A corner has 3 neighbours, a side cell 4, an inner cell 6.
  EXPECT_EQ(__builtin_popcountll(b.neighbours(cell("a1"))), 3);
  EXPECT_EQ(__builtin_popcountll(b.neighbours(cell("a2"))), 4);
  EXPECT_EQ(__builtin_popcountll(b.neighbours(cell("d4"))), 6);
}

TEST(Board, SymmetriesPreserveNeighbourhoodAndFormAGroup) {
  for (const Board* b : {&Board::rings37(), &Board::rings48(), &Board::rings61()}) {
    for (int s = 0; s < b->num_symmetries(); ++s) {
      std::set<int> image;
      for (int c = 0; c < b->num_cells(); ++c) {
        image.insert(b->map_cell(s, c));
        for (int d = 0; d < kDirections; ++d) {
          int n = b->neighbour(c, d);
          int mapped = b->neighbour(b->map_cell(s, c), b->map_direction(s, d));
          EXPECT_EQ(mapped, n == kNoCell ? kNoCell : b->map_cell(s, n));
        }
        EXPECT_EQ(b->map_cell(b->inverse_symmetry(s), b->map_cell(s, c)), c);
      }
      EXPECT_EQ(static_cast<int>(image.size()), b->num_cells());
    }
  }
}

TEST(Board, LabelsRoundTrip) {
  for (const Board* b : {&Board::rings37(), &Board::rings48(), &Board::rings61()}) {
    for (int c = 0; c < b->num_cells(); ++c) EXPECT_EQ(b->parse_cell(b->label(c)), c);
  }
  EXPECT_FALSE(Board::rings37().parse_cell("a5").has_value());
  EXPECT_FALSE(Board::rings37().parse_cell("h1").has_value());
  EXPECT_FALSE(Board::rings37().parse_cell("d0").has_value());
  EXPECT_FALSE(Board::rings37().parse_cell("d").has_value());
  EXPECT_TRUE(Board::rings61().parse_cell("i5").has_value());
}

}  // namespace
}  // namespace zertz
