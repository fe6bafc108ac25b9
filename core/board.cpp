#include "core/board.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace zertz {

namespace {

using Point = std::array<int, 2>;

// The 12 linear maps of the axial lattice that preserve the hexagonal grid: rotations by
// 60 degrees (q, y) -> (y, y - q) and the mirror (q, y) -> (y, q), composed.
Point rotate(Point p) {
  return {p[1], p[1] - p[0]};
}
Point mirror(Point p) {
  return {p[1], p[0]};
}

Point transform(Point p, int index) {
  if (index >= kDirections) p = mirror(p);
  for (int i = 0; i < index % kDirections; ++i) p = rotate(p);
  return p;
}

int direction_of(Point step) {
  for (int d = 0; d < kDirections; ++d) {
    if (kDirectionSteps[d] == step) return d;
  }
  throw std::logic_error("not a unit step");
}

}  // namespace

Board::Board(std::vector<int> column_heights) : heights_(std::move(column_heights)) {
  int offset = 0;  // y of row 1 in the current column: grows once columns start shrinking
  int max_y = 0;
  for (int q = 0; q < num_columns(); ++q) {
    if (q > 0 && heights_[q] < heights_[q - 1]) ++offset;
    for (int row = 0; row < heights_[q]; ++row) {
      q_.push_back(q);
      y_.push_back(offset + row);
      std::string label(1, static_cast<char>('a' + q));
      label += std::to_string(row + 1);
      labels_.push_back(label);
      max_y = std::max(max_y, offset + row);
    }
  }
  num_cells_ = static_cast<int>(q_.size());
  if (num_cells_ > kMaxCells) throw std::invalid_argument("board has more than 64 cells");
  all_cells_ = num_cells_ == 64 ? ~Mask{0} : (bit(num_cells_) - 1);
  // Odd grid sides keep the board centred; the 48-ring board shares the 61-ring 9x9 grid.
  grid_size_ = std::max(num_columns(), max_y + 1);
  if (grid_size_ % 2 == 0) ++grid_size_;

  cell_at_.assign(grid_size_, std::vector<int>(grid_size_, kNoCell));
  for (int c = 0; c < num_cells_; ++c) cell_at_[q_[c]][y_[c]] = c;

  neighbour_.resize(num_cells_);
  neighbour_mask_.assign(num_cells_, 0);
  pair_mask_.resize(num_cells_);
  for (int c = 0; c < num_cells_; ++c) {
    for (int d = 0; d < kDirections; ++d) {
      int n = cell_at(q_[c] + kDirectionSteps[d][0], y_[c] + kDirectionSteps[d][1]);
      neighbour_[c][d] = n;
      if (n != kNoCell) neighbour_mask_[c] |= bit(n);
    }
    for (int d = 0; d < kDirections; ++d) {
      Mask pair = 0;
      for (int n : {neighbour_[c][d], neighbour_[c][(d + 1) % kDirections]}) {
        if (n != kNoCell) pair |= bit(n);
      }
      pair_mask_[c][d] = pair;
    }
  }
  landing_.resize(num_cells_);
  neighbour_bit_.resize(num_cells_);
  landing_bit_.resize(num_cells_);
  for (int c = 0; c < num_cells_; ++c) {
    for (int d = 0; d < kDirections; ++d) {
      int n = neighbour_[c][d];
      landing_[c][d] = n == kNoCell ? kNoCell : neighbour_[n][d];
      neighbour_bit_[c][d] = n == kNoCell ? 0 : bit(n);
      landing_bit_[c][d] = landing_[c][d] == kNoCell ? 0 : bit(landing_[c][d]);
    }
  }
  build_symmetries();
}

int Board::cell_at(int q, int y) const {
  if (q < 0 || y < 0 || q >= grid_size_ || y >= grid_size_) return kNoCell;
  return cell_at_[q][y];
}

std::optional<int> Board::parse_cell(std::string_view label) const {
  if (label.size() < 2 || label.size() > 3) return std::nullopt;
  char letter = static_cast<char>(label[0] | 0x20);  // accept upper case too
  int q = letter - 'a';
  if (q < 0 || q >= num_columns()) return std::nullopt;
  int row = 0;
  for (char ch : label.substr(1)) {
    if (ch < '0' || ch > '9') return std::nullopt;
    row = row * 10 + (ch - '0');
  }
  if (row < 1 || row > heights_[q]) return std::nullopt;
  int cell = 0;
  for (int i = 0; i < q; ++i) cell += heights_[i];
  return cell + row - 1;
}

Mask Board::map_mask(int symmetry, Mask mask) const {
  Mask out = 0;
  while (mask) {
    int c = __builtin_ctzll(mask);
    mask &= mask - 1;
    out |= bit(symmetry_cells_[symmetry][c]);
  }
  return out;
}

void Board::build_symmetries() {
  std::vector<Point> cells(num_cells_);
  for (int c = 0; c < num_cells_; ++c) cells[c] = {q_[c], y_[c]};
  auto normalised = [](std::vector<Point> pts) {
    Point lo = pts[0];
    for (auto& p : pts) lo = {std::min(lo[0], p[0]), std::min(lo[1], p[1])};
    for (auto& p : pts) p = {p[0] - lo[0], p[1] - lo[1]};
    return pts;
  };
  std::vector<Point> base = normalised(cells);
  std::vector<Point> base_sorted = base;
  std::sort(base_sorted.begin(), base_sorted.end());

  for (int t = 0; t < 2 * kDirections; ++t) {
    std::vector<Point> image(num_cells_);
    for (int c = 0; c < num_cells_; ++c) image[c] = transform(cells[c], t);
    image = normalised(image);
    std::vector<Point> sorted = image;
    std::sort(sorted.begin(), sorted.end());
    if (sorted != base_sorted) continue;  // this map does not carry the board onto itself
    // base is the board normalised; translate back into grid coordinates.
    Point shift = {cells[0][0] - base[0][0], cells[0][1] - base[0][1]};
    std::vector<int> cell_map(num_cells_);
    for (int c = 0; c < num_cells_; ++c) {
      cell_map[c] = cell_at(image[c][0] + shift[0], image[c][1] + shift[1]);
    }
    std::array<int, kDirections> direction_map{};
    for (int d = 0; d < kDirections; ++d)
      direction_map[d] = direction_of(transform(kDirectionSteps[d], t));
    symmetry_cells_.push_back(std::move(cell_map));
    symmetry_directions_.push_back(direction_map);
  }
  int n = num_symmetries();
  inverse_.assign(n, -1);
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b) {
      bool identity = true;
      for (int c = 0; c < num_cells_ && identity; ++c) identity = map_cell(b, map_cell(a, c)) == c;
      if (identity) inverse_[a] = b;
    }
  }
}

const Board& Board::rings37() {
  static const Board board({4, 5, 6, 7, 6, 5, 4});
  return board;
}
const Board& Board::rings48() {
  static const Board board({5, 6, 7, 8, 7, 6, 5, 4});
  return board;
}
const Board& Board::rings61() {
  static const Board board({5, 6, 7, 8, 9, 8, 7, 6, 5});
  return board;
}

}  // namespace zertz
