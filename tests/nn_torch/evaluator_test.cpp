#include <gtest/gtest.h>

#include <thread>

#include "nn/batched_evaluator.h"
#include "nn/features.h"
#include "nn/model.h"
#include "nn/network_evaluator.h"
#include "tests/core/test_positions.h"

namespace zertz::nn {
namespace {

// One state's request with its own storage.
struct Query {
  explicit Query(const State& s) : state(s) {
    ActionList list;
    s.legal_actions(list);
    actions.assign(list.begin(), list.end());
    priors.assign(actions.size(), -1.0f);
  }
  mcts::EvalRequest request() { return {&state, actions, priors, &value}; }
  State state;
  std::vector<Action> actions;
  std::vector<float> priors;
  float value = 2.0f;
};

std::vector<State> sample_states(const Variant& v, int count) {
  std::vector<State> out;
  for (const State& s : testing::random_states(v, 4, 3)) {
    if (!s.is_terminal() && static_cast<int>(out.size()) < count) out.push_back(s);
  }
  return out;
}

// The network's answer for `s` seen through symmetry g, computed directly.
Query direct(ZertzNet& net, const State& s, int g) {
  const Encoding& e = Encoding::of(s.board());
  auto x = torch::empty({1, kNumInputPlanes, e.grid(), e.grid()});
  e.encode(s.transformed(g), x.data_ptr<float>());
  torch::NoGradGuard no_grad;
  ModelOutput out = net->forward(x);
  Query q(s);
  std::vector<float> logits;
  for (Action a : q.actions) {
    logits.push_back(
        a.kind() == ActionKind::kPass
            ? 0.0f
            : out.policy_logits[0][e.policy_index(a.transformed(s.board(), g))].item<float>());
  }
  auto p = torch::softmax(torch::tensor(logits), 0);
  for (std::size_t i = 0; i < logits.size(); ++i)
    q.priors[i] = p[static_cast<int64_t>(i)].item<float>();
  auto wdl = torch::softmax(out.value_logits[0], 0);
  q.value = wdl[0].item<float>() - wdl[2].item<float>();
  return q;
}

float distance(const Query& a, const Query& b) {
  float d = std::abs(a.value - b.value);
  for (std::size_t i = 0; i < a.priors.size(); ++i)
    d = std::max(d, std::abs(a.priors[i] - b.priors[i]));
  return d;
}

ZertzNet tiny_net(int seed) {
  torch::manual_seed(seed);
  ZertzNet net(ModelConfig::named("tiny"));
  net->eval();
  return net;
}

EvaluatorOptions plain_options() {
  EvaluatorOptions o;
  o.random_symmetry = false;
  o.cache_entries = 0;
  o.device = "cpu";
  o.intra_op_threads = 1;
  return o;
}

TEST(BatchedEvaluator, BothEnginesMatchADirectForwardOverLegalActions) {
  ZertzNet net = tiny_net(1);
  for (const Variant* v : Variant::all()) {
    for (const char* backend : {"libtorch", "eigen"}) {
      EvaluatorOptions o = plain_options();
      o.backend = backend;
      BatchedEvaluator evaluator(*net, *v, o);
      EXPECT_EQ(evaluator.backend(), backend);
      std::vector<Query> queries;
      for (const State& s : sample_states(*v, 12)) queries.emplace_back(s);
      std::vector<mcts::EvalRequest> batch;
      for (Query& q : queries) batch.push_back(q.request());
      evaluator.evaluate(batch);
      for (Query& q : queries) {
        float total = 0;
        for (float p : q.priors) total += p;
        EXPECT_NEAR(total, 1.0f, 1e-5);
        EXPECT_GE(q.value, -1.0f);
        EXPECT_LE(q.value, 1.0f);
        EXPECT_LT(distance(q, direct(net, q.state, 0)), 1e-5) << v->name << " " << backend;
      }
    }
  }
}

TEST(BatchedEvaluator, AutoRunsSmallBatchesOfNarrowNetsOnEigen) {
  EXPECT_EQ(eigen_batch_limit("auto", false, 16), kAutoEigenMaxBatch);
  EXPECT_EQ(eigen_batch_limit("auto", false, 64), 0);
  EXPECT_EQ(eigen_batch_limit("auto", true, 16), 0);
  EXPECT_EQ(eigen_batch_limit("libtorch", false, 16), 0);
  EXPECT_EQ(eigen_batch_limit("eigen", false, 256), kAlwaysEigen);
  EXPECT_THROW(eigen_batch_limit("eigen", true, 16), std::runtime_error);
  EXPECT_THROW(eigen_batch_limit("onnx", false, 16), std::runtime_error);
  ZertzNet net = tiny_net(7);
  BatchedEvaluator evaluator(*net, Variant::tournament(), plain_options());
  EXPECT_EQ(evaluator.backend(), "eigen up to 16 positions, libtorch above");
  // Batches on both sides of the limit get the network's answers.
  for (int size : {3, 40}) {
    std::vector<Query> queries;
    for (const State& s : sample_states(Variant::tournament(), size)) queries.emplace_back(s);
    ASSERT_EQ(static_cast<int>(queries.size()), size);
    std::vector<mcts::EvalRequest> batch;
    for (Query& q : queries) batch.push_back(q.request());
    evaluator.evaluate(batch);
    for (Query& q : queries) EXPECT_LT(distance(q, direct(net, q.state, 0)), 1e-5) << size;
  }
}

TEST(BatchedEvaluator, RandomSymmetryGivesOneOfTheSymmetricAnswers) {
  ZertzNet net = tiny_net(2);
  EvaluatorOptions o = plain_options();
  o.random_symmetry = true;
  BatchedEvaluator evaluator(*net, Variant::tournament(), o);
  for (const State& s : sample_states(Variant::tournament(), 8)) {
    Query q(s);
    mcts::EvalRequest r = q.request();
    evaluator.evaluate({&r, 1});
    float best = 1e9f;
    for (int g = 0; g < s.board().num_symmetries(); ++g)
      best = std::min(best, distance(q, direct(net, s, g)));
    EXPECT_LT(best, 1e-5);
  }
}

TEST(BatchedEvaluator, ManyCallingThreadsShareBatchesAndGetTheirOwnAnswers) {
  ZertzNet net = tiny_net(3);
  EvaluatorOptions o = plain_options();
  o.max_batch = 32;
  o.deadline_us = 20000;
  BatchedEvaluator evaluator(*net, Variant::tournament(), o);
  std::vector<State> states = sample_states(Variant::tournament(), 64);
  std::vector<Query> expected;
  for (const State& s : states) expected.push_back(direct(net, s, 0));
  constexpr int kThreads = 8;
  std::vector<std::vector<Query>> answers(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (std::size_t i = t; i < states.size(); i += kThreads) answers[t].emplace_back(states[i]);
      for (Query& q : answers[t]) {
        mcts::EvalRequest r = q.request();
        evaluator.evaluate({&r, 1});
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    for (std::size_t k = 0; k < answers[t].size(); ++k) {
      EXPECT_LT(distance(answers[t][k], expected[t + k * kThreads]), 1e-5);
    }
  }
  EvaluatorStats stats = evaluator.stats();
  EXPECT_EQ(stats.evaluated, states.size());
  EXPECT_GT(stats.average_batch(), 1.0);
}

TEST(BatchedEvaluator, CacheAnswersRepeatsAndWeightUpdatesClearIt) {
  ZertzNet net = tiny_net(4);
  EvaluatorOptions o = plain_options();
  o.cache_entries = 1024;
  BatchedEvaluator evaluator(*net, Variant::basic(), o);
  State s = sample_states(Variant::basic(), 5).back();
  Query first(s), second(s);
  mcts::EvalRequest r1 = first.request(), r2 = second.request();
  evaluator.evaluate({&r1, 1});
  evaluator.evaluate({&r2, 1});
  EXPECT_EQ(distance(first, second), 0.0f);
  EXPECT_DOUBLE_EQ(evaluator.stats().cache_hit_rate(), 0.5);
  EXPECT_EQ(evaluator.stats().evaluated, 1u);

  ZertzNet other = tiny_net(5);
  evaluator.update_weights(*other);
  Query third(s);
  mcts::EvalRequest r3 = third.request();
  evaluator.evaluate({&r3, 1});
  EXPECT_EQ(evaluator.stats().evaluated, 2u);
  EXPECT_LT(distance(third, direct(other, s, 0)), 1e-5);
  EXPECT_GT(distance(third, first), 1e-4);
}

TEST(BatchedEvaluator, RefusesUnknownOrMissingDevices) {
  ZertzNet net = tiny_net(6);
  EvaluatorOptions o = plain_options();
  o.device = "tpu";
  EXPECT_THROW(BatchedEvaluator(*net, Variant::basic(), o), std::runtime_error);
  if (!torch::cuda::is_available()) {
    o.device = "cuda";
    try {
      BatchedEvaluator evaluator(*net, Variant::basic(), o);
      ADD_FAILURE() << "no error";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("no CUDA device"), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace zertz::nn
