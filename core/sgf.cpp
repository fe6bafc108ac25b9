// Import of boardspace.net SGF records (GM[22]), step by step; reading the file itself is
// core/sgf_syntax.h. docs/boardspace-sgf.md describes the dialect as this importer understands it,
// how steps become our turns, and every refusal category.
#include "core/sgf.h"

#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/replay.h"
#include "core/sgf_syntax.h"
#include "core/text.h"
#include "core/turn.h"
#include "core/variant.h"

namespace zertz {
namespace sgf {
namespace {

std::string seat_name(int seat) {
  return seat == 0 ? "P0" : "P1";
}

// Boardspace's step words: those of zertz/common/movespec.java and the standard ones of
// online/game/commonMove.java (docs/boardspace-sgf.md lists them all). Its dictionary ignores
// case, and the records of whole months (March to June 2022) write "rtob", "r-" and "done".
enum class Word {
  kStart,
  kRtoB,
  kRemoveRing,
  kBtoB,
  kBtoR,
  kAddRing,
  kRtoR,
  kDone,
  kReset,
  kResign,
  kWinOnTime,
  kEdit,
};

struct PlayedWord {
  std::string_view name;  // in lower case
  Word word;
};

constexpr PlayedWord kPlayedWords[] = {
    {"start", Word::kStart},   {"rtob", Word::kRtoB},           {"r-", Word::kRemoveRing},
    {"btob", Word::kBtoB},     {"btor", Word::kBtoR},           {"r+", Word::kAddRing},
    {"rtor", Word::kRtoR},     {"done", Word::kDone},           {"reset", Word::kReset},
    {"resign", Word::kResign}, {"winontime", Word::kWinOnTime}, {"edit", Word::kEdit},
};

// The reasons for refusing a word that boardspace knows (docs/boardspace-sgf.md#step-vocabulary).
constexpr std::string_view kNotPlayedInZertz = "is a step boardspace's ZERTZ board cannot play";
constexpr std::string_view kUndoProtocol =
    "belongs to boardspace's undo protocol, whose effect on the game the record does not show";
constexpr std::string_view kNamesASeat = "names a seat, not a step";

struct RefusedWord {
  std::string_view name;  // in lower case
  std::string_view category;
  std::string_view reason;
};

constexpr RefusedWord kRefusedWords[] = {
    {"setboard", kEdited, "sets up a board"},
    {"swap", kUnsupported, "swaps the seats, which boardspace offers only in SU[Zertz+xx]"},
    {"pass", kUnsupported, kNotPlayedInZertz},
    {"nullmove", kUnsupported, kNotPlayedInZertz},
    {"pick", kUnsupported, kNotPlayedInZertz},
    {"pickb", kUnsupported, kNotPlayedInZertz},
    {"offerdraw", kUnsupported, kNotPlayedInZertz},
    {"acceptdraw", kUnsupported, kNotPlayedInZertz},
    {"declinedraw", kUnsupported, kNotPlayedInZertz},
    {"undo", kUnsupported, kUndoProtocol},
    {"pleaseundo", kUnsupported, kUndoProtocol},
    {"dontundo", kUnsupported, kUndoProtocol},
    {"allowundo", kUnsupported, kUndoProtocol},
    {"p0", kUnsupported, kNamesASeat},
    {"p1", kUnsupported, kNamesASeat},
};

// The step's word as boardspace reads it; a word that cannot be imported is refused with its
// reason.
Word step_word(const Step& step) {
  std::string name = lower_case(step.words[0]);
  for (const PlayedWord& played : kPlayedWords) {
    if (played.name == name) return played.word;
  }
  for (const RefusedWord& refused : kRefusedWords) {
    if (refused.name == name) {
      refuse(step.number, refused.category, step.describe() + " " + std::string(refused.reason));
    }
  }
  refuse(step.number, kUnsupported, step.describe() + " is not a step boardspace knows");
}

// The seat that a Start step names: boardspace reads P0 and P1 in any case, or the bare number.
std::optional<int> seat_word(const std::string& word) {
  std::string name = lower_case(word);
  if (name == "p0" || name == "0") return 0;
  if (name == "p1" || name == "1") return 1;
  return std::nullopt;
}

struct Placement {
  int rack = 0;
  int colour = 0;
  int cell = 0;
  const Step* step = nullptr;
};

struct Removal {
  int cell = 0;
  const Step* step = nullptr;
};

// The turn being written. Boardspace records one step per node, confirmed by Done (VV[2]) or by
// the other seat's next step (VV[1] records have no Done); until then the player may still
// take the marble back, move it or put the ring back.
struct PendingTurn {
  int seat = -1;  // -1: no turn in progress
  std::optional<Placement> place;
  std::optional<Removal> removal;
  std::vector<Action> jumps;
  std::optional<State> after_jumps;
  const Step* last_step = nullptr;
  bool empty() const { return !place && !removal && jumps.empty(); }
};

class Importer {
 public:
  Importer(const Variant& variant, const Header& header) : header_(header), game_(State(variant)) {
    record_.variant = variant.name;
    record_.date = iso_date(header.date);
  }

