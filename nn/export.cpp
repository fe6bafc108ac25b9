#include "nn/export.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/atomic_file.h"
#include "nn/checkpoint.h"
#include "nn/features.h"

namespace zertz::nn {

namespace {

struct Folded {
  torch::Tensor weight, bias;
};

// Batch norm in eval mode is an affine map per channel: fold it into the convolution.
Folded fold(ConvBn& unit) {
  auto& bn = unit->bn;
  auto scale = bn->weight / torch::sqrt(bn->running_var + bn->options.eps());
  auto weight = unit->conv->weight * scale.reshape({-1, 1, 1, 1});
  auto bias = bn->bias - bn->running_mean * scale;
  return {weight.contiguous(), bias.contiguous()};
}

// Registers a folded conv as NAME_w / NAME_b and returns the TorchScript call on `input`.
std::string conv(torch::jit::Module& m, const std::string& name, ConvBn& unit,
                 const std::string& input) {
  Folded f = fold(unit);
  m.register_parameter(name + "_w", f.weight, false);
  m.register_parameter(name + "_b", f.bias, false);
  // Built with += : GCC 12 at -O3 warns falsely (-Wrestrict) on "[" + std::to_string(...).
  std::string pad = std::to_string(f.weight.size(2) / 2);
  std::string padding = "[";
  padding += pad + ", " + pad + "]";
  return "torch.conv2d(" + input + ", self." + name + "_w, self." + name + "_b, [1, 1], " +
         padding + ")";
}

std::string linear(torch::jit::Module& m, const std::string& name, torch::nn::Linear& layer,
                   const std::string& input) {
  m.register_parameter(name + "_w", layer->weight.clone(), false);
  m.register_parameter(name + "_b", layer->bias.clone(), false);
  return "torch.linear(" + input + ", self." + name + "_w, self." + name + "_b)";
}

}  // namespace

torch::jit::Module to_torchscript(ZertzNetImpl& net) {
  bool was_training = net.is_training();
  net.eval();
  torch::NoGradGuard no_grad;
  torch::jit::Module m("ZertzNet");
  std::string src =
      "def pool(self, x, mask):\n"
      "    return torch.cat([x.sum([2, 3]) / mask.sum([2, 3]), x.amax([2, 3])], 1)\n"
      "def forward(self, x):\n"
      "    mask = x.narrow(1, 0, 1)\n";
  src += "    h = torch.relu(" + conv(m, "stem", net.stem, "x") + ") * mask\n";
  for (std::size_t i = 0; i < net.tower.size(); ++i) {
    auto& block = net.tower[i];
    std::string name = "block" + std::to_string(i);
    src += "    t = torch.relu(" + conv(m, name + "_first", block->first, "h") + ") * mask\n";
    if (block->pool_bias) {
      src += "    t = t + " + linear(m, name + "_pool", block->pool_bias, "self.pool(t, mask)") +
             ".unsqueeze(2).unsqueeze(3)\n";
    }
    src += "    t = " + conv(m, name + "_second", block->second, "t") + "\n";
    src += "    h = torch.relu(t + h) * mask\n";
  }
  src += "    p = torch.relu(" + conv(m, "policy_conv", net.policy_conv, "h") + ")\n";
  m.register_parameter("policy_out_w", net.policy_out->weight.clone(), false);
  m.register_parameter("policy_out_b", net.policy_out->bias.clone(), false);
  src += "    p = torch.conv2d(p, self.policy_out_w, self.policy_out_b)\n";
  src += "    p = p * mask + (1.0 - mask) * (" + std::to_string(kMaskedLogit) + ")\n";
  src += "    v = torch.relu(" + conv(m, "value_conv", net.value_conv, "h") + ") * mask\n";
  src += "    v = torch.relu(" + linear(m, "value_hidden", net.value_hidden, "self.pool(v, mask)") +
         ")\n";
  src += "    v = " + linear(m, "value_out", net.value_out, "v") + "\n";
  src += "    return p.flatten(1), v\n";
  if (net.fast_value) {
    // A method of its own, so that front ends that call forward see no change.
    auto& head = *net.fast_value;
    m.register_parameter("fast_conv_w", head.conv->weight.clone(), false);
    m.register_parameter("fast_conv_b", head.conv->bias.clone(), false);
    src += "def fast_value(self, x):\n";
    src += "    mask = x.narrow(1, 0, 1)\n";
    src += "    h = torch.relu(torch.conv2d(x.narrow(1, 0, " +
           std::to_string(kFastValueSpatialPlanes) +
           "), self.fast_conv_w, self.fast_conv_b, [1, 1], [1, 1])) * mask\n";
    src += "    s = x.narrow(1, " + std::to_string(kFastValueSpatialPlanes) + ", " +
           std::to_string(kFastValueScalars) + ").sum([2, 3]) / mask.sum([2, 3])\n";
    src += "    z = torch.relu(" +
           linear(m, "fast_hidden", head.hidden, "torch.cat([self.pool(h, mask), s], 1)") + ")\n";
    src += "    return " + linear(m, "fast_out", head.out, "z") + "\n";
  }
  m.define(src);
  m.eval();
  m.to(torch::kCPU);  // whatever device trains, an export loads on any machine
  if (was_training) net.train();
  return m;
}

std::string model_json(const ZertzNetImpl& net, const Variant& variant, std::int64_t training_step,
                       const mcts::SearchParams& search) {
  using nlohmann::json;
  const Board& board = *variant.board;
  const Encoding& e = Encoding::of(board);
  const ModelConfig& config = net.config();
  json cells = json::array();
  for (int c = 0; c < board.num_cells(); ++c) {
    cells.push_back({{"index", c},
                     {"label", board.label(c)},
                     {"q", board.grid_q(c)},
                     {"y", board.grid_y(c)},
                     {"grid_index", e.grid_index(c)}});
  }
  json planes = json::array();
  for (int p = 0; p < kNumInputPlanes; ++p) {
    planes.push_back(
        {{"index", p}, {"name", kInputPlaneNames[p]}, {"description", kInputPlaneDescriptions[p]}});
  }
  json policy_planes = json::array();
  const char* colour_names[] = {"white", "grey", "black"};
  for (int c = 0; c < kColours; ++c) {
    policy_planes.push_back(
        {{"index", Action::kPlaceTag + c}, {"action", std::string("place_") + colour_names[c]}});
  }
  policy_planes.push_back({{"index", Action::kRemoveTag}, {"action", "remove"}});
  for (int d = 0; d < kDirections; ++d) {
    policy_planes.push_back({{"index", Action::kJumpTag + d},
                             {"action", "jump_" + std::to_string(d)},
                             {"step_q_y", {kDirectionSteps[d][0], kDirectionSteps[d][1]}}});
  }
  json symmetries = json::array();
  for (int s = 0; s < board.num_symmetries(); ++s) {
    std::vector<int> cell_map(board.num_cells()), direction_map(kDirections);
    for (int c = 0; c < board.num_cells(); ++c) cell_map[c] = board.map_cell(s, c);
    for (int d = 0; d < kDirections; ++d) direction_map[d] = board.map_direction(s, d);
    symmetries.push_back({{"cells", cell_map}, {"directions", direction_map}});
  }
  std::vector<int> columns;
  for (int q = 0; q < board.num_columns(); ++q) columns.push_back(board.column_height(q));
  json doc = {
      {"format", "zertz-zero-model"},
      {"format_version", kModelFormatVersion},
      {"variant", variant.name},
      {"rules",
       {{"pool_white_grey_black", variant.pool},
        {"win_single_white_grey_black", variant.single},
        {"win_each", variant.each}}},
      {"board", {{"rings", board.num_cells()}, {"column_heights", columns}, {"cells", cells}}},
      {"grid_size", e.grid()},
      {"input",
       {{"shape", {"batch", kNumInputPlanes, e.grid(), e.grid()}},
        {"layout", "plane-major; cell (q, y) at [plane][q][y]; zero off the board"},
        {"planes", planes}}},
      {"policy",
       {{"output", 0},
        {"shape", {"batch", e.policy_size()}},
        {"index", "plane * grid_size * grid_size + q * grid_size + y"},
        {"planes", policy_planes},
        {"masked_logit", kMaskedLogit},
        {"note",
         "logits; off-board entries are masked_logit; mask illegal actions, then "
         "softmax. A pass has no entry: it is played only when it is the only "
         "legal action"}}},
      {"value",
       {{"output", 1},
        {"shape", {"batch", 3}},
        {"outputs", {"win", "draw", "loss"}},
        {"view", "the player to move"},
        {"note", "logits; softmax gives probabilities"}}},
      {"directions", {{"order", "clockwise from up"}, {"steps_q_y", kDirectionSteps}}},
      {"symmetries", symmetries},
      {"model",
       {{"name", config.name},
        {"blocks", config.blocks},
        {"channels", config.channels},
        {"global_pool_every", config.global_pool_every}}},
      {"training_step", training_step},
      {"search",
       {{"leaf_rollouts", search.leaf_rollouts},
        {"rollout_weight", search.rollout_weight},
        {"prior_temperature", search.prior_temperature},
        {"evaluate_after_visits", search.evaluate_after_visits},
        {"fast_value_weight", search.fast_value_weight},
        {"fast_value_decay_visits", search.fast_value_decay_visits},
        {"cpuct", search.cpuct},
        {"fpu_reduction", search.fpu_reduction},
        {"fpu_reduction_root", search.fpu_reduction_root},
        {"note",
         "how this network's players search (docs/model-format.md): self-play's search with the "
         "run's play.search over it. The mean result of "
         "leaf_rollouts random playouts from each evaluated position (for its mover, win 1, "
         "loss -1) is mixed into the value as (1 - rollout_weight) * (win - loss) + "
         "rollout_weight * playouts; the priors are the policy raised to 1 / "
         "prior_temperature and renormalised; with evaluate_after_visits > 0, a new leaf "
         "below the root gets uniform priors and its playouts' value, and the network is "
         "asked about it once it has that many visits, and fast_value_weight of its value "
         "comes from the fast value head (fast_value) rather than the playouts (with "
         "fast_value_decay_visits d > 0, a node of n visits adds a new leaf's value with the "
         "fast share fast_value_weight * d / (d + n)); PUCT with cpuct "
         "and first-play urgency parent value - fpu_reduction * sqrt(visited prior) "
         "(fpu_reduction_root at the root)"}}},
  };
  if (net.fast_value) {
    doc["fast_value"] = {
        {"method", "fast_value"},
        {"shape", {"batch", 3}},
        {"outputs", {"win", "draw", "loss"}},
        {"view", "the player to move"},
        {"channels", config.fast_value_channels},
        {"hidden", config.fast_value_hidden},
        {"note",
         "logits, from the same input as forward: a second method of model.pt that reads the "
         "input planes alone (not the tower), a cheap estimate of the value output"}};
  }
  return doc.dump(2) + "\n";
}

void export_model(ZertzNetImpl& net, const Variant& variant, std::int64_t training_step,
                  const std::string& dir, const mcts::SearchParams& search) {
  std::filesystem::create_directories(dir);
  std::ostringstream model;
  to_torchscript(net).save(model);
  write_file_atomically(dir + "/model.pt", model.str());
  write_file_atomically(dir + "/model.json", model_json(net, variant, training_step, search));
}

}  // namespace zertz::nn
