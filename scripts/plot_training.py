#!/usr/bin/python3
"""Draws a training run's curves from RUN_DIR/metrics.jsonl as PNG files in RUN_DIR/plots/.

Usage: /usr/bin/python3 scripts/plot_training.py RUN_DIR
Writes losses.png (policy and value loss against optimiser steps), elo_time.png and
elo_games.png (the run's ladder: each checkpoint's newest rating with its 95% error bar against
hours and against games played, the fixed rungs as level lines),
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

    figure, axis = plt.subplots(figsize=(7, 4))
    axis.plot([e["step"] for e in progress], [e["policy_loss"] for e in progress], label="policy")
    axis.plot([e["step"] for e in progress], [e["value_loss"] for e in progress], label="value")
    axis.set_xlabel("optimiser step")
    axis.set_ylabel("cross-entropy")
    axis.set_title("training losses")
    axis.legend()
    save(figure, os.path.join(out, "losses.png"))

    # The ladder's newest rating of every player (each update rates them all again).
    rating = {}
    for e in events:
        if e.get("event") == "ladder":
            rating[e["player"]] = e
    rungs = {p: e for p, e in rating.items() if e.get("step") is None}
    checkpoints = sorted((e for e in rating.values() if e.get("step") is not None),
                         key=lambda e: e["step"])
    anchor = next(iter(rating.values())).get("anchor") if rating else None
    when = {e["step"]: e["elapsed_s"] for e in events if e.get("event") == "checkpoint"}

    def games_at(step):
        later = [e["games"] for e in all_progress if e.get("step", 0) >= step]
        return later[0] if later else None

    all_progress = [e for e in events if e.get("event") == "progress"]
    for x_label, name, x_of in [("hours", "elo_time.png", lambda s: when.get(s, None) and when[s] / 3600),
                                ("games played", "elo_games.png", games_at)]:
        figure, axis = plt.subplots(figsize=(7, 4))
        points = [(x_of(e["step"]), e) for e in checkpoints]
        points = [(x, e) for x, e in points if x is not None]
        if points:
            axis.errorbar([x for x, _ in points], [e["elo"] for _, e in points],
                          yerr=[e["error95"] for _, e in points], marker="o", capsize=3,
                          label="checkpoints (95% error bars)")
        for player, e in sorted(rungs.items(), key=lambda item: item[1]["elo"]):
            axis.axhline(e["elo"], color="grey", linestyle=":", linewidth=1)
            axis.annotate(player, (0, e["elo"]), xycoords=("axes fraction", "data"), fontsize=8,
                          color="grey", va="bottom")
        axis.set_xlabel(x_label)
        axis.set_ylabel(f"Elo ({anchor} = 0)" if anchor else "Elo")
        axis.set_title("the run's ladder: checkpoints against fixed rungs"
                       if rating else "no ladder yet (evaluation.ladder_every_checkpoints)")
        if points:
            axis.legend()
        save(figure, os.path.join(out, name))

    figure, axis = plt.subplots(figsize=(7, 4))
    axis.plot([e["elapsed_s"] / 3600 for e in all_progress], [e["games_per_hour"] for e in all_progress], label="games/hour")
    axis.plot([e["elapsed_s"] / 3600 for e in all_progress], [e["evals_per_s"] for e in all_progress], label="evaluations/s")
    axis.set_xlabel("hours")
    axis.set_title("throughput")
    axis.legend()
    save(figure, os.path.join(out, "throughput.png"))


if __name__ == "__main__":
    main()
