#!/usr/bin/python3
"""Distributed training's scale on one host (docs/distributed.md, "Scale").

Trains the same config for the same time as one process and under mpirun with each number of
ranks given (rank 0 the learner, the rest actors), one after another, then reads each run's
metrics.jsonl: games and steps per hour, and for the distributed runs the messages and bytes per
second into rank 0 and how many weights versions behind the games were.

Usage: scale_benchmark.py ZERTZ OUT_DIR [--config FILE] [--minutes M] [--ranks 1,3,5]
                          [--set KEY=VALUE ...]
OUT_DIR/ranks-N is each arm's run directory (removed first); OUT_DIR/scale.md the table.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

# The tests' flags: one host, as root in a container, shared memory and TCP on loopback only.
MPIRUN_FLAGS = ["--oversubscribe", "--bind-to", "none", "--allow-run-as-root", "--mca", "pml",
                "ob1", "--mca", "btl", "self,vader,tcp", "--mca",
                "btl_vader_single_copy_mechanism", "none", "--mca", "btl_tcp_if_include", "lo",
                "--mca", "oob_tcp_if_include", "lo", "-x", "OMP_NUM_THREADS=1"]


def arm(zertz, out, ranks, config, minutes, overrides):
    run_dir = os.path.join(out, f"ranks-{ranks}")
    shutil.rmtree(run_dir, ignore_errors=True)
    train = [zertz, "train", "--config", config, "--run-dir", run_dir,
             "--set", f"run.time_budget_minutes={minutes}",
             "--set", "evaluation.every_checkpoints=0",
             "--set", "evaluation.ladder_every_checkpoints=0"]
    for o in overrides:
        train += ["--set", o]
    command = train if ranks == 1 else ["mpirun", "-np", str(ranks)] + MPIRUN_FLAGS + train
    print(f"ranks {ranks}: {' '.join(command)}", flush=True)
    with open(os.path.join(out, f"ranks-{ranks}.out"), "w") as log:
        status = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT).returncode
    if status != 0:
        sys.exit(f"error: ranks {ranks}: the run ended with status {status} (see {log.name})")
    return figures(run_dir)


def figures(run_dir):
    progress, messages, message_bytes, behind = None, 0, 0, []
    with open(os.path.join(run_dir, "metrics.jsonl")) as f:
        for line in f:
            event = json.loads(line)
            if event.get("event") == "progress":
                progress = event
                if "versions_behind" in event:
                    behind.append(event["versions_behind"])
            elif event.get("event") == "games":
                messages += 1
                message_bytes += event.get("bytes", 0)
    if progress is None:
        sys.exit(f"error: {run_dir}/metrics.jsonl holds no progress event")
    seconds = progress["elapsed_s"]
    return {
        "games_per_hour": progress["games"] / seconds * 3600,
        "steps_per_hour": progress["step"] / seconds * 3600,
        "evals_per_s": progress["evals_per_s"],
        "messages_per_s": messages / seconds,
        "kb_per_s": message_bytes / seconds / 1000,
        "versions_behind": sum(behind) / len(behind) if behind else 0,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("zertz")
    parser.add_argument("out")
    parser.add_argument("--config", default="configs/default.yaml")
    parser.add_argument("--minutes", type=float, default=5)
    parser.add_argument("--ranks", default="1,3,5")
    parser.add_argument("--set", action="append", default=[], dest="overrides")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rows = []
    for ranks in [int(r) for r in args.ranks.split(",")]:
        f = arm(args.zertz, args.out, ranks, args.config, args.minutes, args.overrides)
        rows.append((ranks, f))
        print(f"ranks {ranks}: {json.dumps(f)}", flush=True)
    base = rows[0][1]["games_per_hour"]
    table = ["| ranks | games/h | vs first | steps/h | evaluations/s | messages/s into rank 0 "
             "| kB/s into rank 0 | versions behind (mean) |",
             "|---|---|---|---|---|---|---|---|"]
    for ranks, f in rows:
        table.append(f"| {ranks} | {f['games_per_hour']:,.0f} | "
                     f"{f['games_per_hour'] / base:.2f}x | {f['steps_per_hour']:,.0f} | "
                     f"{f['evals_per_s']:,.0f} | {f['messages_per_s']:.2f} | {f['kb_per_s']:.1f} | "
                     f"{f['versions_behind']:.1f} |")
    text = "\n".join(table) + "\n"
    with open(os.path.join(args.out, "scale.md"), "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