  GameRecord run(const std::vector<Step>& steps);

 private:
  const Board& board() const { return game_.state().board(); }
  int seat_to_move() const { return game_.state().to_move() == 0 ? first_seat_ : 1 - first_seat_; }
  int player_of(int seat) const { return seat == first_seat_ ? 0 : 1; }
  int cell_word(const Step& step, std::size_t at) const;
  int digit_word(const Step& step, std::size_t at, int max) const;

  void play(const Step& step, Word word);
  void start(const Step& step);
  void place(const Step& step);
  void remove(const Step& step);
  void move_marble(const Step& step);
  void take_back(const Step& step);
  void put_back_ring(const Step& step);
  void move_between_racks(const Step& step);
  void reset(const Step& step);
  void resign(const Step& step);
  void end_by(const Step& step, int winner_seat, const char* termination);
  bool open_turn(const Step& step, bool continues_turn);
  bool turn_complete() const;
  void commit(const Step& at);
  void check_placement(const State& state, const Placement& p, int seat) const;
  Action jump_action(const State& state, const Step& step, int from, int to) const;
  void set_result();

  Header header_;
  Game game_;
  GameRecord record_;
  PendingTurn turn_;
  int first_seat_ = -1;  // the seat that moves first: our player 1
  int start_seat_ = -1;  // the seat a Start step names
  bool moved_ = false;
  bool editing_ = false;
  int last_turn_step_ = 0;           // the last step of the last turn played
  const Step* resigning_ = nullptr;  // a Resign waiting for Done
  const Step* end_step_ = nullptr;   // the Resign or WinOnTime that ended the game
  int end_winner_seat_ = -1;
  std::string end_termination_;
};

int Importer::cell_word(const Step& step, std::size_t at) const {
  if (step.words.size() < at + 2) {
    refuse(step.number, kDamaged, step.describe() + " lacks a cell (column and row)");
  }
  const std::string& column = step.words[at];
  const std::string& row = step.words[at + 1];
  std::optional<int> cell;
  if (column.size() == 1 && is_number(row)) cell = board().parse_cell(column + row);
  if (!cell) {
    refuse(step.number, kDamaged,
           step.describe() + ": " + column + " " + row + " is not a cell of this board");
  }
  return *cell;
}

int Importer::digit_word(const Step& step, std::size_t at, int max) const {
  if (step.words.size() <= at || step.words[at].size() != 1 || step.words[at][0] < '0' ||
      step.words[at][0] > '0' + max) {
    refuse(step.number, kDamaged,
           step.describe() + ": expected a number 0.." + std::to_string(max) + " as word " +
               std::to_string(at + 1));
  }
  return step.words[at][0] - '0';
}

GameRecord Importer::run(const std::vector<Step>& steps) {
  for (const Step& step : steps) {
    // Boardspace leaves a finished game in its game-over state and replays whatever follows
    // (old records continue with forced moves); our rules have ended the game, so it is ignored.
    if (game_.is_terminal() || end_step_) continue;
    if (step.words[0].rfind("vcr:", 0) == 0 && step.seat < 0) continue;  // the viewer's scrolling
    play(step, step_word(step));
  }
  // A resignation still waiting for Done at the end stands: VV[1] records leave out Done.
  if (resigning_) end_by(*resigning_, 1 - resigning_->seat, "resignation");
  if (turn_.seat >= 0) {
    // A last turn that is whole counts even unconfirmed; one left half-done never happened.
    if (turn_complete()) {
      commit(steps.back());
    } else {
      turn_ = PendingTurn{};
    }
  }
  if (first_seat_ < 0) first_seat_ = start_seat_ >= 0 ? start_seat_ : 0;
  record_.player1 = header_.names[first_seat_];
  record_.player2 = header_.names[1 - first_seat_];
  set_result();
  return record_;
}

// Plays one step. Only the players resign or win on time; the server writes neither.
void Importer::play(const Step& step, Word word) {
  if ((word == Word::kResign || word == Word::kWinOnTime) && step.seat < 0) {
    refuse(step.number, kDamaged, step.describe() + " is a move by the server");
  }
  if (resigning_) {
    // Resign waits for Done; Resign again takes it back, and so does any other step.
    const Step& resigned = *resigning_;
    resigning_ = nullptr;
    if (word == Word::kDone) {
      end_by(resigned, 1 - resigned.seat, "resignation");
      return;
    }
    if (word == Word::kResign) return;
  }
  switch (word) {
    case Word::kStart:
      start(step);
      break;
    case Word::kRtoB:
      place(step);
      break;
    case Word::kRemoveRing:
      remove(step);
      break;
    case Word::kBtoB:
      move_marble(step);
      break;
    case Word::kBtoR:
      take_back(step);
      break;
    case Word::kAddRing:
      put_back_ring(step);
      break;
    case Word::kRtoR:
      move_between_racks(step);
      break;
    case Word::kDone:
      commit(step);
      break;
    case Word::kReset:
      reset(step);
      break;
    case Word::kResign:
      resign(step);
      break;
    case Word::kWinOnTime:
      end_by(step, step.seat, "time");
      break;
    case Word::kEdit:
      editing_ = true;
      break;
  }
}

// Who moves first is decided by the first move: 78 VV[1] records write "Start" with the other
// seat's name while the Start step's own seat makes the first move.
void Importer::start(const Step& step) {
  std::optional<int> seat = step.words.size() == 2 ? seat_word(step.words[1]) : std::nullopt;
  if (!seat) refuse(step.number, kDamaged, step.describe() + " names no seat P0 or P1");
  if (!moved_) start_seat_ = *seat;
  editing_ = false;  // play resumes; refused already if anything was edited
}

void Importer::place(const Step& step) {
  int rack = digit_word(step, 1, 2);
  int colour = digit_word(step, 2, 2);
  int cell = cell_word(step, 3);
  if (!open_turn(step, !turn_.place && turn_.jumps.empty())) return;
  turn_.place = Placement{rack, colour, cell, &step};
}

void Importer::remove(const Step& step) {
  int cell = cell_word(step, 1);
  if (!open_turn(step, !turn_.removal && turn_.jumps.empty())) return;
  turn_.removal = Removal{cell, &step};
}

void Importer::move_marble(const Step& step) {
  int from = cell_word(step, 1);
  int to = cell_word(step, 3);
  if (from == to) return;  // the interface picked a marble up and put it back
  if (turn_.seat == step.seat && turn_.place && turn_.place->cell == from) {
    // The player moves the marble just placed: the placement goes to the new cell.
    turn_.place->cell = to;
    turn_.place->step = &step;
    turn_.last_step = &step;
    return;
  }
  if (turn_.seat == step.seat && !turn_.jumps.empty()) {
    Action last = turn_.jumps.back();
    if (last.cell() == to && board().landing(last.cell(), last.direction()) == from) {
      // The player moves the marble back: boardspace takes the last jump back.
      turn_.jumps.pop_back();
      turn_.after_jumps = game_.state();
      for (Action jump : turn_.jumps) turn_.after_jumps->apply(jump);
      turn_.last_step = &step;
      return;
    }
  }
  bool chain_goes_on = !turn_.jumps.empty() && turn_.after_jumps->phase() == Phase::kChain;
  if (!open_turn(step, !turn_.place && !turn_.removal && (turn_.jumps.empty() || chain_goes_on))) {
    return;
  }
  if (!turn_.after_jumps) turn_.after_jumps = game_.state();
  Action jump = jump_action(*turn_.after_jumps, step, from, to);
  turn_.after_jumps->apply(jump);
  turn_.jumps.push_back(jump);
}

void Importer::take_back(const Step& step) {
  int cell = cell_word(step, 1);
  int rack = digit_word(step, 3, 2);
  if (turn_.seat == step.seat && turn_.place && turn_.place->cell == cell &&
      turn_.place->rack == rack) {
    turn_.place.reset();  // the player takes the marble just placed back
    return;
  }
  refuse(step.number, kEdited, step.describe() + " takes a marble off the board");
}

void Importer::put_back_ring(const Step& step) {
  int cell = cell_word(step, 1);
  if (turn_.seat == step.seat && turn_.removal && turn_.removal->cell == cell) {
    turn_.removal.reset();  // the player puts the ring just removed back
    return;
  }
  refuse(step.number, kEdited, step.describe() + " puts a ring on the board");
}

void Importer::move_between_racks(const Step& step) {
  int from = digit_word(step, 1, 2);
  digit_word(step, 2, 2);
  int to = digit_word(step, 3, 2);
  if (from == to) return;  // the interface picked a marble up and dropped it back
  refuse(step.number, moved_ ? kEdited : kHandicap,
         step.describe() + " moves a marble from rack " + std::to_string(from) + " to rack " +
             std::to_string(to));
}

// Reset abandons the turn in progress: boardspace's client takes back every step since the last
// Done, Start or Edit, so a Reset right after a Done takes nothing back (every Reset seen in
// boardspace's archive comes there). A Reset by the other seat ends the turn in progress first,
// as any step of that seat does.
void Importer::reset(const Step& step) {
  if (turn_.seat >= 0 && turn_.seat != step.seat) commit(step);
  turn_ = PendingTurn{};
}

// A Resign waits for Done (see play); one while the other seat's turn is in progress ends that
// turn first.
void Importer::resign(const Step& step) {
  if (turn_.seat >= 0 && turn_.seat != step.seat) commit(step);
  resigning_ = &step;
}

// Ends the game by resignation or time. A turn that the player who ends it had not confirmed is
// dropped; the other player's turn in progress ends here.
void Importer::end_by(const Step& step, int winner_seat, const char* termination) {
  if (turn_.seat == step.seat) turn_ = PendingTurn{};
  commit(step);
  end_step_ = &step;
  end_winner_seat_ = winner_seat;
  end_termination_ = termination;
}

// Called by every step that changes the board: a step by the other seat, or one that cannot
// belong to the turn in progress, ends that turn first. Returns false when that ended the game:
// the step comes after the end and is ignored, as run() ignores every later step.
bool Importer::open_turn(const Step& step, bool continues_turn) {
  if (editing_) refuse(step.number, kEdited, step.describe() + " changes the board after Edit");
  if (step.seat < 0) refuse(step.number, kDamaged, step.describe() + " is a move by the server");
  if (turn_.seat >= 0 && (turn_.seat != step.seat || !continues_turn)) commit(step);
  if (game_.is_terminal()) return false;
  turn_.last_step = &step;
  if (turn_.seat >= 0) return true;
  if (first_seat_ < 0) first_seat_ = step.seat;
  moved_ = true;
  ActionList legal;
  game_.state().legal_actions(legal);
  if (step.seat != seat_to_move() && legal.size == 1 && legal[0] == Action::pass()) {
    record_.turns.push_back("-");  // boardspace skips a player who cannot move
    record_.turn_lines.push_back(step.line);
    game_.apply(Action::pass());
    if (game_.is_terminal()) {
      refuse(step.number, kDamaged, step.describe() + " follows two passes in a row");
    }
  }
  if (step.seat != seat_to_move()) {
    refuse(step.number, kDamaged,
           step.describe() + " is a move by " + seat_name(step.seat) + ", but it is " +
               seat_name(seat_to_move()) + "'s turn");
  }
  turn_.seat = step.seat;
  return true;
}

// Whether the turn in progress is whole: a capture chain that has stopped, or a placement with
// its removal (or without one when no ring is free).
bool Importer::turn_complete() const {
  if (!turn_.jumps.empty()) return turn_.after_jumps->phase() != Phase::kChain;
  if (!turn_.place) return false;
  if (turn_.removal) return true;
  State state = game_.state();
  Action place = Action::place(turn_.place->colour, turn_.place->cell);
  if (!state.is_legal(place)) return true;  // commit says why
  state.apply(place);
  return state.phase() != Phase::kRemove;
}

void Importer::commit(const Step& at) {
  PendingTurn turn = std::move(turn_);
  turn_ = PendingTurn{};
  if (turn.empty()) return;
  const Board& b = board();
  const State& before = game_.state();
  Turn played;
  if (!turn.jumps.empty()) {
    if (turn.after_jumps->phase() == Phase::kChain) {
      refuse(at.number, kDamaged,
             at.describe() + " ends the turn, but the capture chain must go on from " +
                 b.label(turn.after_jumps->focus()));
    }
    played.actions = turn.jumps;
  } else if (!turn.place) {
    refuse(at.number, kDamaged,
           at.describe() + " ends the turn, but " + turn.removal->step->describe() +
               " removed a ring without a placement");
  } else {
    const Placement& p = *turn.place;
    check_placement(before, p, turn.seat);
    played.actions.push_back(Action::place(p.colour, p.cell));
    if (!before.is_legal(played.actions.back())) {
      refuse(p.step->number, kDamaged, p.step->describe() + ": the placement is not legal here");
    }
    State after = before;
    after.apply(played.actions.back());
    if (after.phase() == Phase::kRemove) {
      if (!turn.removal) {
        refuse(at.number, kDamaged,
               at.describe() + " ends the turn, but no ring was removed after " +
                   p.step->describe() + " although " +
                   b.label(__builtin_ctzll(after.free_rings())) + " is free");
      }
      const Removal& r = *turn.removal;
      if (!after.is_legal(Action::remove(r.cell))) {
        std::string why = !(after.rings() & bit(r.cell))   ? " has no ring"
                          : after.occupied() & bit(r.cell) ? " holds a marble"
                                                           : " is not a free ring";
        refuse(r.step->number, kDamaged, r.step->describe() + ": " + b.label(r.cell) + why);
      }
      played.actions.push_back(Action::remove(r.cell));
    } else if (turn.removal) {
      refuse(turn.removal->step->number, kDamaged,
             turn.removal->step->describe() + " removes a ring, but after " + p.step->describe() +
                 " no ring is free");
    }
  }
  record_.turns.push_back(format_turn(before, played));
  for (Action a : played.actions) game_.apply(a);
  record_.turn_lines.push_back(turn.last_step->line);
  last_turn_step_ = turn.last_step->number;
}

void Importer::check_placement(const State& state, const Placement& p, int seat) const {
  const Board& b = board();
  auto fail = [&](const std::string& why) {
    refuse(p.step->number, kDamaged, p.step->describe() + ": " + why);
  };
  if (state.has_capture()) {
    ActionList legal;
    state.legal_actions(legal);
    Action jump = legal[0];
    fail("places a marble although a capture is compulsory (" + jump.to_string(b) + ")");
  }
  if (!(state.rings() & bit(p.cell))) fail(b.label(p.cell) + " has no ring");
  if (state.occupied() & bit(p.cell)) fail(b.label(p.cell) + " is occupied");
  if (p.rack == 2 && state.pool_empty()) fail("takes a marble from the empty pool");
  if (p.rack != 2 && p.rack != seat) fail("takes a marble from the opponent's captured ones");
  if (p.rack != 2 && !state.pool_empty()) {
    fail("places a captured marble while the pool still holds marbles");
  }
  if (state.placement_source()[p.colour] == 0) {
    fail(std::string("no ") + kColourLetters[p.colour] + " marble is left " +
         (p.rack == 2 ? "in the pool" : "among the player's captured marbles"));
  }
}

Action Importer::jump_action(const State& state, const Step& step, int from, int to) const {
  const Board& b = board();
  auto fail = [&](const std::string& why) {
    refuse(step.number, kDamaged, step.describe() + ": " + why);
  };
  int direction = -1;
  for (int d = 0; d < kDirections; ++d) {
    if (b.landing(from, d) == to) direction = d;
  }
  if (direction < 0) fail(b.label(from) + " to " + b.label(to) + " is not a jump along a line");
  Action jump = Action::jump(from, direction);
  if (state.is_legal(jump)) return jump;
  int over = b.neighbour(from, direction);
  if (state.phase() == Phase::kChain && from != state.focus()) {
    fail("the capture chain must go on from " + b.label(state.focus()));
  }
  if (state.marble_at(from) < 0) fail("no marble on " + b.label(from));
  if (state.marble_at(over) < 0) fail("no marble on " + b.label(over) + " to jump over");
  if (!(state.vacant() & bit(to))) fail(b.label(to) + " is not a vacant ring");
  refuse(step.number, kDamaged, step.describe() + ": the jump is not legal here");
}

void Importer::set_result() {
  DeclaredResult declared = parse_result(header_.result, header_.names);
  auto win = [&](int seat) { return player_of(seat) == 0 ? "1-0" : "0-1"; };
  std::string claimed = declared.draw               ? "1/2-1/2"
                        : declared.winner_seat >= 0 ? win(declared.winner_seat)
                                                    : "*";
  auto check_claim = [&](int step, const std::string& ending) {
    if (claimed != "*" && claimed != record_.result) {
      refuse(
          step, kResultDiffers,
          "RE[" + header_.result + "] says " + claimed + ", but " + ending + " " + record_.result);
    }
  };
  if (game_.is_terminal()) {
    record_.result = result_string(game_.outcome());
    // No double pass: open_turn refuses the step that would follow one.
    record_.termination = game_.ended_by_repetition() ? "repetition" : "normal";
    check_claim(last_turn_step_,
                "by our rules the game ends at step " + std::to_string(last_turn_step_) + " with");
  } else if (end_step_) {
    record_.result = win(end_winner_seat_);
    record_.termination = end_termination_;
    check_claim(end_step_->number, end_step_->describe() + " means");
  } else if (declared.draw) {
    record_.result = "1/2-1/2";
    record_.termination = "agreement";
  } else if (declared.winner_seat >= 0) {
    refuse(last_turn_step_, kResultDiffers,
           "RE[" + header_.result + "] names a winner, but the game is not over");
  } else {
    // The result stays the record's "*". (Assigning it again trips a false -Wrestrict in GCC 12.)
    record_.termination = "unfinished";
  }
}

}  // namespace
}  // namespace sgf

SgfImport import_sgf(std::string_view text) {
  SgfImport out;
  try {
    sgf::SgfFile file = sgf::read_sgf(text);
    sgf::Importer importer(sgf::variant_of(file.header), file.header);
    out.record = importer.run(file.steps);
    out.ok = true;
  } catch (const sgf::Refusal& refusal) {
    out.reason = refusal.reason;
    out.step = refusal.step;
  } catch (const std::exception& e) {
    out.reason = std::string(sgf::kDamaged) + ": " + e.what();
  }
  return out;
}

}  // namespace zertz
