// The network's shape. Torch-free, so configs and checkpoint headers can name it cheaply.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace zertz::nn {

struct ModelConfig {
  std::string name = "small";  // tiny, small, medium, large, or "custom"
  int blocks = 6;              // residual blocks in the tower
  int channels = 64;           // channels of the tower
  int global_pool_every = 3;   // every n-th block adds a global-pooling bias (0: none)
  int policy_channels = 32;    // 1x1 convolution width of the policy head
  int value_channels = 32;     // 1x1 convolution width of the value head
  int value_hidden = 64;       // hidden units of the value head

  // tiny (tests), small (CPU training default), medium, large; throws std::invalid_argument
  // naming the choices for any other name.
  static ModelConfig named(std::string_view name);
  static const std::vector<std::string>& names();  // tiny, small, medium, large

  bool operator==(const ModelConfig&) const = default;
  std::string describe() const;  // "small: 6 blocks x 64 channels, global pooling every 3"
};

}  // namespace zertz::nn
