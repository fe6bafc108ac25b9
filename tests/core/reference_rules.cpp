#include "tests/core/reference_rules.h"

#include <algorithm>

namespace zertz::reference {

namespace {

bool has(Mask mask, int cell) {
  return ((mask >> cell) & 1) != 0;
}

bool has_ring(const Position& p, int cell) {
  return cell != kNoCell && p.cells[cell] != kNoRing;
}
bool has_marble(const Position& p, int cell) {
  return cell != kNoCell && p.cells[cell] >= 0;
}
bool is_vacant(const Position& p, int cell) {
  return cell != kNoCell && p.cells[cell] == kVacant;
}

int total(const Counts& counts) {
  return counts[0] + counts[1] + counts[2];
}

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::kTurnStart:
      return "turn";
    case Phase::kRemove:
      return "remove";
    case Phase::kChain:
      return "chain";
  }
  return "?";
}

std::string counts_text(const Counts& c) {
  return std::to_string(c[0]) + "," + std::to_string(c[1]) + "," + std::to_string(c[2]);
}

void end_turn(Position& p) {
  p.phase = Phase::kTurnStart;
  p.focus = kNoCell;
  p.passes = 0;
  if (meets_winning_set(*p.variant, p.captured[p.to_move])) {
    p.outcome = p.to_move == 0 ? Outcome::kFirstWins : Outcome::kSecondWins;
  }
  p.to_move = 1 - p.to_move;
}

// Isolation, then the full-board win (docs/rules.md): with no vacant ring left the whole board was
// one full group, so isolation took it all and no ring remains.
void end_placement_turn(Position& p) {
  for (const std::vector<int>& group : full_groups(p)) {
    for (int cell : group) {
      ++p.captured[p.to_move][p.cells[cell]];
      p.cells[cell] = kNoRing;
    }
  }
  bool any_vacant = false;
  for (int cell = 0; cell < p.board().num_cells(); ++cell) any_vacant |= is_vacant(p, cell);
  if (!any_vacant) p.outcome = p.to_move == 0 ? Outcome::kFirstWins : Outcome::kSecondWins;
  end_turn(p);
}

}  // namespace

bool meets_winning_set(const Variant& variant, const Counts& captured) {
  int colours_at_each = 0;
  for (int c = 0; c < kColours; ++c) {
    if (captured[c] >= variant.single[c]) return true;
    if (captured[c] >= variant.each) ++colours_at_each;
  }
  return colours_at_each == kColours;
}

Position from_state(const State& state) {
  Position p;
  p.variant = &state.variant();
  const Board& b = state.board();
  p.cells.assign(b.num_cells(), kNoRing);
  for (int cell = 0; cell < b.num_cells(); ++cell) {
    if (!has(state.rings(), cell)) continue;
    p.cells[cell] = kVacant;
    for (int c = 0; c < kColours; ++c) {
      if (has(state.marbles(c), cell)) p.cells[cell] = c;
    }
  }
  p.pool = state.pool();
  p.captured = {state.captured(0), state.captured(1)};
  p.to_move = state.to_move();
  p.phase = state.phase();
  p.focus = state.focus();
  p.passes = state.consecutive_passes();
  int last_mover = 1 - p.to_move;
  bool any_ring = false;
  for (int cell = 0; cell < b.num_cells(); ++cell) any_ring |= has_ring(p, cell);
  if (p.passes >= 2) {
    p.outcome = Outcome::kDraw;
  } else if (p.phase == Phase::kTurnStart &&
             (!any_ring || meets_winning_set(*p.variant, p.captured[last_mover]))) {
    p.outcome = last_mover == 0 ? Outcome::kFirstWins : Outcome::kSecondWins;
  }
  return p;
}

std::string difference(const Position& expected, const State& actual) {
  Position got = from_state(actual);
  const Board& b = expected.board();
  for (int cell = 0; cell < b.num_cells(); ++cell) {
    if (got.cells[cell] != expected.cells[cell]) {
      return "cell " + b.label(cell) + ": expected " + std::to_string(expected.cells[cell]) +
             " (-2 no ring, -1 vacant, 0..2 colour), got " + std::to_string(got.cells[cell]);
    }
  }
  if (got.pool != expected.pool) {
    return "pool: expected " + counts_text(expected.pool) + ", got " + counts_text(got.pool);
  }
  for (int player = 0; player < 2; ++player) {
    if (got.captured[player] != expected.captured[player]) {
      return "stock of player " + std::to_string(player + 1) + ": expected " +
             counts_text(expected.captured[player]) + ", got " + counts_text(got.captured[player]);
    }
  }
  if (got.to_move != expected.to_move) return "player to move differs";
  if (got.phase != expected.phase || got.focus != expected.focus) {
    return std::string("phase: expected ") + phase_name(expected.phase) + " focus " +
           std::to_string(expected.focus) + ", got " + phase_name(got.phase) + " focus " +
           std::to_string(got.focus);
  }
  if (got.passes != expected.passes) return "consecutive passes differ";
  if (actual.outcome() != expected.outcome) {
    return "outcome: expected " + std::to_string(static_cast<int>(expected.outcome)) + ", got " +
           std::to_string(static_cast<int>(actual.outcome()));
  }
  return "";
}

