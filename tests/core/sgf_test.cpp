// The boardspace SGF importer (core/sgf.h, docs/boardspace-sgf.md): small inline records for each
// part of the dialect, garbage that must be refused without a crash, and the whole sample.
#include "core/sgf.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/replay.h"

namespace zertz {
namespace {

// A boardspace record around `steps`; alice (P0) and bob (P1).
std::string record(const std::string& steps, const std::string& header = "",
                   const std::string& setup = "Zertz") {
  return " (;\nGM[22]VV[2]\nSU[" + setup + "]\nDT[Tue Mar 23 22:50:26 CET 2004]\n" + header +
         "P0[id \"alice\"]\nP1[id \"bob\"]\n" + steps +
         ";\nP0[time 0:01:00 ]\nP1[time 0:02:00 ]\n)\n";
}

// Three turns that leave Bd1 Wd2 Gd4: d1 must jump over d2 to d3 and go on over d4 to d5.
const std::string kOpening =
    "; P0[0 Start P0]\n"
    "; P0[1 RtoB 2 0 D 2]TM[100]\n; P0[2 R- A 1]\n; P0[3 Done ]\n"
    "; P1[4 RtoB 2 1 D 4]\n; P1[5 R- G 1]\n; P1[6 Done ]\n"
    "; P0[7 RtoB 2 2 D 1]\n; P0[8 R- A 4]\n; P0[9 Done ]\n";

SgfImport import_ok(const std::string& text) {
  SgfImport imported = import_sgf(text);
  EXPECT_TRUE(imported.ok) << imported.reason << " at step " << imported.step;
  if (imported.ok) {
    ReplayReport report = replay_record(imported.record);
    EXPECT_TRUE(report.ok) << report.reason;
  }
  return imported;
}

void expect_refused(const std::string& text, const std::string& reason_start, int step,
                    const std::string& reason_part = "") {
  SgfImport imported = import_sgf(text);
  EXPECT_FALSE(imported.ok);
  EXPECT_EQ(imported.reason.rfind(reason_start, 0), 0u) << imported.reason;
  EXPECT_NE(imported.reason.find(reason_part), std::string::npos) << imported.reason;
  EXPECT_EQ(imported.step, step) << imported.reason;
}

TEST(Sgf, ShortGameWithPlacementsRemovalsAndAChain) {
  SgfImport imported =
      import_ok(record(kOpening + "; P1[10 BtoB D 1 D 3]\n; P1[11 BtoB D 3 D 5]\n"
                                  "; P1[12 Done ]\n"
                                  "; P0[13 RtoB 2 0 B 2]\n; P0[14 R- G 4]\n; P0[15 Done ]\n"));
  const GameRecord& r = imported.record;
  EXPECT_EQ(r.variant, "tournament");
  EXPECT_EQ(r.player1, "alice");
  EXPECT_EQ(r.player2, "bob");
  EXPECT_EQ(r.date, "2004-03-23");
  EXPECT_EQ(r.turns,
            (std::vector<std::string>{"Wd2,a1", "Gd4,g1", "Bd1,a4", "x d1Wd3Gd5", "Wb2,g4"}));
  EXPECT_EQ(r.turn_lines, (std::vector<int>{9, 12, 15, 18, 21}));  // each turn's last step
  EXPECT_EQ(r.result, "*");
  EXPECT_EQ(r.termination, "unfinished");
}

TEST(Sgf, BoardSizesFollowTheSetUp) {
  SgfImport on48 =
      import_ok(record("; P0[1 RtoB 2 0 H 4]\n; P0[2 R- A 5]\n; P0[3 Done]\n", "", "Zertz+11"));
  EXPECT_EQ(on48.record.variant, "tournament-48");
  EXPECT_EQ(on48.record.turns, std::vector<std::string>{"Wh4,a5"});
  SgfImport on61 =
      import_ok(record("; P0[1 RtoB 2 1 E 9]\n; P0[2 R- I 5]\n; P0[3 Done]\n", "", "Zertz+24"));
  EXPECT_EQ(on61.record.variant, "tournament-61");
  EXPECT_EQ(on61.record.turns, std::vector<std::string>{"Ge9,i5"});
  expect_refused(record("", "", "Zertz+H"), "handicap: ", 0);
  expect_refused(record("", "", "Zertz+xx"), "custom set-up: ", 0);
  expect_refused(record("", "", "Dvonn"), "not a boardspace record: ", 0);
}

TEST(Sgf, RemovalWrittenBeforeItsPlacement) {
  SgfImport imported =
      import_ok(record("; P0[1 R- A 1]\n; P0[2 RtoB 2 0 D 2]\n; P0[3 Done]\n"
                       "; P1[4 R- G 1]\n; P1[5 RtoB 2 2 D 4]\n; P1[6 Done]\n"));
  EXPECT_EQ(imported.record.turns, (std::vector<std::string>{"Wd2,a1", "Bd4,g1"}));
}

TEST(Sgf, NoOpMovesAndRackNoiseAreIgnored) {
  SgfImport imported = import_ok(record(kOpening + "; P1[10 RtoR 2 0 2]\n; P1[11 BtoB D 1 D 1]\n"
                                                   "; P1[12 BtoB D 1 D 3]\n; P1[13 BtoB D 3 D 3]\n"
                                                   "; P1[14 BtoB D 3 D 5]\n; P1[15 Done]\n"));
  EXPECT_EQ(imported.record.turns.back(), "x d1Wd3Gd5");
}

TEST(Sgf, TheTurnInProgressCanBeCorrected) {
  // Take the marble back (BtoR), move a placed marble (BtoB), put the ring back (R+), and take a
  // jump back by moving the marble back.
  SgfImport imported = import_ok(
      record("; P0[1 RtoB 2 2 C 2]\n; P0[2 R- B 5]\n; P0[3 BtoR C 2 2]\n; P0[4 RtoB 2 0 E 2]\n"
             "; P0[5 BtoB E 2 D 2]\n; P0[6 R+ B 5]\n; P0[7 R- A 1]\n; P0[8 Done]\n"
             "; P1[9 RtoB 2 1 D 4]\n; P1[10 R- G 1]\n; P1[11 Done]\n"
             "; P0[12 RtoB 2 2 D 1]\n; P0[13 R- A 4]\n; P0[14 Done]\n"
             "; P1[15 BtoB D 1 D 3]\n; P1[16 BtoB D 3 D 1]\n; P1[17 BtoB D 1 D 3]\n"
             "; P1[18 BtoB D 3 D 5]\n; P1[19 Done]\n"));
  EXPECT_EQ(imported.record.turns,
            (std::vector<std::string>{"Wd2,a1", "Gd4,g1", "Bd1,a4", "x d1Wd3Gd5"}));
}

TEST(Sgf, StepWordsInAnyCaseMeanTheSame) {
  // Boardspace reads its step words without regard to case; whole months wrote them in lower case.
  std::string canonical = kOpening +
                          "; P1[10 BtoB D 1 D 3]\n; P1[11 BtoB D 3 D 5]\n; P1[12 Done ]\n"
                          "; P0[13 RtoB 2 0 B 2]\n; P0[14 R- G 4]\n; P0[15 Done ]\n"
                          "; P1[16 Resign]\n; P1[17 Done]\n";
  std::string lower =
      "; P0[0 start p0]\n"
      "; P0[1 rtob 2 0 D 2]TM[100]\n; P0[2 r- A 1]\n; P0[3 done ]\n"
      "; P1[4 RTOB 2 1 D 4]\n; P1[5 r- G 1]\n; P1[6 DONE ]\n"
      "; P0[7 rtob 2 2 D 1]\n; P0[8 r- A 4]\n; P0[9 done ]\n"
      "; P1[10 btob D 1 D 3]\n; P1[11 bToB D 3 D 5]\n; P1[12 done ]\n"
      "; P0[13 rtob 2 0 B 2]\n; P0[14 r- G 4]\n; P0[15 done ]\n"
      "; P1[16 resign]\n; P1[17 done]\n";
  const std::string result = "RE[Game won by alice]\n";
  SgfImport expected = import_ok(record(canonical, result));
  SgfImport imported = import_ok(record(lower, result));
  EXPECT_EQ(format_record(imported.record), format_record(expected.record));
  EXPECT_EQ(imported.record.turn_lines, expected.record.turn_lines);
  EXPECT_EQ(imported.record.turns.size(), 5u);
  EXPECT_EQ(imported.record.termination, "resignation");
  // Corrections, rack noise, a win on time and a Start naming its seat by number.
  SgfImport corrected =
      import_ok(record("; P0[start 0]\n; P0[1 RtoB 2 2 C 2]\n; P0[2 r- B 5]\n; P0[3 btor C 2 2]\n"
                       "; P0[4 rtob 2 0 D 2]\n; P0[5 r+ B 5]\n; P0[6 rtor 2 0 2]\n"
                       "; P0[7 r- A 1]\n; P0[8 done]\n; P1[9 winontime]\n"));
  EXPECT_EQ(corrected.record.turns, std::vector<std::string>{"Wd2,a1"});
  EXPECT_EQ(corrected.record.result, "0-1");
  EXPECT_EQ(corrected.record.termination, "time");
}

TEST(Sgf, ResetAbandonsTheTurnInProgress) {
  // P0 places on c2 and removes b5, then resets and plays d2 and a1 instead: c2 is empty again.
  SgfImport placed =
      import_ok(record("; P0[1 RtoB 2 2 C 2]\n; P0[2 R- B 5]\n; P0[Reset]\n; P0[4 RtoB 2 0 D 2]\n"
                       "; P0[5 R- A 1]\n; P0[6 Done]\n"
                       "; P1[7 RtoB 2 1 C 2]\n; P1[8 R- B 5]\n; P1[9 Done]\n"));
  EXPECT_EQ(placed.record.turns, (std::vector<std::string>{"Wd2,a1", "Gc2,b5"}));
  // A whole capture reset at the end of the file, unconfirmed: it never happened.
  SgfImport abandoned =
      import_ok(record(kOpening + "; P1[10 BtoB D 1 D 3]\n; P1[11 BtoB D 3 D 5]\n; P1[reset]\n"));
  EXPECT_EQ(abandoned.record.turns.size(), 3u);
  // A jump reset: the chain starts again from d1.
  SgfImport chain =
      import_ok(record(kOpening + "; P1[10 BtoB D 1 D 3]\n; P1[Reset]\n; P1[12 BtoB D 1 D 3]\n"
                                  "; P1[13 BtoB D 3 D 5]\n; P1[14 Done]\n"));
  EXPECT_EQ(chain.record.turns.back(), "x d1Wd3Gd5");
  EXPECT_EQ(chain.record.turns.size(), 4u);
  // A Reset takes back a Resign waiting for Done, and the turn before it.
  SgfImport unresigned =
      import_ok(record(kOpening + "; P1[10 BtoB D 1 D 3]\n; P1[11 Resign]\n; P1[Reset]\n"
                                  "; P1[13 BtoB D 1 D 3]\n; P1[14 BtoB D 3 D 5]\n; P1[15 Done]\n"));
  EXPECT_EQ(unresigned.record.turns.back(), "x d1Wd3Gd5");
  EXPECT_EQ(unresigned.record.termination, "unfinished");
}

TEST(Sgf, ResetAfterDoneTakesNothingBack) {
  // Boardspace's Reset takes steps back only as far as the last Done.
  const std::vector<std::string> expected = {"Wd2,a1", "Gd4,g1", "Bd1,a4", "x d1Wd3Gd5"};
  const std::string chain = "; P1[11 BtoB D 1 D 3]\n; P1[12 BtoB D 3 D 5]\n; P1[13 Done]\n";
  // By the player who has just confirmed a turn: that turn stands, so P1 can capture d2.
  SgfImport own = import_ok(record(kOpening + "; P0[Reset]\n" + chain));
  EXPECT_EQ(own.record.turns, expected);
  // By the player to move, as in boardspace's own records.
  SgfImport next = import_ok(record(kOpening + "; P1[Reset]\n" + chain));
  EXPECT_EQ(next.record.turns, expected);
  // Right after Start, and in a record without Done, where the other seat's Reset confirms the
  // turn before it.
  SgfImport old =
      import_ok(record("; P0[Start P0]\n; P0[Reset]\n; P0[RtoB 2 0 D 2]\n; P0[R- A 1]\n"
                       "; P1[Reset]\n; P1[RtoB 2 1 D 4]\n; P1[R- G 1]\n"));
  EXPECT_EQ(old.record.turns, (std::vector<std::string>{"Wd2,a1", "Gd4,g1"}));
}

TEST(Sgf, OldRecordsWithoutDoneChangeTurnWithTheSeat) {
  // VV[1]: no Done; a Start written with the other seat's name while its own seat moves first.
  SgfImport imported =
      import_ok(record("; P0[Start P1]\n; P0[RtoB 2 0 D 2]\n; P0[R- A 1]\n"
                       "; P1[RtoB 2 1 D 4]\n; P1[R- G 1]\n"));
  EXPECT_EQ(imported.record.player1, "alice");
  EXPECT_EQ(imported.record.turns, (std::vector<std::string>{"Wd2,a1", "Gd4,g1"}));
  // The second seat moving first becomes our player 1.
  SgfImport second = import_ok(record("; P1[RtoB 2 0 D 2]\n; P1[R- A 1]\n"));
  EXPECT_EQ(second.record.player1, "bob");
  EXPECT_EQ(second.record.player2, "alice");
}

TEST(Sgf, Resignation) {
  SgfImport imported =
      import_ok(record(kOpening + "; P1[10 Resign]\n; P1[11 Done]\n", "RE[Game won by alice]\n"));
  EXPECT_EQ(imported.record.result, "1-0");
  EXPECT_EQ(imported.record.termination, "resignation");
  EXPECT_EQ(imported.record.turns.size(), 3u);
  // A second Resign takes the first back, and the game goes on.
  SgfImport taken_back =
      import_ok(record(kOpening + "; P1[10 Resign]\n; P1[11 Resign]\n"
                                  "; P1[12 BtoB D 1 D 3]\n; P1[13 BtoB D 3 D 5]\n"
                                  "; P1[14 Done]\n"));
  EXPECT_EQ(taken_back.record.result, "*");
  EXPECT_EQ(taken_back.record.turns.size(), 4u);
  // A Resign left at the end stands (VV[1] records leave Done out); RE in Russian names bob.
  SgfImport at_end = import_ok(record(kOpening + "; P0[Resign]\n", "RE[Игру выиграл(а) bob.]\n"));
  EXPECT_EQ(at_end.record.result, "0-1");
  // A win on time goes to the seat that claims it.
  SgfImport on_time = import_ok(record(kOpening + "; P1[10 WinOnTime ]\n"));
  EXPECT_EQ(on_time.record.result, "0-1");
  EXPECT_EQ(on_time.record.termination, "time");
}

TEST(Sgf, ResultThatDisagreesIsRefused) {
  expect_refused(record(kOpening + "; P1[10 Resign]\n; P1[11 Done]\n", "RE[Game won by bob]\n"),
                 "result differs: ", 11);
}

// The archive's Z-Drinkdraws-SmartBot-2021-02-09-1713.sgf: "Game won by Drinkdraws" names a
// winner; "The game is a draw" still says a draw (refused here, where a player resigned).
TEST(Sgf, AWinnersNameMayHoldTheWordDraw) {
  std::string text =
      record(kOpening + "; P1[10 Resign]\n; P1[11 Done]\n", "RE[Game won by Drinkdraws]\n");
  text.replace(text.find("\"alice\""), 7, "\"Drinkdraws\"");
  SgfImport imported = import_ok(text);
  EXPECT_EQ(imported.record.result, "1-0");
  expect_refused(record(kOpening + "; P1[10 Resign]\n; P1[11 Done]\n", "RE[The game is a draw]\n"),
                 "result differs: ", 11, "says 1/2-1/2");
  // A name that is part of the word leaves it whole.
  std::string raw =
      record(kOpening + "; P1[10 Resign]\n; P1[11 Done]\n", "RE[The game is a draw]\n");
  raw.replace(raw.find("\"bob\""), 5, "\"raw\"");
  expect_refused(raw, "result differs: ", 11, "says 1/2-1/2");
}

TEST(Sgf, IllegalStepsAreRefusedWithTheirStep) {
  // Step 4 places on d2, which P0 filled at step 1.
  expect_refused(record("; P0[1 RtoB 2 0 D 2]\n; P0[2 R- A 1]\n; P0[3 Done]\n"
                        "; P1[4 RtoB 2 1 D 2]\n; P1[5 R- G 1]\n; P1[6 Done]\n"),
                 "damaged record: step 4 P1[4 RtoB 2 1 D 2]: d2 is occupied", 4);
  // Step 11 places although d1 must capture.
  expect_refused(record(kOpening + "; P1[10 RtoB 2 1 F 2]\n; P1[11 R- G 4]\n; P1[12 Done]\n"),
                 "damaged record: step 11 ", 11, "a capture is compulsory");
  // The chain stops at d3 although d3 can jump over d4.
  expect_refused(record(kOpening + "; P1[10 BtoB D 1 D 3]\n; P1[11 Done]\n"),
                 "damaged record: step 12 P1[11 Done]", 12, "must go on from d3");
  // Step 3 removes a ring that is not free.
  expect_refused(record("; P0[1 RtoB 2 0 D 2]\n; P0[2 R- D 4]\n; P0[3 Done]\n"),
                 "damaged record: step 2 ", 2, "d4 is not a free ring");
  // P0 moves twice in a row.
  expect_refused(record("; P0[1 RtoB 2 0 D 2]\n; P0[2 R- A 1]\n; P0[3 Done]\n"
                        "; P0[4 RtoB 2 0 D 4]\n"),
                 "damaged record: step 4 ", 4, "but it is P1's turn");
  // A cell outside the board.
  expect_refused(record("; P0[1 RtoB 2 0 D 8]\n"), "damaged record: step 1 ", 1,
                 "not a cell of this board");
  expect_refused(record("; P0[1 Frobnicate]\n"), "unsupported step: step 1 ", 1);
}

TEST(Sgf, EditsAndHandicapsAreRefused) {
  expect_refused(record("; P0[0 Edit]\n; P0[1 RtoB 2 0 D 2]\n"), "edited position: ", 2);
  expect_refused(record("; P0[1 RtoR 2 0 1]\n; P0[2 Start P0]\n"), "handicap: ", 1);
  expect_refused(record(kOpening + "; P1[10 BtoR D 2 1]\n"), "edited position: ", 11);
  // Edit with nothing after it changes nothing.
  import_ok(record(kOpening + "; P1[10 Edit]\n"));
}

TEST(Sgf, StepsThatMeanNothingInOurRulesAreRefusedWithTheirReason) {
  expect_refused(record("; P0[1 Frobnicate]\n"),
                 "unsupported step: step 1 P0[1 Frobnicate] is not a step boardspace knows", 1);
  expect_refused(record(kOpening + "; P1[Swap]\n"),
                 "unsupported step: step 11 P1[Swap] swaps the seats", 11);
  expect_refused(record("; P0[1 pass]\n"),
                 "unsupported step: step 1 P0[1 pass] is a step boardspace's ZERTZ board cannot "
                 "play",
                 1);
  expect_refused(record(kOpening + "; P1[10 OfferDraw]\n"), "unsupported step: step 11 ", 11,
                 "cannot play");
  expect_refused(record(kOpening + "; P0[PleaseUndo]\n"), "unsupported step: step 11 ", 11,
                 "undo protocol");
  expect_refused(record("; P0[1 P1]\n"), "unsupported step: step 1 P0[1 P1] names a seat", 1);
  expect_refused(record("; P0[1 setboard Zertz]\n"),
                 "edited position: step 1 P0[1 setboard Zertz] sets up a board", 1);
  expect_refused(record(kOpening + "; P-1[Resign]\n"),
                 "damaged record: step 11 P-1[Resign] is a move by the server", 11);
  // After the end of the game nothing is read, known or not.
  import_ok(record(kOpening + "; P1[10 Resign]\n; P1[11 Done]\n; P0[12 Frobnicate]\n"));
}

TEST(Sgf, GarbageIsRefusedWithoutACrash) {
  expect_refused("", "not a boardspace record: ", 0);
  expect_refused("hello world", "not a boardspace record: ", 0);
  expect_refused(std::string("\0\x01\xff(;", 5), "not a boardspace record: ", 0);
  expect_refused("(;GM[5]SU[Zertz])", "not a boardspace record: ", 0);
  expect_refused("(;GM[22]SU[Zertz]P0[1 RtoB 2 0 D", "damaged record: ", 0);
  expect_refused("(;GM[22]SU[Zertz];P0[1 RtoB 2 0 D 4]", "damaged record: ", 0);
  // Every truncation and many random corruptions of a real record: no crash, and whatever is
  // accepted replays.
  std::string text = record(kOpening +
                                "; P1[10 BtoB D 1 D 3]\n; P1[11 BtoB D 3 D 5]\n"
                                "; P1[12 Done]\n; P0[13 Resign]\n; P0[14 Done]\n",
                            "RE[Game won by bob]\n");
  std::mt19937 rng(20261129);
  for (std::size_t cut = 0; cut <= text.size(); ++cut) {
    SgfImport imported = import_sgf(text.substr(0, cut));
    if (imported.ok) {
      EXPECT_TRUE(replay_record(imported.record).ok) << cut;
    }
  }
  for (int trial = 0; trial < 3000; ++trial) {
    std::string mutated = text;
    for (int n = 1 + static_cast<int>(rng() % 4); n > 0; --n) {
      mutated[rng() % mutated.size()] = static_cast<char>(rng() % 256);
    }
    SgfImport imported = import_sgf(mutated);
    if (imported.ok) {
      EXPECT_TRUE(replay_record(imported.record).ok) << mutated;
    } else {
      EXPECT_FALSE(imported.reason.empty());
    }
  }
}

// Refusal categories of docs/boardspace-sgf.md.
const std::set<std::string> kCategories = {
    "not a boardspace record", "custom set-up",  "handicap",      "edited position",
    "unsupported step",        "damaged record", "result differs"};

TEST(Sgf, TheBoardspaceSample) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(BOARDSPACE_DIR)) {
    if (entry.is_regular_file() && entry.path().extension() == ".sgf")
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  int ok = 0;
  std::map<std::string, int> refused, endings;
  for (const fs::path& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    SgfImport imported = import_sgf(text.str());
    if (!imported.ok) {
      std::string category = imported.reason.substr(0, imported.reason.find(':'));
      EXPECT_TRUE(kCategories.count(category)) << file << ": " << imported.reason;
      ++refused[category];
      continue;
    }
    // replay_record checks every turn again, and the result against the record's ending.
    ReplayReport report = replay_record(imported.record);
    EXPECT_TRUE(report.ok) << file << ": " << report.reason << " at turn " << report.step;
    ok += report.ok;
    ++endings[imported.record.result + " " + imported.record.termination];
    if (file.filename() == "draw-by-repetition.sgf") {
      EXPECT_EQ(imported.record.termination, "repetition");
      EXPECT_EQ(imported.record.result, "1/2-1/2");
    }
  }
  std::cout << files.size() << " games: " << ok << " ok\n";
  for (const auto& [ending, n] : endings) std::cout << "  ok " << ending << ": " << n << "\n";
  for (const auto& [category, n] : refused)
    std::cout << "  refused, " << category << ": " << n << "\n";
  // Measured on the sample (docs/boardspace-sgf.md); a change here is a regression or needs the
  // document updated.
  EXPECT_EQ(files.size(), 6531u);
  EXPECT_EQ(ok, 6498);
  EXPECT_EQ(refused, (std::map<std::string, int>{{"custom set-up", 1},
                                                 {"damaged record", 6},
                                                 {"handicap", 20},
                                                 {"not a boardspace record", 5},
                                                 {"result differs", 1}}));
}

}  // namespace
}  // namespace zertz
