#!/usr/bin/python3
"""Example client of `zertz analysis` (docs/analysis-engine.md): sends one query per turn of a
game record and plots the first player's expected score after each turn.

Usage: /usr/bin/python3 scripts/analysis_example.py RECORD.zertz [--model MODEL] [--visits N]
           [--zertz PATH] [--out graph.png]

RECORD is one of our records (docs/formats.md). The queries go out all at once and the answers
come back in any order, matched by their ids. Prints one line per turn and writes the graph.
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_record(path):
    """(variant, turns) of a record: `Key: value` header lines, a blank line, one turn a line."""
    variant, turns, in_body = "tournament", [], False
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("#"):
                continue
            if not in_body:
                if not line:
                    in_body = True
                elif line.lower().startswith("variant:"):
                    variant = line.split(":", 1)[1].strip()
            elif line:
                turns.append(line)
    return variant, turns


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("record")
    parser.add_argument("--model", default="rollout:200")
    parser.add_argument("--visits", type=int, default=400)
    parser.add_argument("--zertz", default=os.path.join(ROOT, "build", "cli", "zertz"))
    parser.add_argument("--out", default="evaluation.png")
    args = parser.parse_args()
    try:
        variant, turns = read_record(args.record)
    except OSError as e:
        sys.exit(f"error: {e}")
    command = [args.zertz, "analysis", "--model", args.model]
    if not os.path.exists(args.model):  # a baseline: the variant is the record's
        command += ["--variant", variant]
    queries = "".join(json.dumps({"id": k, "turns": turns[:k], "visits": args.visits,
                                  "max_candidates": 1}) + "\n" for k in range(len(turns) + 1))
    result = subprocess.run(command, input=queries, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"error: zertz analysis failed: {result.stderr.strip()}")
    scores = {}
    for line in result.stdout.splitlines():
        answer = json.loads(line)
        if "error" in answer:  # the game is over after the last turn, for example
            print(f"turn {answer['id']}: {answer['error']}")
            continue
        value = answer["root_value"] if answer["to_move"] == 0 else -answer["root_value"]
        scores[answer["id"]] = (1 + value) / 2  # the first player's expected score
    for k in sorted(scores):
        print(f"after {k:3d} turns: first player {scores[k]:.3f}")

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    xs = sorted(scores)
    plt.figure(figsize=(8, 3))
    plt.plot(xs, [scores[k] for k in xs], marker=".")
    plt.axhline(0.5, color="grey", linewidth=0.5)
    plt.ylim(0, 1)
    plt.xlabel("turns played")
    plt.ylabel("first player's expected score")
    plt.title(f"{os.path.basename(args.record)}: {args.model}, {args.visits} visits")
    plt.tight_layout()
    plt.savefig(args.out, dpi=100)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
