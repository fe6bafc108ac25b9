// Board geometry: cells, labels, neighbours, jump lines and symmetries of one ring layout.
// Computed once per board size and shared read-only by every state on that board.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zertz {

using Mask = std::uint64_t;
constexpr int kMaxCells = 64;
constexpr int kDirections = 6;
constexpr int kNoCell = -1;

// Axial coordinates on the hexagonal grid: q is the column (a = 0), y grows upwards along a
// column, and stepping into the next column keeps y (up-right) or adds one to it (up-right +
// up). Directions are listed clockwise, so d and d+1 (mod 6) are neighbouring directions.
constexpr std::array<std::array<int, 2>, kDirections> kDirectionSteps = {{
    {0, 1},    // up
    {1, 1},    // up-right
    {1, 0},    // down-right
    {0, -1},   // down
    {-1, -1},  // down-left
    {-1, 0},   // up-left
}};

inline Mask bit(int cell) {
  return Mask{1} << cell;
}

class Board {
 public:
  // Column heights from the left, as in docs/rules.md (e.g. 4,5,6,7,6,5,4 for 37 rings).
  explicit Board(std::vector<int> column_heights);

  static const Board& rings37();
  static const Board& rings48();
  static const Board& rings61();

  int num_cells() const { return num_cells_; }
  Mask all_cells() const { return all_cells_; }
  // Side of the square grid (axial q, y) that holds every cell: 7 for 37 rings, 9 otherwise.
  int grid_size() const { return grid_size_; }
  int grid_q(int cell) const { return q_[cell]; }
  int grid_y(int cell) const { return y_[cell]; }
  int cell_at(int q, int y) const;  // kNoCell when off the board

  // Neighbour of `cell` in direction d, or kNoCell.
  int neighbour(int cell, int d) const { return neighbour_[cell][d]; }
  // The cell two steps away in direction d (where a jump from `cell` lands), or kNoCell.
  int landing(int cell, int d) const { return landing_[cell][d]; }
  // The same two cells as masks (0 when off the board), for branch-free jump tests.
  Mask neighbour_bit(int cell, int d) const { return neighbour_bit_[cell][d]; }
  Mask landing_bit(int cell, int d) const { return landing_bit_[cell][d]; }
  // All neighbours of `cell` as a mask.
  Mask neighbours(int cell) const { return neighbour_mask_[cell]; }
  // Mask of the two neighbour cells in directions d and d+1 (off-board ones omitted).
  Mask adjacent_pair(int cell, int d) const { return pair_mask_[cell][d]; }

  const std::string& label(int cell) const { return labels_[cell]; }
  std::optional<int> parse_cell(std::string_view label) const;
  int column_height(int column) const { return heights_[column]; }
  int num_columns() const { return static_cast<int>(heights_.size()); }

  // The symmetry group of the ring layout: cell maps (identity first) and direction maps.
  int num_symmetries() const { return static_cast<int>(symmetry_cells_.size()); }
  int map_cell(int symmetry, int cell) const { return symmetry_cells_[symmetry][cell]; }
  int map_direction(int symmetry, int d) const { return symmetry_directions_[symmetry][d]; }
  Mask map_mask(int symmetry, Mask mask) const;
  int inverse_symmetry(int symmetry) const { return inverse_[symmetry]; }

 private:
  void build_symmetries();

  std::vector<int> heights_;
  int num_cells_ = 0;
  int grid_size_ = 0;
  Mask all_cells_ = 0;
  std::vector<int> q_, y_;
  std::vector<std::vector<int>> cell_at_;
  std::vector<std::array<int, kDirections>> neighbour_;
  std::vector<std::array<int, kDirections>> landing_;
  std::vector<std::array<Mask, kDirections>> neighbour_bit_, landing_bit_;
  std::vector<Mask> neighbour_mask_;
  std::vector<std::array<Mask, kDirections>> pair_mask_;
  std::vector<std::string> labels_;
  std::vector<std::vector<int>> symmetry_cells_;
  std::vector<std::array<int, kDirections>> symmetry_directions_;
  std::vector<int> inverse_;
};

}  // namespace zertz
