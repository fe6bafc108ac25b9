#!/usr/bin/python3
"""The learning lab: trains a spec's arms one after another for equal wall-clock time, then
evaluates them and writes a table and a plot (docs/experiments.md holds the write-ups).

Usage: /usr/bin/python3 scripts/experiment.py SPEC.yaml [--out DIR] [--zertz PATH]
           [--skip-training] [--skip-evaluation]

SPEC.yaml (configs/experiments/ has examples; every key but `arms` has a default):
  name: leaf-rollouts           # the output folder's name (default: the spec file's stem)
  config: configs/default.yaml  # the config every arm starts from
  minutes: 30                   # wall-clock training time of each arm
  eval_minutes: [10, 20, 30]    # the checkpoints evaluated: the newest written by each time
  opponents: [rollout:200]      # fixed opponents of every evaluated checkpoint
  games: 100                    # games per evaluation (colours alternate)
  final_games: 400              # games against each opponent at the last time
  visits: 200                   # visits per decision of the networks (equal visits)
  time_per_move_ms: 0           # > 0: the final nets also play rollout:auto at this time per turn
  time_search: []               # the nets' search settings in those matches (--search lines),
                                #   e.g. [evaluate_after_visits=1000000]: the net at the root only
  head_to_head_games: 200       # games between the final nets of each pair of arms
  head_to_head: [[B, A]]        # the pairs that play (default: every pair)
  threads: 8                    # games at once in the matches (their evaluations share batches)
  seed: 31
  arms:                         # name: {config key: value, ...} (the --set lines)
    A-default: {}
    B-rollouts: {selfplay.leaf_rollouts: 16}

Writes DIR (default runs/experiments/NAME): base-config.yaml and zertz (the config and the
program every arm uses, copied at the first start), arms/ARM/ (each arm's run directory), arena/
(every match, as zertz arena keeps them), results.jsonl (one line per match), table.md,
table.csv and score.png (score against training time with 95% intervals). Running it again
skips the arms already trained and the matches already played, so a killed lab resumes.
"""
import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys
import time

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULTS = {
    "config": "configs/default.yaml",
    "minutes": 30,
    "eval_minutes": None,
    "opponents": ["rollout:200"],
    "games": 100,
    "final_games": 400,
    "visits": 200,
    "time_per_move_ms": 0,
    "time_search": [],
    "head_to_head_games": 200,
    "head_to_head": None,
    "threads": 8,
    "seed": 31,
}
CORES = os.cpu_count() or 1


def fail(message):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def load_spec(path):
    try:
        with open(path) as f:
            spec = yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as e:
        fail(f"{path}: {e}".replace("\n", " "))
    if not isinstance(spec, dict) or not isinstance(spec.get("arms"), dict) or not spec["arms"]:
        fail(f"{path}: expected a mapping with a non-empty 'arms' mapping")
    unknown = set(spec) - set(DEFAULTS) - {"name", "arms"}
    if unknown:
        fail(f"{path}: unknown key '{sorted(unknown)[0]}'; expected one of "
             f"{', '.join(sorted(set(DEFAULTS) | {'name', 'arms'}))}")
    for key, value in DEFAULTS.items():
        spec.setdefault(key, value)
    spec.setdefault("name", os.path.splitext(os.path.basename(path))[0])
    if spec["eval_minutes"] is None:
        spec["eval_minutes"] = [spec["minutes"]]
    if spec["head_to_head"] is not None:
        pairs = spec["head_to_head"]
        if not isinstance(pairs, list) or not all(
                isinstance(p, list) and len(p) == 2 and all(a in spec["arms"] for a in p)
                for p in pairs):
            fail(f"{path}: head_to_head: expected a list of [arm, arm] pairs of the spec's arms")
    if not isinstance(spec["time_search"], list) or not all(
            isinstance(s, str) and "=" in s for s in spec["time_search"]):
        fail(f"{path}: time_search: expected a list of name=value search settings")
    for arm, sets in spec["arms"].items():
        if sets is None:
            spec["arms"][arm] = {}
        elif not isinstance(sets, dict):
            fail(f"{path}: arm '{arm}': expected a mapping of config keys to values")
    return spec


def write_atomically(path, text):
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def read_jsonl(path):
    events = []
    if not os.path.exists(path):
        return events
    with open(path) as f:
        for line in f:
            try:
                events.append(json.loads(line))
            except json.JSONDecodeError:
                pass  # an unfinished last line of a killed run
    return events


