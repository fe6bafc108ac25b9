#include "nn/inference_module.h"

#include <torch/csrc/jit/runtime/graph_executor.h>

#include <algorithm>

#include "nn/checkpoint.h"
#include "nn/export.h"

namespace zertz::nn {

namespace {

// One layer's activations per chunk, in floats: about 1.6 MB, what the two cores' L2 caches
// hold. Measured on the small (64 channels) and medium (128) nets: chunks of 32 to 128
// positions run at 107-127% of the matmul rate, whole batches of 256 at 76-108%.
constexpr std::int64_t kChunkActivationFloats = 400'000;

// The widest convolution's output channels: the tower's width, also for a loaded model.pt.
std::int64_t tower_channels(const torch::jit::Module& module) {
  std::int64_t widest = 1;
  for (const auto& parameter : module.parameters()) {
    if (parameter.dim() == 4) widest = std::max(widest, parameter.size(0));
  }
  return widest;
}

torch::jit::Module prepared(torch::jit::Module module, torch::Device device) {
  module.eval();
  module.to(device);
  if (device.is_cpu()) return torch::jit::optimize_for_inference(module);
  return module;
}

}  // namespace

torch::jit::Module load_torchscript(const std::string& path, torch::Device device) {
  try {
    return torch::jit::load(path, device);
  } catch (const c10::Error& e) {
    std::string what = e.what_without_backtrace();
    throw CheckpointError(path +
                          " does not load as TorchScript: " + what.substr(0, what.find('\n')));
  }
}

torch::Device choose_device(const std::string& name) {
  if (name == "cpu") return torch::kCPU;
  if (name != "auto" && name != "cuda") {
    throw std::runtime_error("device: expected auto, cpu or cuda, found '" + name + "'");
  }
  bool cuda = torch::cuda::is_available();
  if (name == "cuda" && !cuda) {
    throw std::runtime_error("device: cuda was asked for, but LibTorch sees no CUDA device");
  }
  return cuda ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
}

// Freezing turns parameters into constants, so the width is read before.
InferenceModule::InferenceModule(ZertzNetImpl& net, torch::Device device)
    : InferenceModule(to_torchscript(net), device) {}

InferenceModule::InferenceModule(torch::jit::Module exported, torch::Device device)
    : device_(device), module_(std::move(exported)), tower_channels_(tower_channels(module_)) {
  module_ = prepared(module_, device_);
}

int InferenceModule::cpu_chunk(int grid) const {
  std::int64_t chunk = kChunkActivationFloats / (tower_channels_ * grid * grid) / 8 * 8;
  return static_cast<int>(std::clamp<std::int64_t>(chunk, 8, 1024));
}

InferenceModule::Output InferenceModule::forward(const torch::Tensor& inputs) {
  const std::int64_t batch = inputs.size(0);
  const std::int64_t chunk = device_.is_cpu() ? cpu_chunk(static_cast<int>(inputs.size(2))) : batch;
  // On a GPU the graph runs as written, op by op. Under LibTorch 2.11 with CUDA 13 (an H200),
  // the profiling executor's optimisation ran `zertz bench nn` at 0.1-1% of the eager module's
  // speed (tiny net, batch 64: 141 positions/s; 91,721 with this guard; the eager module
  // 107,220), and the evaluator's measurement finished no batch. Thread-local, for this call.
  torch::jit::GraphOptimizerEnabledGuard optimizer(device_.is_cpu());
  std::vector<torch::Tensor> policies, values;
  for (std::int64_t start = 0; start < batch; start += chunk) {
    torch::Tensor part = inputs.narrow(0, start, std::min(chunk, batch - start));
    auto out = module_.forward({part.to(device_)}).toTuple();
    policies.push_back(out->elements()[0].toTensor());
    values.push_back(torch::softmax(out->elements()[1].toTensor(), 1));
  }
  auto gather = [](std::vector<torch::Tensor>& parts) {
    torch::Tensor all = parts.size() == 1 ? parts[0] : torch::cat(parts);
    return all.to(torch::kCPU).contiguous();
  };
  return {gather(policies), gather(values)};
}

}  // namespace zertz::nn
