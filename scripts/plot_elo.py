#!/usr/bin/python3
"""Draws arena/elo.png from arena/elo.csv (written by `zertz ladder`): the Elo of each
checkpoint against its training step with 95% error bars, and each baseline as a level line.

Usage: plot_elo.py ELO_CSV PNG
"""
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt


def main(csv_path, png_path):
    with open(csv_path, newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["elo"] != ""]
    checkpoints = sorted((r for r in rows if r["step"] != ""), key=lambda r: int(r["step"]))
    baselines = [r for r in rows if r["step"] == ""]

    fig, ax = plt.subplots(figsize=(8, 5))
    if checkpoints:
        ax.errorbar([int(r["step"]) for r in checkpoints], [float(r["elo"]) for r in checkpoints],
                    yerr=[float(r["error95"]) for r in checkpoints], marker="o", capsize=3,
                    label="checkpoints")
    for i, r in enumerate(baselines):
        ax.axhline(float(r["elo"]), color=f"C{i + 1}", linestyle="--", linewidth=1,
                   label=f'{r["player"]} ({float(r["elo"]):+.0f})')
    ax.set_xlabel("training step")
    # elo.csv lists the anchor, the player rated 0, first (training/ladder_update.h).
    anchor = next((r["player"] for r in baselines if float(r["elo"]) == 0.0), None)
    ax.set_ylabel(f"Elo ({anchor} = 0)" if anchor else "Elo")
    ax.set_title("Ladder: Bradley-Terry ratings, 95% error bars")
    ax.grid(alpha=0.3)
    ax.legend(loc="best")
    fig.tight_layout()
    # Written beside the target and renamed over it, so a reader never sees half a picture.
    tmp = png_path + ".tmp.png"
    fig.savefig(tmp, dpi=100)
    os.replace(tmp, png_path)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
