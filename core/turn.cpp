#include "core/turn.h"

#include <cctype>

#include "core/error.h"
#include "core/printable.h"

namespace zertz {

namespace {

void collect_turns(const State& state, int mover, Turn& prefix, std::vector<Turn>& out) {
  ActionList actions;
  state.legal_actions(actions);
  for (Action a : actions) {
    State next = state;
    next.apply(a);
    prefix.actions.push_back(a);
    if (next.to_move() != mover || next.is_terminal()) {
      out.push_back(prefix);
    } else {
      collect_turns(next, mover, prefix, out);
    }
    prefix.actions.pop_back();
  }
}

int colour_of_letter(char ch) {
  switch (std::toupper(static_cast<unsigned char>(ch))) {
    case 'W':
      return kWhite;
    case 'G':
      return kGrey;
    case 'B':
      return kBlack;
    default:
      return -1;
  }
}

// A cursor over notation text that reports what it expected and what it found.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  void skip_spaces() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
  }
  bool done() {
    skip_spaces();
    return pos_ >= text_.size();
  }
  bool accept(char ch) {
    skip_spaces();
    if (pos_ < text_.size() && std::tolower(static_cast<unsigned char>(text_[pos_])) == ch) {
      ++pos_;
      return true;
    }
    return false;
  }
  int colour() {
    skip_spaces();
    int c = pos_ < text_.size() ? colour_of_letter(text_[pos_]) : -1;
    if (c < 0) fail("a marble colour W, G or B");
    ++pos_;
    return c;
  }
  int cell(const Board& board) {
    skip_spaces();
    std::size_t start = pos_;
    if (pos_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    auto cell = board.parse_cell(text_.substr(start, pos_ - start));
    if (!cell) {
      pos_ = start;
      fail("a cell of this board (like d4)");
    }
    return *cell;
  }
  [[noreturn]] void fail(const std::string& expected) const {
    std::string found =
        pos_ < text_.size() ? "'" + std::string(text_.substr(pos_)) + "'" : "the end of the turn";
    throw InputError("in turn '" + std::string(text_) + "': expected " + expected + " at column " +
                     std::to_string(pos_ + 1) + ", found " + found);
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

std::string why_illegal(const State& state, Action action) {
  const Board& b = state.board();
  if (state.is_terminal()) return "the game is over";
  switch (action.kind()) {
    case ActionKind::kPlace: {
      if (state.has_capture()) return "a capture is compulsory";
      if (!(state.rings() & bit(action.cell()))) return b.label(action.cell()) + " has no ring";
      if (state.occupied() & bit(action.cell())) return b.label(action.cell()) + " is occupied";
      if (state.placement_source()[action.colour()] == 0) {
        return std::string("no ") + kColourLetters[action.colour()] + " marble is left " +
               (state.pool_empty() ? "in the mover's stock" : "in the pool");
      }
      break;
    }
    case ActionKind::kRemove:
      return b.label(action.cell()) + " is not a free ring";
    case ActionKind::kJump:
      if (state.phase() == Phase::kChain && action.cell() != state.focus()) {
        return "the chain must go on from " + b.label(state.focus());
      }
      return "no jump from " + b.label(action.cell()) + " in that direction";
    case ActionKind::kPass:
      return "a pass is allowed only when no capture or placement is possible";
  }
  return "not legal here";
}

void apply_checked(State& state, Action action, std::string_view text) {
  if (!state.is_legal(action)) {
    throw InputError("in turn '" + std::string(text) + "': " + action.to_string(state.board()) +
                     " is illegal: " + why_illegal(state, action));
  }
  state.apply(action);
}

// The marbles a placement turn won by isolation, by colour: those on rings the turn took off
// the board, the placed marble included (a removal only takes a vacant ring).
std::array<Mask, kColours> isolated_by_turn(const State& before, Action place, const State& after) {
  std::array<Mask, kColours> taken{};
  for (int c = 0; c < kColours; ++c) {
    Mask marbles = before.marbles(c) | (place.colour() == c ? bit(place.cell()) : 0);
    taken[c] = marbles & ~after.rings();
  }
  return taken;
}

std::string isolation_suffix(const State& before, Action place, const State& after) {
  std::array<Mask, kColours> taken = isolated_by_turn(before, place, after);
  std::string out;
  for (Mask m = taken[0] | taken[1] | taken[2]; m; m &= m - 1) {
    int cell = __builtin_ctzll(m);
    for (int c = 0; c < kColours; ++c) {
      if (taken[c] & bit(cell)) out += kColourLetters[c] + before.board().label(cell);
    }
  }
  return out;
}

}  // namespace

std::vector<Turn> legal_turns(const State& state) {
  std::vector<Turn> out;
  if (state.is_terminal()) return out;
  Turn prefix;
  collect_turns(state, state.to_move(), prefix, out);
  return out;
}

void apply_turn(State& state, const Turn& turn) {
  int mover = state.to_move();
  for (std::size_t i = 0; i < turn.actions.size(); ++i) {
    if (state.to_move() != mover || !state.is_legal(turn.actions[i])) {
      throw InputError("illegal action " + turn.actions[i].to_string(state.board()) + " at step " +
                       std::to_string(i + 1) + " of the turn");
    }
    state.apply(turn.actions[i]);
  }
}

std::vector<std::string> turns_in_notation(const State& start, std::span<const Action> actions) {
  std::vector<std::string> texts;
  State state = start, before = start;
  Turn turn;
  for (Action action : actions) {
    const int mover = state.to_move();
    state.apply(action);
    turn.actions.push_back(action);
    if (state.is_terminal() || state.to_move() != mover) {
      texts.push_back(format_turn(before, turn));
      turn.actions.clear();
      before = state;
    }
  }
  return texts;
}

std::string format_turn(const State& before, const Turn& turn) {
  const Board& b = before.board();
  if (turn.actions.empty()) return "";
  Action first = turn.actions.front();
  if (first.kind() == ActionKind::kPass) return "-";
  State state = before;
  std::string out;
  if (first.kind() == ActionKind::kJump) {
    out = "x " + b.label(first.cell());
    for (Action a : turn.actions) {
      int over = b.neighbour(a.cell(), a.direction());
      out += kColourLetters[state.marble_at(over)] + b.label(b.landing(a.cell(), a.direction()));
      state.apply(a);
    }
    return out;
  }
  out = std::string(1, kColourLetters[first.colour()]) + b.label(first.cell());
  for (Action a : turn.actions) {
    if (a.kind() == ActionKind::kRemove) out += "," + b.label(a.cell());
    state.apply(a);
  }
  std::string isolated = isolation_suffix(before, first, state);
  if (!isolated.empty()) out += " x " + isolated;
  return out;
}

Turn parse_turn(const State& before, std::string_view text) {
  const Board& b = before.board();
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x20 || byte == 0x7f) {
      throw InputError("in turn '" + printable(text) + "': a control character at column " +
                       std::to_string(i + 1));
    }
  }
  if (before.phase() != Phase::kTurnStart) {
    throw InputError("in turn '" + std::string(text) +
                     "': the position is in the middle of a turn");
  }
  Reader in(text);
  Turn turn;
  State state = before;
  int mover = before.to_move();
  auto turn_over = [&] { return state.to_move() != mover || state.is_terminal(); };
  if (in.accept('-')) {
    if (!in.done()) in.fail("nothing after a pass");
    turn.actions.push_back(Action::pass());
    apply_checked(state, Action::pass(), text);
    return turn;
  }
  if (in.accept('x')) {
    int from = in.cell(b);
    do {
      int colour = in.colour();
      int to = in.cell(b);
      int direction = -1;
      for (int d = 0; d < kDirections; ++d) {
        if (b.landing(from, d) == to) direction = d;
      }
      if (direction < 0) {
        throw InputError("in turn '" + std::string(text) + "': " + b.label(from) + " to " +
                         b.label(to) + " is not a jump over one ring along a line");
      }
      int over = b.neighbour(from, direction);
      if (state.marble_at(over) >= 0 && state.marble_at(over) != colour) {
        throw InputError("in turn '" + std::string(text) + "': the marble on " + b.label(over) +
                         " is " + kColourLetters[state.marble_at(over)] + ", not " +
                         kColourLetters[colour]);
      }
      Action jump = Action::jump(from, direction);
      if (turn_over()) in.fail("the end of the turn (the chain has stopped)");
      apply_checked(state, jump, text);
      turn.actions.push_back(jump);
      from = to;
    } while (!in.done());
    if (!turn_over()) {
      throw InputError("in turn '" + std::string(text) + "': the chain must go on from " +
                       b.label(state.focus()));
    }
    return turn;
  }
  int colour = in.colour();
  Action place = Action::place(colour, in.cell(b));
  apply_checked(state, place, text);
  turn.actions.push_back(place);
  if (in.accept(',')) {
    if (turn_over()) {
      throw InputError("in turn '" + std::string(text) +
                       "': no ring is free after this placement, so none can be removed");
    }
    Action remove = Action::remove(in.cell(b));
    apply_checked(state, remove, text);
    turn.actions.push_back(remove);
  } else if (!turn_over()) {
    in.fail("',' and a free ring to remove");
  }
  if (in.accept('x')) {  // isolation captures, written for information: must be exact
    std::array<Mask, kColours> claimed{};
    do {
      int c = in.colour();
      claimed[c] |= bit(in.cell(b));
    } while (!in.done());
    if (claimed != isolated_by_turn(before, place, state)) {
      std::string isolated = isolation_suffix(before, place, state);
      throw InputError("in turn '" + std::string(text) + "': the isolated marbles are " +
                       (isolated.empty() ? std::string("none") : "'" + isolated + "'"));
    }
  }
  if (!in.done()) in.fail("the end of the turn");
  return turn;
}

}  // namespace zertz
