// `zertz bench nn`: network positions per second by size, batch and intra-op threads, through the
// C++ module and through the TorchScript export (batch norm folded, optimize_for_inference), and
// the machine's fp32 matrix-multiply rate for scale.
#include <ATen/Parallel.h>
#include <torch/script.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

#include "cli/commands.h"
#include "nn/batched_evaluator.h"
#include "nn/export.h"
#include "nn/features.h"

namespace zertz::cli {

namespace {

using Clock = std::chrono::steady_clock;

// Runs `step` until `seconds` have passed (at least twice, after one warm-up); calls per second.
template <typename Step>
double rate(double seconds, Step step) {
  step();
  int calls = 0;
  auto start = Clock::now();
  double spent = 0;
  while (calls < 2 ||
         (spent = std::chrono::duration<double>(Clock::now() - start).count()) < seconds) {
    step();
    ++calls;
  }
  spent = std::chrono::duration<double>(Clock::now() - start).count();
  return calls / spent;
}

double matmul_gflops(double seconds) {
  torch::InferenceMode guard;
  auto a = torch::randn({1024, 1024});
  auto b = torch::randn({1024, 1024});
  return rate(seconds, [&] { (void)torch::mm(a, b); }) * 2.0 * 1024 * 1024 * 1024 / 1e9;
}

torch::Tensor sample_inputs(const Variant& variant, int batch) {
  const nn::Encoding& e = nn::Encoding::of(*variant.board);
  auto x = torch::zeros({batch, nn::kNumInputPlanes, e.grid(), e.grid()});
  Rng rng(7);
  for (int i = 0; i < batch; ++i) {
    State s(variant);
    int steps = static_cast<int>(rng.below(40));
    for (int k = 0; k < steps && !s.is_terminal(); ++k) s.apply(s.random_action(rng));
    e.encode(s, x[i].data_ptr<float>());
  }
  return x;
}

// Positions per second through the BatchedEvaluator when `callers` threads each submit
// batch / callers positions per call (no cache, no symmetry: the network's cost alone).
double evaluator_rate(nn::ZertzNet& net, const Variant& variant, int batch, int callers,
                      int threads, double seconds) {
  nn::EvaluatorOptions options;
  options.max_batch = batch;
  options.cache_entries = 0;
  options.random_symmetry = false;
  options.intra_op_threads = threads;
  options.device = "cpu";
  nn::BatchedEvaluator evaluator(*net, variant, options);
  std::vector<State> states;
  Rng rng(11);
  while (static_cast<int>(states.size()) < batch) {
    State s(variant);
    int steps = static_cast<int>(rng.below(40));
    for (int k = 0; k < steps && !s.is_terminal(); ++k) s.apply(s.random_action(rng));
    if (!s.is_terminal()) states.push_back(s);
  }
  std::atomic<bool> stop{false};
  std::vector<std::thread> workers;
  for (int c = 0; c < callers; ++c) {
    workers.emplace_back([&, c] {
      std::vector<std::vector<Action>> actions;
      std::vector<std::vector<float>> priors;
      std::vector<float> values(states.size());
      std::vector<mcts::EvalRequest> requests;
      for (std::size_t i = c; i < states.size(); i += callers) {
        ActionList list;
        states[i].legal_actions(list);
        actions.emplace_back(list.begin(), list.end());
        priors.emplace_back(list.size);
      }
      for (std::size_t k = 0; k < actions.size(); ++k) {
        requests.push_back({&states[c + k * callers], actions[k], priors[k], &values[k]});
      }
      while (!stop) evaluator.evaluate(requests);
    });
  }
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds / 4));  // warm up
  evaluator.reset_stats();
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  nn::EvaluatorStats stats = evaluator.stats();
  stop = true;
  for (auto& w : workers) w.join();
  std::printf("  (evaluator: average batch %.1f, %.0f evaluations/s)\n", stats.average_batch(),
              stats.evaluations_per_second());
  return stats.evaluations_per_second();
}

}  // namespace

int run_bench_nn(const BenchNnOptions& options) {
  const Variant& variant = *Variant::find(options.variant);
  const int grid = variant.board->grid_size();
  std::printf("bench nn: %s (%dx%d grid), %.2f s per measurement\n", variant.name.c_str(), grid,
              grid, options.seconds);
  std::vector<double> matmul(options.threads.size());
  for (std::size_t t = 0; t < options.threads.size(); ++t) {
    at::set_num_threads(options.threads[t]);
    matmul[t] = matmul_gflops(options.seconds);
    std::printf("torch::mm 1024x1024 fp32, %d thread(s): %.1f GFLOP/s\n", options.threads[t],
                matmul[t]);
  }
  std::printf("%-7s %6s %8s %14s %14s %10s %11s\n", "size", "batch", "threads", "module pos/s",
              "script pos/s", "GFLOP/s", "% of mm");
  for (const std::string& size : options.sizes) {
    nn::ModelConfig config = nn::ModelConfig::named(size);
    torch::manual_seed(1);
    nn::ZertzNet net(config);
    net->eval();
    torch::jit::Module exported = nn::to_torchscript(*net);
    torch::jit::Module script = torch::jit::optimize_for_inference(exported);
    const double flops_per_position = 2.0 * nn::forward_macs(config, grid);
    for (int batch : options.batches) {
      torch::Tensor x = sample_inputs(variant, batch);
      for (std::size_t t = 0; t < options.threads.size(); ++t) {
        at::set_num_threads(options.threads[t]);
        torch::InferenceMode guard;
        double module_rate = batch * rate(options.seconds, [&] { (void)net->forward(x); });
        double script_rate = batch * rate(options.seconds, [&] { (void)script.forward({x}); });
        double best = std::max(module_rate, script_rate);
        double gflops = best * flops_per_position / 1e9;
        std::printf("%-7s %6d %8d %14.0f %14.0f %10.1f %10.0f%%\n", size.c_str(), batch,
                    options.threads[t], module_rate, script_rate, gflops,
                    100.0 * gflops / matmul[t]);
        std::fflush(stdout);
      }
    }
  }
  const int batch = options.evaluator_batch;
  const int callers = options.evaluator_callers;
  std::printf("evaluator: %s net, %d calling threads, batch %d\n", options.evaluator_size.c_str(),
              callers, batch);
  std::printf("%8s %16s %16s %8s\n", "threads", "direct pos/s", "evaluator pos/s", "ratio");
  nn::ModelConfig config = nn::ModelConfig::named(options.evaluator_size);
  torch::manual_seed(1);
  nn::ZertzNet net(config);
  net->eval();
  torch::jit::Module exported = nn::to_torchscript(*net);
  torch::jit::Module script = torch::jit::optimize_for_inference(exported);
  torch::Tensor x = sample_inputs(variant, batch);
  for (int threads : options.threads) {
    at::set_num_threads(threads);
    double direct = 0;
    {
      torch::InferenceMode guard;
      direct = batch * rate(options.seconds, [&] { (void)script.forward({x}); });
    }
    double through = evaluator_rate(net, variant, batch, callers, threads, 2 * options.seconds);
    std::printf("%8d %16.0f %16.0f %7.0f%%\n", threads, direct, through, 100.0 * through / direct);
  }
  return 0;
}

}  // namespace zertz::cli
