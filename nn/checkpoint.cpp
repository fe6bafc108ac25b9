#include "nn/checkpoint.h"

#include <ATen/CPUGeneratorImpl.h>

#include <cstring>
#include <sstream>

#include "core/atomic_file.h"
#include "nn/checkpoint_file.h"

namespace zertz::nn {

namespace {

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

}  // namespace

void save_checkpoint(const std::string& path, const CheckpointInfo& info, ZertzNet& net,
                     torch::optim::Optimizer* optimizer) {
  CheckpointInfo header = info;
  header.model = net->config();
  torch::serialize::OutputArchive archive;
  torch::serialize::OutputArchive model_archive, optimizer_archive;
  net->save(model_archive);
  archive.write("model", model_archive);
  if (optimizer) {
    optimizer->save(optimizer_archive);
    archive.write("optimizer", optimizer_archive);
  }
  {
    at::Generator generator = at::detail::getDefaultCPUGenerator();  // shares the generator
    std::lock_guard<std::mutex> lock(generator.mutex());
    archive.write("torch_rng", generator.get_state());
  }
  std::ostringstream payload_stream;
  archive.save_to(payload_stream);
  std::string payload = payload_stream.str();
  std::string out = encode_checkpoint(header, payload);
  write_file_atomically(path, out);
}

CheckpointInfo load_checkpoint(const std::string& path, ZertzNet& net,
                               torch::optim::Optimizer* optimizer) {
  CheckpointParts parts = read_checkpoint_file(path);
  const ModelConfig& have = parts.info.model;
  ModelConfig want = net->config();
  want.name = have.name;  // a size's name is a label: the shape is what must match
  if (!(have == want)) {
    throw CheckpointError(path + " holds a network of " + have.describe() + ", not " +
                          net->config().describe());
  }
  try {
    std::istringstream in(parts.payload);
    torch::serialize::InputArchive archive;
    // Onto the network's device: a checkpoint saved while training on a GPU loads on a CPU
    // and the other way round (reading into a parameter on another device would move it).
    archive.load_from(in, net->parameters().front().device());
    torch::serialize::InputArchive model_archive;
    archive.read("model", model_archive);
    net->load(model_archive);
    if (optimizer) {
      torch::serialize::InputArchive optimizer_archive;
      if (!archive.try_read("optimizer", optimizer_archive)) {
        throw CheckpointError(path + " holds no optimiser state");
      }
      optimizer->load(optimizer_archive);
    }
    torch::Tensor rng;
    if (archive.try_read("torch_rng", rng)) {
      at::Generator generator = at::detail::getDefaultCPUGenerator();
      std::lock_guard<std::mutex> lock(generator.mutex());
      generator.set_state(rng);
    }
  } catch (const c10::Error& e) {
    throw CheckpointError(path +
                          ": the weights do not load: " + first_line(e.what_without_backtrace()));
  }
  return parts.info;
}

std::string network_bytes(ZertzNet& net) {
  torch::serialize::OutputArchive archive;
  net->save(archive);
  std::ostringstream out;
  archive.save_to(out);
  return out.str();
}

void load_network_bytes(ZertzNet& net, const std::string& bytes, const std::string& source) {
  try {
    std::istringstream in(bytes);
    torch::serialize::InputArchive archive;
    archive.load_from(in, net->parameters().front().device());
    net->load(archive);
  } catch (const c10::Error& e) {
    throw CheckpointError(source +
                          ": the weights do not load: " + first_line(e.what_without_backtrace()));
  }
}

}  // namespace zertz::nn
