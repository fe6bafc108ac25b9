#include "nn/features.h"

#include <gtest/gtest.h>

#include <set>

#include "tests/core/test_positions.h"

namespace zertz::nn {
namespace {

std::vector<float> encode(const State& s) {
  const Encoding& e = Encoding::of(s.board());
  std::vector<float> out(e.input_size());
  e.encode(s, out.data());
  return out;
}

int states_per_variant() {
#ifdef ZERTZ_SANITIZED
  return 3;
#else
  return 20;
#endif
}

TEST(Features, GridSizes) {
  EXPECT_EQ(Encoding::of(Board::rings37()).grid(), 7);
  EXPECT_EQ(Encoding::of(Board::rings48()).grid(), 9);
  EXPECT_EQ(Encoding::of(Board::rings61()).grid(), 9);
  EXPECT_EQ(Encoding::of(Board::rings37()).policy_size(), 10 * 49);
}

TEST(Features, StartPositionPlanes) {
  State s(Variant::tournament());
  const Encoding& e = Encoding::of(s.board());
  std::vector<float> x = encode(s);
  auto plane_sum = [&](int p) {
    float sum = 0;
    for (int i = 0; i < e.grid_cells(); ++i) sum += x[p * e.grid_cells() + i];
    return sum;
  };
  EXPECT_EQ(plane_sum(kPlaneOnBoard), 37);
  EXPECT_EQ(plane_sum(kPlaneRing), 37);
  EXPECT_EQ(plane_sum(kPlaneWhite), 0);
  EXPECT_EQ(plane_sum(kPlaneGrey), 0);
  EXPECT_EQ(plane_sum(kPlaneBlack), 0);
  EXPECT_EQ(plane_sum(kPlaneFree), 18);       // every edge ring
  EXPECT_EQ(plane_sum(kPlanePoolBlack), 37);  // full pool: 1 on every cell
  EXPECT_EQ(plane_sum(kPlaneMoverWhite), 0);
  EXPECT_NEAR(plane_sum(kPlaneWinWhite), 37 * 0.4f, 1e-4);
}

TEST(Features, MarblePlanesShowEachColour) {
  State s = testing::make_position(Variant::tournament(), {}, {"Wa1", "Gb2", "Bc3", "Bd4"});
  const Encoding& e = Encoding::of(s.board());
  std::vector<float> x = encode(s);
  auto at = [&](int plane, const char* label) {
    return x[plane * e.grid_cells() + e.grid_index(*s.board().parse_cell(label))];
  };
  EXPECT_EQ(at(kPlaneWhite, "a1"), 1.0f);
  EXPECT_EQ(at(kPlaneGrey, "b2"), 1.0f);
  EXPECT_EQ(at(kPlaneBlack, "c3"), 1.0f);
  EXPECT_EQ(at(kPlaneBlack, "d4"), 1.0f);
  EXPECT_EQ(at(kPlaneWhite, "b2") + at(kPlaneGrey, "a1") + at(kPlaneBlack, "a1"), 0.0f);
}

TEST(Features, MoverViewSwapsStocks) {
  State s = testing::make_position(Variant::tournament(), {}, {}, 1);
  s.set_captured(0, {2, 0, 0});
  s.finish_setup();
  const Encoding& e = Encoding::of(s.board());
  std::vector<float> x = encode(s);
  int a1 = e.grid_index(*s.board().parse_cell("a1"));
  EXPECT_FLOAT_EQ(x[kPlaneMoverWhite * e.grid_cells() + a1], 0.0f);
  EXPECT_FLOAT_EQ(x[kPlaneOpponentWhite * e.grid_cells() + a1], 0.5f);
}

TEST(Features, PolicyIndicesRoundTripAndMaskEqualsLegalActions) {
  for (const Variant* v : Variant::all()) {
    const Encoding& e = Encoding::of(*v->board);
    for (const State& s : testing::random_states(*v, states_per_variant(), 11)) {
      ActionList actions;
      s.legal_actions(actions);
      std::vector<float> mask = e.legal_mask(s);
      int ones = 0;
      for (float m : mask) ones += m == 1.0f;
      int non_pass = 0;
      for (Action a : actions) {
        if (a.kind() == ActionKind::kPass) continue;
        ++non_pass;
        int index = e.policy_index(a);
        ASSERT_EQ(e.action_of(index), a);
        EXPECT_EQ(mask[index], 1.0f);
        EXPECT_EQ(e.on_board_policy_mask()[index], 1.0f);
      }
      EXPECT_EQ(ones, non_pass);
    }
  }
}

TEST(Features, SymmetriesCommuteWithEncodingAndLegalActions) {
  for (const Variant* v : Variant::all()) {
    const Encoding& e = Encoding::of(*v->board);
    const Board& b = *v->board;
    std::vector<float> mapped(e.input_size());
    for (const State& s : testing::random_states(*v, states_per_variant() / 4 + 1, 5)) {
      std::vector<float> x = encode(s);
      for (int g = 0; g < b.num_symmetries(); ++g) {
        State gs = s.transformed(g);
        e.transform_planes(g, x.data(), mapped.data(), kNumInputPlanes);
        ASSERT_EQ(encode(gs), mapped) << "symmetry " << g;
        ActionList actions, g_actions;
        s.legal_actions(actions);
        gs.legal_actions(g_actions);
        std::set<int> image, direct;
        for (Action a : actions) image.insert(a.transformed(b, g).code());
        for (Action a : g_actions) direct.insert(a.code());
        ASSERT_EQ(image, direct) << "symmetry " << g;
        for (Action a : actions) {
          if (a.kind() == ActionKind::kPass) continue;
          EXPECT_EQ(e.transform_policy_index(g, e.policy_index(a)),
                    e.policy_index(a.transformed(b, g)));
        }
      }
    }
  }
}

}  // namespace
}  // namespace zertz::nn
