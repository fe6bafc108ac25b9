#include "nn/batched_evaluator.h"

#include <ATen/Parallel.h>
#include <torch/script.h>

#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <limits>
#include <mutex>
#include <thread>

#include "nn/features.h"
#include "nn/inference_module.h"

namespace zertz::nn {

namespace {

using Clock = std::chrono::steady_clock;

// A fixed-size, direct-mapped table of results, like a transposition table: bounded memory, and
// a newer position simply replaces an older one in its slot.
class PositionCache {
 public:
  explicit PositionCache(std::size_t entries) : slots_(entries) {}

  bool lookup(std::uint64_t hash, const mcts::EvalRequest& r) {
    if (slots_.empty()) return false;
    Slot& s = slots_[hash % slots_.size()];
    std::lock_guard lock(shard(hash));
    if (!s.used || s.hash != hash || s.priors.size() != r.priors.size()) return false;
    std::copy(s.priors.begin(), s.priors.end(), r.priors.begin());
    *r.value = s.value;
    return true;
  }

  void store(std::uint64_t hash, const mcts::EvalRequest& r) {
    if (slots_.empty()) return;
    Slot& s = slots_[hash % slots_.size()];
    std::lock_guard lock(shard(hash));
    s.used = true;
    s.hash = hash;
    s.priors.assign(r.priors.begin(), r.priors.end());
    s.value = *r.value;
  }

  void clear() {
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      std::lock_guard lock(shard(i));
      slots_[i].used = false;
    }
  }

 private:
  struct Slot {
    bool used = false;
    std::uint64_t hash = 0;
    std::vector<float> priors;
    float value = 0;
  };
  std::mutex& shard(std::uint64_t key) { return shards_[key % slots_.size() % shards_.size()]; }

  std::vector<Slot> slots_;
  std::array<std::mutex, 64> shards_;
};

}  // namespace

struct BatchedEvaluator::Impl {
  struct Ticket {
    int remaining = 0;
  };
  struct Pending {
    const mcts::EvalRequest* request;
    const float* input;  // input_size() floats in the caller's buffer
    int symmetry;
    Ticket* ticket;
    Clock::time_point enqueued;
  };

  Impl(const Variant& v, const EvaluatorOptions& o, InferenceModule m)
      : variant(v),
        encoding(Encoding::of(*v.board)),
        options(o),
        device(m.device()),
        module(std::move(m)),
        cache(o.cache_entries),
        rng(o.seed),
        started(Clock::now()) {
    worker = std::thread([this] { run(); });
  }

  ~Impl() {
    {
      std::lock_guard lock(mutex);
      stop = true;
    }
    work_ready.notify_all();
    worker.join();
  }

  void evaluate(std::span<const mcts::EvalRequest> batch);
  void run();
  void forward(std::vector<Pending*>& items);

  const Variant& variant;
  const Encoding& encoding;
  EvaluatorOptions options;
  const torch::Device device;
  std::mutex model_mutex;  // guards the module: update_weights swaps it between forward passes
  InferenceModule module;
  PositionCache cache;

  std::mutex mutex;  // guards the queue, the generator, the statistics and the tickets
  std::condition_variable work_ready, work_done;
  std::deque<Pending*> queue;
  bool stop = false;
  Rng rng;
  EvaluatorStats stats;
  Clock::time_point started;
  std::thread worker;
};

void BatchedEvaluator::Impl::evaluate(std::span<const mcts::EvalRequest> batch) {
  std::vector<Pending> pending;
  pending.reserve(batch.size());
  Ticket ticket;
  std::uint64_t hits = 0;
  for (const mcts::EvalRequest& r : batch) {
    if (cache.lookup(r.state->hash(), r)) {
      ++hits;
      continue;
    }
    pending.push_back({&r, nullptr, 0, &ticket, Clock::now()});
  }
  // One buffer for this call's inputs: no allocation per request on the search's hot path.
  std::vector<float> inputs(pending.size() * static_cast<std::size_t>(encoding.input_size()));
  {
    std::lock_guard lock(mutex);
    stats.requests += batch.size();
    stats.cache_hits += hits;
    const auto symmetries = static_cast<std::uint32_t>(variant.board->num_symmetries());
    for (Pending& p : pending) {
      if (!options.random_symmetry) continue;
      p.symmetry =
          static_cast<int>(options.symmetry_by_position
                               ? Rng(p.request->state->hash() ^ options.seed).below(symmetries)
                               : rng.below(symmetries));
    }
  }
  // Encoding runs in the calling threads, in parallel; the inference thread only stacks inputs.
  for (std::size_t i = 0; i < pending.size(); ++i) {
    Pending& p = pending[i];
    float* input = inputs.data() + i * static_cast<std::size_t>(encoding.input_size());
    if (p.symmetry == 0) {
      encoding.encode(*p.request->state, input);
    } else {
      encoding.encode(p.request->state->transformed(p.symmetry), input);
    }
    p.input = input;
  }
  if (pending.empty()) return;
  std::unique_lock lock(mutex);
  ticket.remaining = static_cast<int>(pending.size());
  for (Pending& p : pending) queue.push_back(&p);
  work_ready.notify_one();
  work_done.wait(lock, [&] { return ticket.remaining == 0; });
}

