// `zertz bench nn`: network positions per second by size, batch and intra-op threads, through the
// C++ module and through the inference path the search uses (nn/inference_module.h), each
// against the machine's fp32 matrix-multiply rate measured alongside; then the batching
// evaluator under many calling threads against a direct forward; last, the fast value head
// against a random playout.
#include <ATen/Parallel.h>
#include <torch/script.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <thread>

#include "cli/commands.h"
#include "nn/batched_evaluator.h"
#include "nn/cpu_network.h"
#include "nn/cpu_weights.h"
#include "nn/export.h"
#include "nn/fast_value.h"
#include "nn/features.h"
#include "nn/inference_module.h"

namespace zertz::cli {

struct BenchNnOptions {
  std::vector<std::string> sizes = nn::ModelConfig::names();
  std::vector<int> batches = {1, 8, 32, 64, 128, 256};
  std::vector<int> threads = {1, 2};
  std::string variant = "tournament";
  double seconds = 0.5;                  // per measurement
  std::string evaluator_size = "small";  // the BatchedEvaluator measurement
  int evaluator_batch = 64;
  int evaluator_callers = 8;
  std::string device = "auto";  // auto (CUDA when available), cpu or cuda
};

namespace {

using Clock = std::chrono::steady_clock;

// Runs `measure` on a fresh thread with `threads` intra-op threads and returns its result. Each
// thread that runs a parallel region gets its own OpenMP pool, and libgomp stops spinning
// between regions once its pools together hold more threads than the machine has cores: a
// measurement taken while another thread's pool exists is throttled (by about 25% here on 2
// cores). A joined thread frees its pool, so every figure is taken as the evaluator's inference
// thread runs, the only pool in a self-play process.
template <typename Measure>
auto on_fresh_thread(int threads, Measure measure) {
  decltype(measure()) result{};
  std::thread([&] {
    at::set_num_threads(threads);
    torch::InferenceMode guard;
    result = measure();
  }).join();
  return result;
}

// Calls per second of each step. After one warm-up call each, the steps take turns in slices of
// about 50 ms (or one call, if longer) until each has run `seconds`: the host's speed drifts by
// tens of percent over seconds here, and interleaving makes every step see the same drift, so
// ratios stay fair.
std::vector<double> interleaved_rates(double seconds,
                                      const std::vector<std::function<void()>>& steps) {
  constexpr double kSlice = 0.05;
  std::vector<double> spent(steps.size(), 0.0);
  std::vector<long> calls(steps.size(), 0);
  for (const auto& step : steps) step();
  for (bool more = true; more;) {
    more = false;
    for (std::size_t k = 0; k < steps.size(); ++k) {
      if (spent[k] >= seconds) continue;
      more = true;
      auto start = Clock::now();
      double elapsed = 0;
      do {
        steps[k]();
        ++calls[k];
        elapsed = std::chrono::duration<double>(Clock::now() - start).count();
      } while (elapsed < kSlice);
      spent[k] += elapsed;
    }
  }
  std::vector<double> rates(steps.size());
  for (std::size_t k = 0; k < steps.size(); ++k) rates[k] = double(calls[k]) / spent[k];
  return rates;
}

constexpr double kMatmulFlops = 2.0 * 1024 * 1024 * 1024;

// A GPU runs kernels asynchronously: a timed step ends when its work has finished.
void finish(torch::Device device) {
  if (device.is_cuda()) torch::cuda::synchronize();
}

struct Matmul {
  explicit Matmul(torch::Device d)
      : device(d), a(torch::randn({1024, 1024}).to(d)), b(torch::randn({1024, 1024}).to(d)) {}
  void operator()() const {
    (void)torch::mm(a, b);
    finish(device);
  }
  torch::Device device;
  torch::Tensor a, b;
};

State sample_state(const Variant& variant, Rng& rng) {
  State s(variant);
  int steps = static_cast<int>(rng.below(40));
  for (int k = 0; k < steps && !s.is_terminal(); ++k) s.apply(s.random_action(rng));
  return s;
}

torch::Tensor sample_inputs(const Variant& variant, int batch) {
  const nn::Encoding& e = nn::Encoding::of(*variant.board);
  auto x = torch::zeros({batch, nn::kNumInputPlanes, e.grid(), e.grid()});
  Rng rng(7);
  for (int i = 0; i < batch; ++i) e.encode(sample_state(variant, rng), x[i].data_ptr<float>());
  return x;
}

// Positions per second through the BatchedEvaluator when `callers` threads each submit
// batch / callers positions per call (no cache, no symmetry: the network's cost alone).
nn::EvaluatorStats evaluator_run(nn::ZertzNet& net, const Variant& variant, int batch, int callers,
                                 int threads, double seconds, const std::string& device) {
  nn::EvaluatorOptions options;
  options.max_batch = batch;
  options.cache_entries = 0;
  options.random_symmetry = false;
  options.intra_op_threads = threads;
  options.device = device;
  options.backend = "libtorch";  // the table compares it with LibTorch's own forward pass
  nn::BatchedEvaluator evaluator(*net, variant, options);
  std::vector<State> states;
  Rng rng(11);
  while (static_cast<int>(states.size()) < batch) {
    State s = sample_state(variant, rng);
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
  return stats;
}

void network_table(const BenchNnOptions& options, const Variant& variant, torch::Device device) {
  const int grid = variant.board->grid_size();
  std::printf("%-7s %6s %8s %13s %16s %12s %10s %12s %8s\n", "size", "batch", "threads",
              "module pos/s", "inference pos/s", "eigen pos/s", "GFLOP/s", "mm GFLOP/s", "% of mm");
  for (const std::string& size : options.sizes) {
    nn::ModelConfig config = nn::ModelConfig::named(size);
    torch::manual_seed(1);
    nn::ZertzNet net(config);
    net->eval();
    nn::InferenceModule inference(*net, device);
    // The Eigen engine runs on one thread of the CPU, whatever the intra-op count.
    nn::CpuNetwork eigen(nn::cpu_weights(nn::to_torchscript(*net)), grid);
    net->to(device);
    const double flops_per_position = 2.0 * nn::forward_macs(config, grid);
    for (int batch : options.batches) {
      torch::Tensor x = sample_inputs(variant, batch);  // the inference path copies it over
      torch::Tensor x_on_device = x.to(device);
      std::vector<float> logits(static_cast<std::size_t>(batch) *
                                nn::Encoding::of(*variant.board).policy_size());
      std::vector<float> wdl(static_cast<std::size_t>(batch) * 3);
      for (int threads : options.threads) {
        std::vector<double> rates = on_fresh_thread(threads, [&] {
          Matmul matmul(device);
          return interleaved_rates(
              options.seconds,
              {matmul,
               [&] {
                 (void)net->forward(x_on_device);
                 finish(device);
               },
               [&] { (void)inference.forward(x); },
               [&] { eigen.forward(x.data_ptr<float>(), batch, logits.data(), wdl.data()); }});
        });
        double mm = rates[0] * kMatmulFlops / 1e9;
        double best = batch * std::max({rates[1], rates[2], rates[3]});
        double gflops = best * flops_per_position / 1e9;
        std::printf("%-7s %6d %8d %13.0f %16.0f %12.0f %10.1f %12.1f %7.0f%%\n", size.c_str(),
                    batch, threads, batch * rates[1], batch * rates[2], batch * rates[3], gflops,
                    mm, 100.0 * gflops / mm);
        std::fflush(stdout);
      }
    }
  }
}

void evaluator_table(const BenchNnOptions& options, const Variant& variant, torch::Device device) {
  const int batch = options.evaluator_batch;
  const int callers = options.evaluator_callers;
  std::printf(
      "evaluator: %s net, %d calling threads, batch %d (direct: the mean of one forward "
      "loop before and one after)\n",
      options.evaluator_size.c_str(), callers, batch);
  std::printf("%8s %14s %17s %8s %11s %10s\n", "threads", "direct pos/s", "evaluator pos/s",
              "ratio", "avg batch", "% forward");
  torch::manual_seed(1);
  nn::ZertzNet net(nn::ModelConfig::named(options.evaluator_size));
  net->eval();
  nn::InferenceModule inference(*net, device);
  torch::Tensor x = sample_inputs(variant, batch);
  auto direct = [&](int threads) {
    return batch * on_fresh_thread(threads, [&] {
             return interleaved_rates(options.seconds, {[&] { (void)inference.forward(x); }})[0];
           });
  };
  for (int threads : options.threads) {
    double before = direct(threads);
    nn::EvaluatorStats stats =
        evaluator_run(net, variant, batch, callers, threads, options.seconds, device.str());
    double after = direct(threads);
    double mean = (before + after) / 2;
    std::printf("%8d %14.0f %17.0f %7.0f%% %11.1f %9.0f%%\n", threads, mean,
                stats.evaluations_per_second(), 100.0 * stats.evaluations_per_second() / mean,
                stats.average_batch(), 100.0 * stats.forward_seconds / stats.seconds);
  }
}

// The fast value head (nn/fast_value.h), one position per call with its encoding, against one
// random playout from the same positions: what each costs a search's new leaf.
void fast_value_table(const Variant& variant, double seconds) {
  std::printf(
      "fast value head, one position per call (encoding included), against a random "
      "playout from the same positions\n");
  std::printf("%9s %7s %16s %12s %8s\n", "channels", "hidden", "fast value pos/s", "playouts/s",
              "ratio");
  Rng rng(7);
  std::vector<State> states;
  for (int i = 0; i < 256; ++i) states.push_back(sample_state(variant, rng));
  for (auto [channels, hidden] : {std::pair{8, 32}, std::pair{16, 32}, std::pair{32, 64}}) {
    nn::ModelConfig config = nn::ModelConfig::named("tiny");
    config.fast_value_channels = channels;
    config.fast_value_hidden = hidden;
    torch::manual_seed(1);
    nn::ZertzNet net(config);
    net->eval();
    nn::FastValueNet fast(*nn::cpu_weights(nn::to_torchscript(*net)).fast_value, *variant.board);
    std::size_t next_fast = 0, next_playout = 0;
    Rng playout_rng(3);
    // Both calls live in other translation units, so neither is optimised away.
    std::vector<double> rates =
        interleaved_rates(seconds, {[&] { (void)fast.value(states[next_fast++ % states.size()]); },
                                    [&] {
                                      State s = states[next_playout++ % states.size()];
                                      s.play_random(playout_rng);
                                    }});
    std::printf("%9d %7d %16.0f %12.0f %7.2fx\n", channels, config.fast_value_hidden, rates[0],
                rates[1], rates[1] / rates[0]);
    std::fflush(stdout);
  }
}

}  // namespace

int run_bench_nn(const BenchNnOptions& options) {
  const Variant& variant = *Variant::find(options.variant);
  const int grid = variant.board->grid_size();
  torch::Device device = nn::choose_device(options.device);
  std::printf("bench nn: %s (%dx%d grid) on %s, %.2f s per measurement\n", variant.name.c_str(),
              grid, grid, device.str().c_str(), options.seconds);
  at::set_num_threads(1);  // set-up work on this thread must not start a pool of its own
  network_table(options, variant, device);
  evaluator_table(options, variant, device);
  fast_value_table(variant, options.seconds);
  return 0;
}

void add_bench_nn_command(CLI::App& parent, std::vector<Command>& commands) {
  auto options = std::make_shared<BenchNnOptions>();
  auto* cmd = parent.add_subcommand("nn", "Network positions per second and FLOP/s");
  cmd->add_option("--sizes", options->sizes, "Model sizes")
      ->check(CLI::IsMember(nn::ModelConfig::names()));
  cmd->add_option("--batches", options->batches, "Batch sizes")->check(CLI::Range(1, 4096));
  cmd->add_option("--threads", options->threads, "Intra-op thread counts")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--variant", options->variant, "Rule variant (board size)")
      ->check(CLI::IsMember(variant_names()));
  cmd->add_option("--seconds", options->seconds, "Time per measurement")
      ->check(CLI::Range(0.01, 600.0));
  cmd->add_option("--evaluator-size", options->evaluator_size, "Model size for the evaluator run")
      ->check(CLI::IsMember(nn::ModelConfig::names()));
  cmd->add_option("--evaluator-batch", options->evaluator_batch, "Evaluator batch size")
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--evaluator-callers", options->evaluator_callers,
                  "Threads calling the evaluator")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--device", options->device, "auto (CUDA when available), cpu or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
  commands.push_back({cmd, [options] { return run_bench_nn(*options); }});
}

}  // namespace zertz::cli
