// The engine with a network (a freshly initialised tiny model): genmove by visits and by time
// and analyze search with mcts::Search and answer legal turns on every variant.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "core/turn.h"
#include "evaluation/player_factory.h"
#include "frontends/engine.h"
#include "nn/checkpoint.h"
#include "tests/scratch.h"

namespace zertz::frontends {
namespace {

std::string tiny_checkpoint(const Variant& variant) {
  std::string path = testing::scratch_path("frontends-" + variant.name, ".ckpt").string();
  nn::CheckpointInfo info;
  info.model = nn::ModelConfig::named("tiny");
  info.variant = variant.name;
  nn::ZertzNet net(info.model);
  nn::save_checkpoint(path, info, net, nullptr);
  return path;
}

// The turn of a `= TURN` answer, played on `state`; fails the test when it is not legal.
void expect_legal_answer(const std::string& answer, State& state) {
  ASSERT_EQ(answer.substr(0, 2), "= ") << answer;
  std::string text = answer.substr(2, answer.size() - 4);
  ASSERT_NO_THROW(apply_turn(state, parse_turn(state, text))) << text;
}

TEST(NetworkEngine, GenmoveAndAnalyzeOnEveryVariant) {
  for (const Variant* variant : Variant::all()) {
    std::string path = tiny_checkpoint(*variant);
    {
      Engine engine(DriverOptions{path, 16, 2, 1, evaluation::load_model}, *variant);
      State state(*variant);
      expect_legal_answer(engine.answer("genmove"), state);
      expect_legal_answer(engine.answer("genmove visits 24"), state);
      expect_legal_answer(engine.answer("genmove time 50"), state);
      std::string analysis = engine.answer("analyze visits 32");
      EXPECT_EQ(analysis.substr(0, 9), "= visits ") << analysis;
      EXPECT_NE(analysis.find(" turn "), std::string::npos) << analysis;
      // A network's candidates carry win/draw/loss shares summing to 1.
      std::size_t wdl = analysis.find(" wdl ");
      ASSERT_NE(wdl, std::string::npos) << analysis;
      std::istringstream shares(analysis.substr(wdl + 5));
      double w = 0, d = 0, l = 0;
      char slash = 0;
      shares >> w >> slash >> d >> slash >> l;
      EXPECT_NEAR(w + d + l, 1.0, 0.01) << analysis;
      // A network plays one variant: another is refused and the game goes on.
      std::string other = variant->name == "basic" ? "tournament" : "basic";
      EXPECT_EQ(engine.answer("newgame " + other).substr(0, 11), "? newgame: ");
      EXPECT_EQ(engine.answer("result"), "= *\n\n");
    }
    std::filesystem::remove(path);
  }
}

}  // namespace
}  // namespace zertz::frontends