bool is_free(const Position& p, int cell) {
  if (!is_vacant(p, cell)) return false;
  for (int d = 0; d < kDirections; ++d) {
    int first = p.board().neighbour(cell, d);
    int second = p.board().neighbour(cell, (d + 1) % kDirections);
    if (!has_ring(p, first) && !has_ring(p, second)) return true;
  }
  return false;
}

std::vector<int> free_rings(const Position& p) {
  std::vector<int> out;
  for (int cell = 0; cell < p.board().num_cells(); ++cell) {
    if (is_free(p, cell)) out.push_back(cell);
  }
  return out;
}

std::vector<Action> jumps_from(const Position& p, int cell) {
  std::vector<Action> out;
  if (!has_marble(p, cell)) return out;
  for (int d = 0; d < kDirections; ++d) {
    int over = p.board().neighbour(cell, d);
    int land = p.board().landing(cell, d);
    if (has_marble(p, over) && is_vacant(p, land)) out.push_back(Action::jump(cell, d));
  }
  return out;
}

std::vector<Action> legal_actions(const Position& p) {
  std::vector<Action> out;
  if (p.outcome != Outcome::kOngoing) return out;
  const int n = p.board().num_cells();
  if (p.phase == Phase::kChain) {
    out = jumps_from(p, p.focus);
  } else if (p.phase == Phase::kRemove) {
    for (int cell : free_rings(p)) out.push_back(Action::remove(cell));
  } else {
    for (int cell = 0; cell < n; ++cell) {
      for (Action a : jumps_from(p, cell)) out.push_back(a);
    }
    if (out.empty()) {  // no capture: place, from the pool while it lasts
      const Counts& source = total(p.pool) > 0 ? p.pool : p.captured[p.to_move];
      for (int c = 0; c < kColours; ++c) {
        for (int cell = 0; cell < n; ++cell) {
          if (source[c] > 0 && is_vacant(p, cell)) out.push_back(Action::place(c, cell));
        }
      }
    }
    if (out.empty()) out.push_back(Action::pass());
  }
  std::sort(out.begin(), out.end());
  return out;
}

void apply(Position& p, Action action) {
  const Board& b = p.board();
  switch (action.kind()) {
    case ActionKind::kPlace: {
      Counts& source = total(p.pool) > 0 ? p.pool : p.captured[p.to_move];
      --source[action.colour()];
      p.cells[action.cell()] = action.colour();
      if (free_rings(p).empty()) {
        end_placement_turn(p);
      } else {
        p.phase = Phase::kRemove;
      }
      break;
    }
    case ActionKind::kRemove:
      p.cells[action.cell()] = kNoRing;
      end_placement_turn(p);
      break;
    case ActionKind::kJump: {
      int from = action.cell();
      int over = b.neighbour(from, action.direction());
      int land = b.landing(from, action.direction());
      ++p.captured[p.to_move][p.cells[over]];
      p.cells[land] = p.cells[from];
      p.cells[from] = kVacant;
      p.cells[over] = kVacant;
      if (!jumps_from(p, land).empty()) {  // the same marble must jump on
        p.phase = Phase::kChain;
        p.focus = land;
      } else {
        end_turn(p);
      }
      break;
    }
    case ActionKind::kPass:
      ++p.passes;
      if (p.passes >= 2) p.outcome = Outcome::kDraw;
      p.to_move = 1 - p.to_move;
      break;
  }
}

std::vector<std::vector<int>> full_groups(const Position& p) {
  const Board& b = p.board();
  std::vector<std::vector<int>> out;
  std::vector<bool> seen(b.num_cells(), false);
  for (int start = 0; start < b.num_cells(); ++start) {
    if (seen[start] || !has_ring(p, start)) continue;
    std::vector<int> group = {start};
    seen[start] = true;
    for (std::size_t i = 0; i < group.size(); ++i) {
      for (int d = 0; d < kDirections; ++d) {
        int next = b.neighbour(group[i], d);
        if (has_ring(p, next) && !seen[next]) {
          seen[next] = true;
          group.push_back(next);
        }
      }
    }
    bool full = true;
    for (int cell : group) full = full && has_marble(p, cell);
    if (full) out.push_back(group);
  }
  return out;
}

std::vector<Action> engine_actions(const State& state) {
  ActionList list;
  state.legal_actions(list);
  std::vector<Action> out(list.begin(), list.end());
  std::sort(out.begin(), out.end());
  return out;
}

std::string describe(const Board& board, const std::vector<Action>& actions) {
  std::string out;
  for (Action a : actions) out += (out.empty() ? "" : ", ") + a.to_string(board);
  return out.empty() ? "(none)" : out;
}

}  // namespace zertz::reference