def yaml_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def snapshot(spec, out, zertz):
    """Every arm trains from the same config with the same program, even when the working tree
    changes while the lab runs (or between a killed lab and its resumption): both are copied
    into DIR at the first start and used from there. Returns the program's copy."""
    config = os.path.join(out, "base-config.yaml")
    program = os.path.join(out, "zertz")
    for source, copy in [(os.path.join(ROOT, spec["config"]), config), (zertz, program)]:
        if not os.path.exists(copy):
            shutil.copy2(source, copy + ".tmp")
            os.replace(copy + ".tmp", copy)
    print(f"config {config}, program {program} (copied at the lab's first start)", flush=True)
    spec["config_snapshot"] = config
    return program


def train_arm(spec, zertz, run_dir, sets):
    log = os.path.join(run_dir, "log.txt")
    if os.path.exists(log) and "done:" in open(log).read():
        print(f"  {run_dir}: trained already")
        return
    command = [zertz, "train", "--config", spec["config_snapshot"], "--run-dir",
               run_dir, "--set", f"run.time_budget_minutes={spec['minutes']}",
               "--set", "evaluation.every_checkpoints=0",
               "--set", "evaluation.ladder_every_checkpoints=0"]
    for key, value in sets.items():
        command += ["--set", f"{key}={yaml_value(value)}"]
    print("  " + " ".join(command), flush=True)
    result = subprocess.run(command, stdout=subprocess.DEVNULL)
    if result.returncode != 0:
        fail(f"training {run_dir} ended with status {result.returncode}; see {log}")


def checkpoint_at(run_dir, minutes):
    """The newest checkpoint written by `minutes` of training, with its elapsed seconds."""
    best = None
    for event in read_jsonl(os.path.join(run_dir, "metrics.jsonl")):
        if event.get("event") != "checkpoint":
            continue
        if event["elapsed_s"] <= minutes * 60 + 30 and (best is None or
                                                        event["elapsed_s"] >= best[1]):
            best = (event["path"], event["elapsed_s"])
    return best


def throughput(run_dir):
    """Games/h, trained samples/h, self-play's share of time in forward passes, from the
    progress events of the run's last session."""
    progress = [e for e in read_jsonl(os.path.join(run_dir, "metrics.jsonl"))
                if e.get("event") == "progress"]
    if not progress:
        return {}
    last = progress[-1]
    hours = last["elapsed_s"] / 3600
    steps = last["step"]
    batch = 256
    config = os.path.join(run_dir, "config.yaml")
    if os.path.exists(config):
        batch = yaml.safe_load(open(config))["training"]["batch_size"]
    shares = [1 - e["selfplay_search_share"] for e in progress if "selfplay_search_share" in e]
    return {
        "games": last["games"],
        "games_per_hour": last["games"] / hours if hours else 0,
        "trained_samples_per_hour": steps * batch / hours if hours else 0,
        "samples_per_hour": last.get("samples", 0) / hours if hours else 0,
        "forward_share": sum(shares) / len(shares) if shares else 0,
        "value_loss": last.get("value_loss"),
        "policy_loss": last.get("policy_loss"),
    }


ARENA_LINE = re.compile(r": W (\d+) D (\d+) L (\d+), score")


def play(spec, zertz, out, a, b, games, extra=(), threads=None):
    """Plays a match (or reads it from results.jsonl) and returns its W/D/L from a's side."""
    key = {"a": a, "b": b, "games": games, "visits": spec["visits"], "extra": list(extra)}
    results = os.path.join(out, "results.jsonl")
    for line in read_jsonl(results):
        if all(line.get(k) == v for k, v in key.items()):
            return line
    command = [zertz, "arena", a, b, "--games", str(games), "--visits", str(spec["visits"]),
               "--threads", str(threads or spec["threads"]), "--seed", str(spec["seed"]), "--out",
               os.path.join(out, "arena"), *extra]
    print("  " + " ".join(command), flush=True)
    started = time.time()
    result = subprocess.run(command, capture_output=True, text=True)
    match = ARENA_LINE.search(result.stdout)
    if result.returncode != 0 or not match:
        fail(f"arena {a} vs {b} failed: {result.stderr.strip() or result.stdout.strip()}")
    line = dict(key, wins=int(match[1]), draws=int(match[2]), losses=int(match[3]),
                seconds=round(time.time() - started, 1))
    with open(results, "a") as f:
        f.write(json.dumps(line) + "\n")
        f.flush()
        os.fsync(f.fileno())
    print(f"    +{line['wins']} ={line['draws']} -{line['losses']} "
          f"({line['seconds']:.0f} s)", flush=True)
    return line


def score_interval(wins, draws, losses):
    """Score with its 95% interval (normal approximation over per-game results)."""
    n = wins + draws + losses
    score = (wins + 0.5 * draws) / n
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 +
                losses * score ** 2) / n
    half = 1.96 * math.sqrt(variance / n)
    return score, max(0.0, score - half), min(1.0, score + half), n


