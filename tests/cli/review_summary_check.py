"""`zertz review --summary` against a direct computation, resumption and the filters.

review_summary_check.py ZERTZ OUT_DIR GAME...

Reviews the games twice with the same seed: once per game (JSON reviews), once with --summary.
Every figure of summary.jsonl is recomputed here from the per-game reviews. Then the summary
file is cut to its first line plus a torn half line, as a killed run leaves it, and the same
command must resume, review only the rest and end with the same lines and table. Last, the
filters: --min-turns above every game skips them all.
"""
import json
import math
import pathlib
import shutil
import subprocess
import sys

zertz, out, games = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3:]
shutil.rmtree(out, ignore_errors=True)
failures = []
BOARD_RINGS = {"basic": 37, "tournament": 37, "tournament-48": 48, "tournament-61": 61}
COMMON = ["--visits", "20", "--seed", "5", "--workers", "2"]


def run(*args):
    done = subprocess.run([zertz, "review", *games, *COMMON, *args], capture_output=True,
                          text=True, timeout=600)
    if done.returncode != 0:
        sys.exit(f"zertz review {' '.join(args)}: exit {done.returncode}\n{done.stdout}{done.stderr}")
    return done


def phase(rings, board):
    removed = board - rings
    return "opening" if 6 * removed <= board else "middle" if 3 * removed <= board else "end"


def expected_line(review):
    """The summary line's figures, computed from one per-game review."""
    board = BOARD_RINGS[review["variant"]]
    phases = {p: {"positions": 0, "top1": 0, "top3": 0, "raw_top1": 0}
              for p in ("opening", "middle", "end")}
    forecasts = {"raw_value": [0, 0.0, 0.0], "searched_value": [0, 0.0, 0.0]}
    winner = {"1-0": 0, "0-1": 1}.get(review["result"])
    for t in review["turns"]:
        if t["legal_turns"] > 1:
            a = phases[phase(t["rings"], board)]
            a["positions"] += 1
            a["top1"] += t["rank"] == 1
            a["top3"] += t["rank"] is not None and t["rank"] <= 3
            a["raw_top1"] += t["raw_best"] == t["played"]
        if winner is None:
            continue
        raw = t["raw_wdl"][0] + t["raw_wdl"][1] / 2
        for name, chance in (("raw_value", raw), ("searched_value", t["score_before"])):
            f = forecasts[name]
            won = t["mover"] == winner
            f[0] += 1
            f[1] += 0.5 if chance == 0.5 else float((chance > 0.5) == won)
            f[2] -= math.log(min(max(chance if won else 1 - chance, 1e-6), 1 - 1e-6))
    return phases, forecasts


run("--out", str(out / "each"))
run("--summary", "--out", str(out / "summary"))
summary_file = out / "summary" / "summary.jsonl"
lines = summary_file.read_text().splitlines()
reviews = {str(p.name).removesuffix(".review.json"): json.loads(p.read_text())
           for p in (out / "each").glob("*.review.json")}
if len(lines) != len(reviews) or len(lines) < 3:
    failures.append(f"{len(lines)} summary lines for {len(reviews)} reviewed games")
for text in lines:
    line = json.loads(text)
    stem = pathlib.Path(line["source"]).stem
    phases, forecasts = expected_line(reviews[stem])
    if line["phases"] != phases:
        failures.append(f"{stem}: phases {line['phases']}, computed {phases}")
    for name, (positions, correct, loss) in forecasts.items():
        got = line[name]
        # The per-game review rounds its figures to 4 decimals, hence the tolerance.
        if got["positions"] != positions or got["correct"] != correct or \
                not math.isclose(got["log_loss"], loss, rel_tol=2e-3, abs_tol=2e-3):
            failures.append(f"{stem}: {name} {got}, computed {positions}, {correct}, {loss:.4f}")

table = (out / "summary" / "summary.md").read_text()
summary_file.write_text(lines[0] + "\n" + lines[1][: len(lines[1]) // 2])
resumed = run("--summary", "--out", str(out / "summary"))
if "resuming: 1 games already in" not in resumed.stderr:
    failures.append(f"the second run did not resume after one game:\n{resumed.stderr}")
if sorted(summary_file.read_text().splitlines()) != sorted(lines):
    failures.append("the resumed summary file differs from the first run's")
if (out / "summary" / "summary.md").read_text() != table:
    failures.append("the resumed table differs from the first run's")

skipped = run("--summary", "--min-turns", "100000", "--out", str(out / "none"))
if f"games: 0 reviewed, {len(lines)} skipped, 0 refused" not in skipped.stdout:
    failures.append(f"--min-turns did not skip every game:\n{skipped.stdout}")

for failure in failures:
    print(failure)
if not failures:
    print(f"summary of {len(lines)} games matches the direct computation; resumes; filters skip")
sys.exit(1 if failures else 0)
