#include "frontends/review_summary.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/error.h"

namespace zertz::frontends {

namespace {

constexpr double kSmallestChance = 1e-6;

void add_forecast(Forecast& forecast, double chance_mover_wins, bool mover_won) {
  ++forecast.positions;
  if (chance_mover_wins == 0.5) {
    forecast.correct += 0.5;
  } else if ((chance_mover_wins > 0.5) == mover_won) {
    forecast.correct += 1;
  }
  double chance = mover_won ? chance_mover_wins : 1 - chance_mover_wins;
  forecast.log_loss -= std::log(std::clamp(chance, kSmallestChance, 1 - kSmallestChance));
}

double expected_score(const std::array<double, 3>& wdl) {
  return wdl[0] + wdl[1] / 2;
}

std::string share(int part, int whole) {
  return whole == 0 ? "-" : fmt::format("{:.1f}%", 100.0 * part / whole);
}

nlohmann::json agreement_json(const Agreement& a) {
  return {{"positions", a.positions}, {"top1", a.top1}, {"top3", a.top3}, {"raw_top1", a.raw_top1}};
}

nlohmann::json forecast_json(const Forecast& f) {
  return {{"positions", f.positions}, {"correct", f.correct}, {"log_loss", f.log_loss}};
}

template <typename T>
T field(const nlohmann::json& object, const char* name) {
  if (!object.is_object() || !object.contains(name)) {
    throw InputError(std::string("summary line: no field '") + name + "'");
  }
  try {
    return object.at(name).get<T>();
  } catch (const nlohmann::json::exception&) {
    throw InputError(std::string("summary line: field '") + name + "' has the wrong type");
  }
}

// A count: a whole number from 0 to INT_MAX (nlohmann would convert 1e27 to int unchecked).
int count(const nlohmann::json& object, const char* name) {
  auto value = field<nlohmann::json>(object, name);
  if (!value.is_number_integer() || value.get<std::int64_t>() < 0 ||
      value.get<std::int64_t>() > std::numeric_limits<int>::max()) {
    throw InputError(std::string("summary line: field '") + name + "' is not a count");
  }
  return static_cast<int>(value.get<std::int64_t>());
}

Agreement agreement_from(const nlohmann::json& object) {
  return {count(object, "positions"), count(object, "top1"), count(object, "top3"),
          count(object, "raw_top1")};
}

Forecast forecast_from(const nlohmann::json& object) {
  return {count(object, "positions"), field<double>(object, "correct"),
          field<double>(object, "log_loss")};
}

}  // namespace

GamePhase phase_of(int rings_left, int board_rings) {
  int removed = board_rings - rings_left;
  if (6 * removed <= board_rings) return GamePhase::kOpening;
  if (3 * removed <= board_rings) return GamePhase::kMiddle;
  return GamePhase::kEnd;
}

const char* phase_name(GamePhase phase) {
  switch (phase) {
    case GamePhase::kOpening:
      return "opening";
    case GamePhase::kMiddle:
      return "middle";
    case GamePhase::kEnd:
      return "end";
  }
  return "?";
}

Agreement& Agreement::operator+=(const Agreement& other) {
  positions += other.positions;
  top1 += other.top1;
  top3 += other.top3;
  raw_top1 += other.raw_top1;
  return *this;
}

Forecast& Forecast::operator+=(const Forecast& other) {
  positions += other.positions;
  correct += other.correct;
  log_loss += other.log_loss;
  return *this;
}

ReviewSummary& ReviewSummary::operator+=(const ReviewSummary& other) {
  games += other.games;
  for (int p = 0; p < kPhases; ++p) phases[p] += other.phases[p];
  raw_value += other.raw_value;
  searched_value += other.searched_value;
  return *this;
}

Agreement ReviewSummary::all_phases() const {
  Agreement all;
  for (const Agreement& a : phases) all += a;
  return all;
}

ReviewSummary summarize_review(const GameReview& review, int board_rings) {
  ReviewSummary figures;
  figures.games = 1;
  int winner = review.result == "1-0" ? 0 : review.result == "0-1" ? 1 : -1;
  for (const TurnReview& t : review.turns) {
    if (t.legal_turns > 1) {
      Agreement& a = figures.phases[static_cast<int>(phase_of(t.rings, board_rings))];
      ++a.positions;
      if (t.rank && *t.rank == 1) ++a.top1;
      if (t.rank && *t.rank <= 3) ++a.top3;
      if (!t.raw_best.empty() && t.raw_best == t.played) ++a.raw_top1;
    }
    if (winner >= 0) {
      add_forecast(figures.raw_value, expected_score(t.raw_wdl), t.mover == winner);
      add_forecast(figures.searched_value, t.score_before, t.mover == winner);
    }
  }
  return figures;
}

nlohmann::json summary_line(const ReviewSummary& figures, const std::string& source,
                            const GameRecord& record) {
  nlohmann::json phases = nlohmann::json::object();
  for (int p = 0; p < kPhases; ++p) {
    phases[phase_name(static_cast<GamePhase>(p))] = agreement_json(figures.phases[p]);
  }
  return {{"source", source},
          {"players", {record.player1, record.player2}},
          {"variant", record.variant},
          {"result", record.result},
          {"phases", phases},
          {"raw_value", forecast_json(figures.raw_value)},
          {"searched_value", forecast_json(figures.searched_value)}};
}

ReviewSummary summary_from_line(const nlohmann::json& line) {
  ReviewSummary figures;
  figures.games = 1;
  auto phases = field<nlohmann::json>(line, "phases");
  for (int p = 0; p < kPhases; ++p) {
    figures.phases[p] =
        agreement_from(field<nlohmann::json>(phases, phase_name(static_cast<GamePhase>(p))));
  }
  figures.raw_value = forecast_from(field<nlohmann::json>(line, "raw_value"));
  figures.searched_value = forecast_from(field<nlohmann::json>(line, "searched_value"));
  return figures;
}

std::string summary_table(const ReviewSummary& summary) {
  std::string out = fmt::format(
      "{} games\n\n| phase | positions | searched top-1 | searched top-3 | raw policy top-1 "
      "|\n|---|---|---|---|---|\n",
      summary.games);
  auto row = [&](const char* name, const Agreement& a) {
    out +=
        fmt::format("| {} | {} | {} | {} | {} |\n", name, a.positions, share(a.top1, a.positions),
                    share(a.top3, a.positions), share(a.raw_top1, a.positions));
  };
  for (int p = 0; p < kPhases; ++p) row(phase_name(static_cast<GamePhase>(p)), summary.phases[p]);
  row("all", summary.all_phases());
  out +=
      "\n| winner forecast (decided games) | positions | accuracy | log-loss "
      "|\n|---|---|---|---|\n";
  auto forecast = [&](const char* name, const Forecast& f) {
    out += fmt::format("| {} | {} | {} | {} |\n", name, f.positions,
                       f.positions ? fmt::format("{:.1f}%", 100 * f.correct / f.positions) : "-",
                       f.positions ? fmt::format("{:.3f}", f.log_loss / f.positions) : "-");
  };
  forecast("raw value (no search)", summary.raw_value);
  forecast("searched value", summary.searched_value);
  return out;
}

}  // namespace zertz::frontends
