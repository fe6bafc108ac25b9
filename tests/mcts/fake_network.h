// A fake network for the evaluator decorators' tests: answers that depend only on the position
// (and a version, standing for its weights), so that any answer can be checked, and positions
// from seeded random games to ask about.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "mcts/evaluator.h"
#include "tests/core/test_positions.h"

namespace zertz::mcts::testing {

// The answer of `version` for `state`: a value and a draw chance from the hash, priors
// proportional to 1, 2, 3, ... over the actions.
inline float fake_value(const State& state, int version) {
  return static_cast<float>((state.hash() >> 11) % 1000) / 1000.0f - 0.5f * version;
}
inline float fake_draw(const State& state) {
  return static_cast<float>((state.hash() >> 23) % 100) / 1000.0f;
}

class FakeNetwork : public Evaluator {
 public:
  void evaluate(std::span<const EvalRequest> batch) override { answer(batch, version.load()); }

  // Answers as the weights of `v` would.
  void answer(std::span<const EvalRequest> batch, int v) {
    calls += 1;
    requests += batch.size();
    for (const EvalRequest& r : batch) {
      float total = 0;
      for (std::size_t a = 0; a < r.priors.size(); ++a) total += static_cast<float>(a + 1);
      for (std::size_t a = 0; a < r.priors.size(); ++a) {
        r.priors[a] = static_cast<float>(a + 1) / total;
      }
      *r.value = fake_value(*r.state, v);
      if (r.draw != nullptr) *r.draw = fake_draw(*r.state);
    }
  }
  std::atomic<int> version{0};
  std::atomic<std::uint64_t> calls{0}, requests{0};
};

// The first `count` non-terminal positions of seeded random games of `variant` (the random
// games of tests/core/test_positions.h).
inline std::vector<State> random_positions(const Variant& variant, int count, std::uint64_t seed) {
  std::vector<State> out;
  for (const State& s : zertz::testing::random_states(variant, count, seed)) {
    if (static_cast<int>(out.size()) == count) break;
    if (!s.is_terminal()) out.push_back(s);
  }
  return out;
}

// One position's request with its own storage.
struct Query {
  explicit Query(const State& s) : state(s) {
    ActionList list;
    state.legal_actions(list);
    actions.assign(list.begin(), list.end());
    priors.assign(actions.size(), -1.0f);
  }
  EvalRequest request(bool with_draw = false) {
    return {&state, actions, priors, &value, with_draw ? &draw : nullptr};
  }
  State state;
  std::vector<Action> actions;
  std::vector<float> priors;
  float value = 2.0f, draw = -1.0f;
};

}  // namespace zertz::mcts::testing
