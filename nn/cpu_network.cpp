#include "nn/cpu_network.h"

#include <Eigen/Core>
#include <array>
#include <stdexcept>
#include <string>

#include "nn/features.h"

namespace zertz::nn {

namespace {

// Activations are channels x cells, one column per cell of each position in the batch
// (position-major), so that a convolution is one matrix product over the whole batch.
using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic>;
using Vector = Eigen::VectorXf;
using RowVector = Eigen::RowVectorXf;

constexpr int kTaps3x3 = 9;
constexpr int kValueOutputs = 3;

// A layer as one product: weight(o, tap * inputs + i), tap = ky * kernel + kx.
struct Layer {
  Matrix weight;
  Vector bias;
  int inputs = 0;
  int kernel = 1;
};

Layer prepared(const DenseLayer& d, const std::string& name, int expected_inputs) {
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument("network layer " + name + ": " + what);
  };
  if (d.inputs != expected_inputs) {
    fail("takes " + std::to_string(d.inputs) + " inputs where the layer before gives " +
         std::to_string(expected_inputs));
  }
  if (d.kernel != 1 && d.kernel != 3) fail("kernel " + std::to_string(d.kernel) + " (1 or 3)");
  const std::size_t taps = static_cast<std::size_t>(d.kernel) * d.kernel;
  if (d.outputs <= 0 || d.weight.size() != static_cast<std::size_t>(d.outputs) * d.inputs * taps ||
      d.bias.size() != static_cast<std::size_t>(d.outputs)) {
    fail("its weights do not match its shape");
  }
  Layer layer;
  layer.inputs = d.inputs;
  layer.kernel = d.kernel;
  layer.weight.resize(d.outputs, static_cast<Eigen::Index>(d.inputs * taps));
  for (int o = 0; o < d.outputs; ++o) {
    for (int i = 0; i < d.inputs; ++i) {
      for (std::size_t t = 0; t < taps; ++t) {
        layer.weight(o, static_cast<Eigen::Index>(t * d.inputs + i)) =
            d.weight[(static_cast<std::size_t>(o) * d.inputs + i) * taps + t];
      }
    }
  }
  layer.bias = Eigen::Map<const Vector>(d.bias.data(), d.outputs);
  return layer;
}

void relu(Matrix& x) {
  x = x.cwiseMax(0.0f);
}

void mask_cells(Matrix& x, const RowVector& mask) {
  x.array().rowwise() *= mask.array();
}

}  // namespace

struct CpuNetwork::Impl {
  struct Block {
    Layer first, second;
    std::optional<Layer> pool_bias;
  };

  int grid = 0;
  int cells = 0;
  Layer stem;
  std::vector<Block> tower;
  Layer policy_conv, policy_out, value_conv, value_hidden, value_out;
  // For each cell, the cell each 3x3 tap reads (-1 outside the grid: zero padding).
  std::vector<std::array<int, kTaps3x3>> taps;

  Matrix apply(const Layer& layer, const Matrix& x) const {
    Matrix y;
    if (layer.kernel == 1) {
      y.noalias() = layer.weight * x;
    } else {
      const Eigen::Index n = x.cols();
      const int c = layer.inputs;
      Matrix columns(kTaps3x3 * c, n);
      for (Eigen::Index col = 0; col < n; ++col) {
        const Eigen::Index first_cell = col - col % cells;
        const auto& reads = taps[static_cast<std::size_t>(col % cells)];
        for (int t = 0; t < kTaps3x3; ++t) {
          auto part = columns.col(col).segment(t * c, c);
          if (reads[t] < 0) {
            part.setZero();
          } else {
            part = x.col(first_cell + reads[t]);
          }
        }
      }
      y.noalias() = layer.weight * columns;
    }
    y.colwise() += layer.bias;
    return y;
  }

  // nn/model.h's global_pool: per position, the mean over on-board cells then the max over
  // all cells (inputs are >= 0 and 0 off the board). [2 x channels][batch].
  Matrix pool(const Matrix& x, const Vector& on_board_cells) const {
    const Eigen::Index c = x.rows(), batch = x.cols() / cells;
    Matrix out(2 * c, batch);
    for (Eigen::Index b = 0; b < batch; ++b) {
      auto position = x.middleCols(b * cells, cells);
      out.col(b).head(c) = position.rowwise().sum() / on_board_cells(b);
      out.col(b).tail(c) = position.rowwise().maxCoeff();
    }
    return out;
  }
};