def elo(score, n):
    """Elo difference of a score; a score of 0 or 1 is held half a game inside (a bound)."""
    clamped = min(max(score, 0.5 / n), 1 - 0.5 / n)
    return -400 * math.log10(1 / clamped - 1)


def describe(line):
    score, low, high, n = score_interval(line["wins"], line["draws"], line["losses"])
    bound = "" if 0 < score < 1 else (">" if score == 1 else "<")
    return {"score": score, "low": low, "high": high, "games": n,
            "elo": elo(score, n), "elo_low": elo(low, n), "elo_high": elo(high, n),
            "text": f"{100 * score:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
                    f"Elo {bound}{elo(score, n):+.0f} [{elo(low, n):+.0f}, {elo(high, n):+.0f}]"
                    f" ({n})"}


def heldout(zertz, checkpoint, variant):
    """The held-out set's figures for a checkpoint, when the set and the command exist."""
    path = os.path.join(ROOT, "data", "heldout", f"{variant}.jsonl")
    if not os.path.exists(path):
        return None
    result = subprocess.run([zertz, "heldout", "eval", checkpoint, "--set", path, "--json"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        print(f"  warning: held-out evaluation failed: {result.stderr.strip()}")
        return None
    return json.loads(result.stdout.strip().splitlines()[-1])


def plot(spec, rows, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    opponents = spec["opponents"]
    figure, axes = plt.subplots(1, len(opponents), figsize=(6 * len(opponents), 4.2),
                                squeeze=False)
    for axis, opponent in zip(axes[0], opponents):
        for arm in spec["arms"]:
            points = sorted((r["minutes"], r) for r in rows
                            if r["arm"] == arm and r["opponent"] == opponent)
            if not points:
                continue
            x = [p[0] for p in points]
            y = [100 * p[1]["score"] for p in points]
            error = [[100 * (p[1]["score"] - p[1]["low"]) for p in points],
                     [100 * (p[1]["high"] - p[1]["score"]) for p in points]]
            axis.errorbar(x, y, yerr=error, marker="o", capsize=4, label=arm)
        axis.axhline(50, color="grey", linewidth=0.8)
        axis.set_xlabel("training minutes (wall clock)")
        axis.set_ylabel(f"score against {opponent} (%), 95% interval")
        axis.set_title(f"{spec['name']}: at {spec['visits']} visits")
        axis.set_ylim(0, 100)
        axis.legend()
    figure.tight_layout()
    path = os.path.join(out, "score.png")
    figure.savefig(path + ".tmp.png", dpi=110)
    os.replace(path + ".tmp.png", path)
    plt.close(figure)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("spec")
    parser.add_argument("--out")
    parser.add_argument("--zertz", default=os.path.join(ROOT, "build", "cli", "zertz"))
    parser.add_argument("--skip-training", action="store_true")
    parser.add_argument("--skip-evaluation", action="store_true")
    args = parser.parse_args()
    spec = load_spec(args.spec)
    out = args.out or os.path.join(ROOT, "runs", "experiments", spec["name"])
    os.makedirs(os.path.join(out, "arms"), exist_ok=True)
    zertz = os.path.abspath(args.zertz)
    if not os.access(zertz, os.X_OK):
        fail(f"--zertz: {zertz} is not an executable (build first: scripts/build.sh)")
    zertz = snapshot(spec, out, zertz)

    if not args.skip_training:
        for number, (arm, sets) in enumerate(spec["arms"].items(), 1):
            print(f"arm {number}/{len(spec['arms'])}: {arm}, {spec['minutes']} min", flush=True)
            train_arm(spec, zertz, os.path.join(out, "arms", arm), sets)
    if args.skip_evaluation:
        return

    rows, finals, summaries = [], {}, {}
    last = max(spec["eval_minutes"])
    for arm in spec["arms"]:
        run_dir = os.path.join(out, "arms", arm)
        variant = yaml.safe_load(open(os.path.join(run_dir, "config.yaml")))["run"]["variant"]
        summaries[arm] = throughput(run_dir)
        for minutes in spec["eval_minutes"]:
            found = checkpoint_at(run_dir, minutes)
            if not found:
                print(f"  {arm}: no checkpoint by {minutes} min")
                continue
            checkpoint, elapsed = found
            if minutes == last:
                finals[arm] = checkpoint
                held = heldout(zertz, checkpoint, variant)
                if held:
                    summaries[arm]["heldout"] = held
            games = spec["final_games"] if minutes == last else spec["games"]
            for opponent in spec["opponents"]:
                line = play(spec, zertz, out, checkpoint, opponent, games,
                            ["--variant", variant])
                rows.append(dict(describe(line), arm=arm, minutes=minutes, opponent=opponent,
                                 checkpoint=os.path.basename(checkpoint), elapsed=elapsed))
            if minutes == last and spec["time_per_move_ms"] > 0:
                clock = ["--variant", variant, "--time-per-move", str(spec["time_per_move_ms"])]
                for setting in spec["time_search"]:
                    clock += ["--search", setting]
                # One game per core: neither side gets more of the machine (docs/evaluation.md).
                line = play(spec, zertz, out, checkpoint, "rollout:auto", spec["final_games"],
                            clock, threads=CORES)
                summaries[arm]["equal_time"] = describe(line)

    head_to_head = []
    arms = [a for a in spec["arms"] if a in finals]
    pairs = spec["head_to_head"]
    if pairs is None:
        pairs = [[a, b] for i, a in enumerate(arms) for b in arms[i + 1:]]
    for a, b in pairs:
        if a in finals and b in finals:
            variant = yaml.safe_load(open(os.path.join(out, "arms", a, "config.yaml")))["run"][
                "variant"]
            line = play(spec, zertz, out, finals[a], finals[b], spec["head_to_head_games"],
                        ["--variant", variant])
            head_to_head.append((a, b, describe(line)))

    write_tables(spec, rows, summaries, head_to_head, out)
    plot(spec, rows, out)
    print(open(os.path.join(out, "table.md")).read())


def write_tables(spec, rows, summaries, head_to_head, out):
    csv = ["arm,minutes,opponent,checkpoint,games,score,low,high,elo,elo_low,elo_high"]
    for r in rows:
        csv.append(f"{r['arm']},{r['minutes']},{r['opponent']},{r['checkpoint']},{r['games']},"
                   f"{r['score']:.4f},{r['low']:.4f},{r['high']:.4f},{r['elo']:.1f},"
                   f"{r['elo_low']:.1f},{r['elo_high']:.1f}")
    write_atomically(os.path.join(out, "table.csv"), "\n".join(csv) + "\n")

    md = [f"# {spec['name']}", "",
          f"{len(spec['arms'])} arms of {spec['minutes']} min each on {CORES} cores, one after "
          f"another; networks at {spec['visits']} visits; scores with 95% intervals.", "",
          "| arm | minutes | opponent | checkpoint | score | Elo |", "|---|---|---|---|---|---|"]
    for r in rows:
        md.append(f"| {r['arm']} | {r['minutes']} | {r['opponent']} | {r['checkpoint']} | "
                  f"{100 * r['score']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}] "
                  f"({r['games']}) | {r['elo']:+.0f} [{r['elo_low']:+.0f}, {r['elo_high']:+.0f}] |")
    md += ["", "| arm | games | games/h | samples/h | trained samples/h | forward share | "
           "policy loss | value loss | Elo gain per CPU-hour |", "|---|---|---|---|---|---|---|---|---|"]
    for arm, s in summaries.items():
        mine = sorted((r["minutes"], r["elo"]) for r in rows
                      if r["arm"] == arm and r["opponent"] == spec["opponents"][0])
        gain = "-"
        if len(mine) >= 2 and mine[-1][0] > mine[0][0]:
            cpu_hours = (mine[-1][0] - mine[0][0]) / 60 * CORES
            gain = f"{(mine[-1][1] - mine[0][1]) / cpu_hours:+.0f}"
        if not s:
            continue
        md.append(f"| {arm} | {s['games']} | {s['games_per_hour']:.0f} | "
                  f"{s['samples_per_hour']:.0f} | {s['trained_samples_per_hour']:.0f} | "
                  f"{100 * s['forward_share']:.0f}% | {s['policy_loss']:.3f} | "
                  f"{s['value_loss']:.3f} | {gain} |")
    held = [(arm, s["heldout"]) for arm, s in summaries.items() if s.get("heldout")]
    if held:
        md += ["", "Held-out positions (final checkpoints, raw network, no search):", "",
               "| arm | " + " | ".join(held[0][1].keys()) + " |",
               "|---|" + "---|" * len(held[0][1])]
        for arm, h in held:
            md.append(f"| {arm} | " + " | ".join(
                f"{v:.3f}" if isinstance(v, float) else str(v) for v in h.values()) + " |")
    timed = [(arm, s["equal_time"]) for arm, s in summaries.items() if s.get("equal_time")]
    if timed:
        settings = f" (the nets with {', '.join(spec['time_search'])})" if spec["time_search"] else ""
        md += ["", f"Equal time: {spec['time_per_move_ms']} ms per turn against rollout:auto"
               f"{settings}:", ""]
        md += [f"- {arm}: {t['text']}" for arm, t in timed]
    if head_to_head:
        md += ["", "Head-to-head between the final networks (first named arm's score):", ""]
        md += [f"- {a} vs {b}: {d['text']}" for a, b, d in head_to_head]
    write_atomically(os.path.join(out, "table.md"), "\n".join(md) + "\n")


if __name__ == "__main__":
    main()
