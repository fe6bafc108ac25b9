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
  // The fast value head: a 3x3 convolution of this many channels over the input's spatial
  // planes, pooled, then a perceptron with fast_value_hidden units (nn/model.h). It costs a
  // hundredth of the tower, so that a search can value leaves with it. 0: no fast head.
  int fast_value_channels = 0;
  int fast_value_hidden = 32;
  // Heads that predict the outcome's parts (nn/outcome_parts.h) from the value head's and the
  // fast head's hidden layers: training targets only, never exported.
  bool outcome_parts = false;
  // A second policy output trained on the search's policy raised to the power 1/4 and
  // renormalised (KataGo's soft policy target): it learns the ranks of the moves the main
  // policy gives little weight. A training target only: a search never reads it, exports leave
  // it out.
  bool soft_policy = false;

  // tiny (tests), small (CPU training default), medium, large; throws std::invalid_argument
  // naming the choices for any other name.
  static ModelConfig named(std::string_view name);
  static const std::vector<std::string>& names();  // tiny, small, medium, large

  bool operator==(const ModelConfig&) const = default;
  std::string describe() const;  // "small: 6 blocks x 64 channels, global pooling every 3"
};

}  // namespace zertz::nn
