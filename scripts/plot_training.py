#!/usr/bin/python3
"""Draws a training run's curves from RUN_DIR/metrics.jsonl as PNG files in RUN_DIR/plots/.

Usage: /usr/bin/python3 scripts/plot_training.py RUN_DIR
Writes losses.png (policy and value loss against optimiser steps), elo_time.png and
elo_games.png (Elo against each evaluation opponent, against hours and against games played),
and throughput.png (games per hour and evaluations per second). Needs Debian's
python3-matplotlib. An unfinished last line (a killed run) is skipped.
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402


def read_events(path):
    events = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            try:
                events.append(json.loads(line))
            except json.JSONDecodeError:
                print(f"warning: {path}:{number}: skipping an unreadable line", file=sys.stderr)
    return events


def save(figure, path):
    figure.tight_layout()
    figure.savefig(path + ".tmp.png", dpi=110)
    os.replace(path + ".tmp.png", path)  # atomically, like every file the project writes
    plt.close(figure)
    print(f"wrote {path}")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: plot_training.py RUN_DIR")
    run = sys.argv[1]
    metrics = os.path.join(run, "metrics.jsonl")
    if not os.path.exists(metrics):
        sys.exit(f"error: {metrics} does not exist (is {run} a run directory?)")
    events = read_events(metrics)
    out = os.path.join(run, "plots")
    os.makedirs(out, exist_ok=True)
    progress = [e for e in events if e.get("event") == "progress" and e.get("step", 0) > 0]
    evaluations = [e for e in events if e.get("event") == "evaluation" and "elo" in e]

    figure, axis = plt.subplots(figsize=(7, 4))
    axis.plot([e["step"] for e in progress], [e["policy_loss"] for e in progress], label="policy")
    axis.plot([e["step"] for e in progress], [e["value_loss"] for e in progress], label="value")
    axis.set_xlabel("optimiser step")
    axis.set_ylabel("cross-entropy")
    axis.set_title("training losses")
    axis.legend()
    save(figure, os.path.join(out, "losses.png"))

    for x_key, x_label, name in [("elapsed_s", "hours", "elo_time.png"), ("games_played", "games played", "elo_games.png")]:
        figure, axis = plt.subplots(figsize=(7, 4))
        for opponent in sorted({e["opponent"] for e in evaluations}):
            points = [e for e in evaluations if e["opponent"] == opponent]
            xs = [e[x_key] / 3600 if x_key == "elapsed_s" else e[x_key] for e in points]
            axis.plot(xs, [e["elo"] for e in points], marker="o", label=f"vs {opponent}")
        axis.set_xlabel(x_label)
        axis.set_ylabel("Elo difference (finite scores only)")
        axis.set_title("strength of the newest checkpoint")
        if evaluations:
            axis.legend()
        save(figure, os.path.join(out, name))

    figure, axis = plt.subplots(figsize=(7, 4))
    all_progress = [e for e in events if e.get("event") == "progress"]
    axis.plot([e["elapsed_s"] / 3600 for e in all_progress], [e["games_per_hour"] for e in all_progress], label="games/hour")
    axis.plot([e["elapsed_s"] / 3600 for e in all_progress], [e["evals_per_s"] for e in all_progress], label="evaluations/s")
    axis.set_xlabel("hours")
    axis.set_title("throughput")
    axis.legend()
    save(figure, os.path.join(out, "throughput.png"))


if __name__ == "__main__":
    main()
