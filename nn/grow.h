// Growing a trained network without changing what it computes (Net2Net, Chen et al. 2016, with
// zeros where new units meet old ones): more residual blocks and a wider fast value head. A run
// that has stopped learning for want of capacity (docs/experiments.md E28) trains on from the
// grown network instead of starting again. Includes torch: only .cpp files include this header.
#pragma once

#include <torch/torch.h>

#include <string>

#include "nn/checkpoint_info.h"
#include "nn/model.h"

namespace zertz::nn {

// Whether two configs build the same network (their names aside: a grown net is "custom").
bool same_network(const ModelConfig& a, const ModelConfig& b);

// Why `to` is not a growth of `from`, or empty when it is: only blocks, fast_value_channels and
// fast_value_hidden may differ, none may shrink, and a fast head cannot grow from none (its
// values would be random where a search reads them).
std::string growth_refusal(const ModelConfig& from, const ModelConfig& to);

// Copies `from`'s weights and batch-norm statistics into `to`, whose config must pass
// growth_refusal, so that `to` computes the same outputs: a new block ends in a zero batch norm
// (its skip passes the input through), a new fast-head channel enters the perceptron with zero
// weights and a new hidden unit leaves it with zero weights; everything else new keeps its
// random initialisation, so gradients reach it. The optimisers' moments follow the same map
// (zero for new entries; new blocks start without), so training goes on where it was.
void grow_network(ZertzNet& from, const torch::optim::AdamW& from_optimizer, ZertzNet& to,
                  torch::optim::AdamW& to_optimizer);

// load_checkpoint (nn/checkpoint.h) that also takes a checkpoint of a smaller network of which
// `net`'s config is a growth, and grows it: a run resumed with a bigger model config trains on
// from where it stopped. The info returned names the checkpoint's own network. Any other shape
// is a CheckpointError naming the file, both shapes and why.
CheckpointInfo load_checkpoint_growing(const std::string& path, ZertzNet& net,
                                       torch::optim::AdamW& optimizer);

}  // namespace zertz::nn