CpuNetwork::CpuNetwork(const NetWeights& w, int grid) : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  if (grid <= 0) throw std::invalid_argument("network grid: " + std::to_string(grid));
  m.grid = grid;
  m.cells = grid * grid;
  m.stem = prepared(w.stem, "stem", kNumInputPlanes);
  const int channels = w.stem.outputs;
  for (std::size_t i = 0; i < w.tower.size(); ++i) {
    const std::string name = "block" + std::to_string(i);
    Impl::Block block;
    block.first = prepared(w.tower[i].first, name + " first", channels);
    block.second = prepared(w.tower[i].second, name + " second", w.tower[i].first.outputs);
    if (w.tower[i].second.outputs != channels) {
      throw std::invalid_argument("network layer " + name + " second: gives " +
                                  std::to_string(w.tower[i].second.outputs) +
                                  " channels where the residual has " + std::to_string(channels));
    }
    if (w.tower[i].pool_bias) {
      block.pool_bias = prepared(*w.tower[i].pool_bias, name + " pool_bias", 2 * channels);
      if (block.pool_bias->weight.rows() != w.tower[i].first.outputs) {
        throw std::invalid_argument("network layer " + name + " pool_bias: gives " +
                                    std::to_string(block.pool_bias->weight.rows()) +
                                    " biases for " + std::to_string(w.tower[i].first.outputs) +
                                    " channels");
      }
    }
    m.tower.push_back(std::move(block));
  }
  m.policy_conv = prepared(w.policy_conv, "policy_conv", channels);
  m.policy_out = prepared(w.policy_out, "policy_out", w.policy_conv.outputs);
  m.value_conv = prepared(w.value_conv, "value_conv", channels);
  m.value_hidden = prepared(w.value_hidden, "value_hidden", 2 * w.value_conv.outputs);
  m.value_out = prepared(w.value_out, "value_out", w.value_hidden.outputs);
  if (w.value_out.outputs != kValueOutputs) {
    throw std::invalid_argument("network layer value_out: gives " +
                                std::to_string(w.value_out.outputs) + " outputs, not 3");
  }
  m.taps.resize(static_cast<std::size_t>(m.cells));
  for (int cell = 0; cell < m.cells; ++cell) {
    const int row = cell / grid, column = cell % grid;
    for (int t = 0; t < kTaps3x3; ++t) {
      const int r = row + t / 3 - 1, c = column + t % 3 - 1;
      m.taps[static_cast<std::size_t>(cell)][t] =
          r >= 0 && r < grid && c >= 0 && c < grid ? r * grid + c : -1;
    }
  }
}

CpuNetwork::~CpuNetwork() = default;

int CpuNetwork::grid() const {
  return impl_->grid;
}

int CpuNetwork::policy_planes() const {
  return static_cast<int>(impl_->policy_out.weight.rows());
}

void CpuNetwork::forward(const float* inputs, int batch, float* policy_logits,
                         float* win_draw_loss) const {
  const Impl& m = *impl_;
  const Eigen::Index cells = m.cells, n = cells * batch;
  Matrix x(kNumInputPlanes, n);
  for (Eigen::Index b = 0; b < batch; ++b) {
    for (int p = 0; p < kNumInputPlanes; ++p) {
      const float* plane = inputs + (b * kNumInputPlanes + p) * cells;
      for (Eigen::Index j = 0; j < cells; ++j) x(p, b * cells + j) = plane[j];
    }
  }
  const RowVector mask = x.row(kPlaneOnBoard);
  Vector on_board_cells(batch);
  for (Eigen::Index b = 0; b < batch; ++b) on_board_cells(b) = mask.segment(b * cells, cells).sum();

  Matrix h = m.apply(m.stem, x);
  relu(h);
  mask_cells(h, mask);
  for (const Impl::Block& block : m.tower) {
    Matrix t = m.apply(block.first, h);
    relu(t);
    mask_cells(t, mask);
    if (block.pool_bias) {
      // As in the model, the bias reaches every cell of the grid, off-board ones included.
      Matrix bias = block.pool_bias->weight * m.pool(t, on_board_cells);
      bias.colwise() += block.pool_bias->bias;
      for (Eigen::Index b = 0; b < batch; ++b)
        t.middleCols(b * cells, cells).colwise() += bias.col(b);
    }
    h = m.apply(block.second, t) + h;
    relu(h);
    mask_cells(h, mask);
  }

  Matrix p = m.apply(m.policy_conv, h);
  relu(p);
  const Matrix logits = m.apply(m.policy_out, p);
  const Eigen::Index planes = logits.rows();
  for (Eigen::Index b = 0; b < batch; ++b) {
    for (Eigen::Index t = 0; t < planes; ++t) {
      float* out = policy_logits + (b * planes + t) * cells;
      for (Eigen::Index j = 0; j < cells; ++j) {
        out[j] = mask(b * cells + j) != 0.0f ? logits(t, b * cells + j) : kMaskedLogit;
      }
    }
  }

  Matrix v = m.apply(m.value_conv, h);
  relu(v);
  mask_cells(v, mask);
  Matrix hidden = m.value_hidden.weight * m.pool(v, on_board_cells);
  hidden.colwise() += m.value_hidden.bias;
  relu(hidden);
  Matrix value = m.value_out.weight * hidden;
  value.colwise() += m.value_out.bias;
  for (Eigen::Index b = 0; b < batch; ++b) {
    const Vector e = (value.col(b).array() - value.col(b).maxCoeff()).exp();
    const float total = e.sum();
    for (int k = 0; k < kValueOutputs; ++k) win_draw_loss[b * kValueOutputs + k] = e(k) / total;
  }
}

}  // namespace zertz::nn