void BatchedEvaluator::Impl::run() {
  at::set_num_threads(options.intra_op_threads);
  c10::InferenceMode guard;
  std::vector<Pending*> items;
  for (;;) {
    {
      std::unique_lock lock(mutex);
      work_ready.wait(lock, [&] { return stop || !queue.empty(); });
      if (queue.empty()) return;  // stopping
      auto deadline = queue.front()->enqueued + std::chrono::microseconds(options.deadline_us);
      work_ready.wait_until(lock, deadline, [&] {
        return stop || static_cast<int>(queue.size()) >= options.max_batch;
      });
      std::size_t n =
          std::min<std::size_t>(queue.size(), static_cast<std::size_t>(options.max_batch));
      items.assign(queue.begin(), queue.begin() + static_cast<std::ptrdiff_t>(n));
      queue.erase(queue.begin(), queue.begin() + static_cast<std::ptrdiff_t>(n));
    }
    auto forward_start = Clock::now();
    forward(items);
    double forward_seconds = std::chrono::duration<double>(Clock::now() - forward_start).count();
    {
      std::lock_guard lock(mutex);
      stats.forward_seconds += forward_seconds;
      for (Pending* p : items) --p->ticket->remaining;
      ++stats.forwards;
      stats.evaluated += items.size();
    }
    work_done.notify_all();
  }
}

void BatchedEvaluator::Impl::forward(std::vector<Pending*>& items) {
  const int n = static_cast<int>(items.size());
  const int grid = encoding.grid();
  auto x = torch::empty({n, kNumInputPlanes, grid, grid});
  float* data = x.data_ptr<float>();
  for (int i = 0; i < n; ++i) {
    std::memcpy(data + static_cast<std::ptrdiff_t>(i) * encoding.input_size(), items[i]->input,
                sizeof(float) * encoding.input_size());
  }
  InferenceModule::Output out;
  {
    std::lock_guard lock(model_mutex);
    out = module.forward(x);
  }
  const float* logits = out.policy_logits.data_ptr<float>();
  const float* values = out.win_draw_loss.data_ptr<float>();
  const Board& board = *variant.board;
  for (int i = 0; i < n; ++i) {
    const mcts::EvalRequest& r = *items[i]->request;
    const float* row = logits + static_cast<std::ptrdiff_t>(i) * encoding.policy_size();
    float max_logit = -std::numeric_limits<float>::infinity();
    for (std::size_t a = 0; a < r.actions.size(); ++a) {
      Action action = r.actions[a];
      float logit = 0;  // a forced pass is the only action: any constant will do
      if (action.kind() != ActionKind::kPass) {
        logit = row[encoding.policy_index(action.transformed(board, items[i]->symmetry))];
      }
      r.priors[a] = logit;
      max_logit = std::max(max_logit, logit);
    }
    float total = 0;
    for (float& p : r.priors) total += (p = std::exp(p - max_logit));
    for (float& p : r.priors) p /= total;
    *r.value = values[3 * i] - values[3 * i + 2];
    cache.store(r.state->hash(), r);
  }
}

BatchedEvaluator::BatchedEvaluator(ZertzNetImpl& net, const Variant& variant,
                                   const EvaluatorOptions& options) {
  impl_ =
      std::make_unique<Impl>(variant, options, InferenceModule(net, choose_device(options.device)));
}

BatchedEvaluator::BatchedEvaluator(const std::string& torchscript_path, const Variant& variant,
                                   const EvaluatorOptions& options) {
  impl_ = std::make_unique<Impl>(variant, options,
                                 InferenceModule(torchscript_path, choose_device(options.device)));
}

BatchedEvaluator::~BatchedEvaluator() = default;

void BatchedEvaluator::evaluate(std::span<const mcts::EvalRequest> batch) {
  impl_->evaluate(batch);
}

void BatchedEvaluator::update_weights(ZertzNetImpl& net) {
  InferenceModule fresh(net, impl_->device);
  {
    std::lock_guard lock(impl_->model_mutex);
    impl_->module = std::move(fresh);
  }
  impl_->cache.clear();
}

std::array<float, 3> BatchedEvaluator::win_draw_loss(const State& state) {
  c10::InferenceMode guard;
  const Encoding& e = impl_->encoding;
  auto x = torch::empty({1, kNumInputPlanes, e.grid(), e.grid()});
  e.encode(state, x.data_ptr<float>());
  torch::Tensor wdl;
  {
    std::lock_guard lock(impl_->model_mutex);
    wdl = impl_->module.forward(x).win_draw_loss;
  }
  const float* p = wdl.data_ptr<float>();
  return {p[0], p[1], p[2]};
}

EvaluatorStats BatchedEvaluator::stats() const {
  std::lock_guard lock(impl_->mutex);
  EvaluatorStats s = impl_->stats;
  s.seconds = std::chrono::duration<double>(Clock::now() - impl_->started).count();
  return s;
}

void BatchedEvaluator::reset_stats() {
  std::lock_guard lock(impl_->mutex);
  impl_->stats = {};
  impl_->started = Clock::now();
}

std::string BatchedEvaluator::device() const {
  return impl_->device.is_cuda() ? "cuda" : "cpu";
}

}  // namespace zertz::nn
