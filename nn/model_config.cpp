#include "nn/model_config.h"

#include <stdexcept>

namespace zertz::nn {

const std::vector<std::string>& ModelConfig::names() {
  static const std::vector<std::string> all = {"tiny", "small", "medium", "large"};
  return all;
}

ModelConfig ModelConfig::named(std::string_view name) {
  ModelConfig c;
  c.name = std::string(name);
  if (name == "tiny") {
    c.blocks = 2;
    c.channels = 16;
    c.global_pool_every = 2;
    c.policy_channels = 8;
    c.value_channels = 8;
    c.value_hidden = 16;
  } else if (name == "small") {
    // defaults above
  } else if (name == "medium") {
    c.blocks = 10;
    c.channels = 128;
    c.policy_channels = 48;
    c.value_channels = 48;
    c.value_hidden = 128;
  } else if (name == "large") {
    c.blocks = 20;
    c.channels = 256;
    c.policy_channels = 64;
    c.value_channels = 64;
    c.value_hidden = 256;
  } else {
    std::string choices;
    for (const std::string& n : names()) choices += (choices.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown model size '" + std::string(name) + "' (" + choices + ")");
  }
  return c;
}

std::string ModelConfig::describe() const {
  std::string out =
      name + ": " + std::to_string(blocks) + " blocks x " + std::to_string(channels) + " channels";
  if (global_pool_every > 0) out += ", global pooling every " + std::to_string(global_pool_every);
  if (fast_value_channels > 0) {
    out += ", fast value head " + std::to_string(fast_value_channels) + " x " +
           std::to_string(fast_value_hidden);
  }
  if (outcome_parts) out += ", outcome parts";
  if (soft_policy) out += ", soft policy";
  return out;
}

}  // namespace zertz::nn
