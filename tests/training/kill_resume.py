#!/usr/bin/python3
"""SIGKILL during training, again and again: every time the same command resumes and nothing
finished is lost.

Usage: kill_resume.py ZERTZ SCRATCH_DIR [KILLS] [SEED]

Runs `zertz train` on one tiny run directory KILLS times (20), each session with a budget of
6 seconds, and kills it with SIGKILL at a seeded random moment between 0 and 10 s: in start-up,
self-play and training, checkpoint writing, the end-of-budget evaluation, export and ladder, or
after it has finished. After each kill it checks the run directory:
- every checkpoint that was there is still there, and the one checkpoints/latest names loads
  (`zertz export`); no temporary file is left once the next session has started;
- the complete games on disk never become fewer (a torn last block, the game being written
  when the kill came, is allowed and skipped);
Then one last session runs to its end, and its log's window holds exactly the full-search
decisions of every complete game on disk.
"""
import os
import random
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import read_games  # noqa: E402

# tests/data/configs/tiny.yaml, with sessions of 6 seconds, no step limit, a window that holds
# every game, and evaluation and the ladder every few checkpoints (moments to be killed in).
OVERRIDES = ["run.time_budget_minutes=0.1", "run.progress_seconds=1", "training.max_steps=0",
             "training.window_min_samples=1000000", "training.samples_per_new_sample=2",
             "evaluation.every_checkpoints=2", "evaluation.ladder_every_checkpoints=4",
             # Every checkpoint written must survive the kills: none is deleted by retention.
             "training.keep_checkpoints=0"]


def complete_games(run_dir):
    """(games, full-search decisions) in the complete blocks of every shard."""
    games, full = 0, 0
    folder = os.path.join(run_dir, "games")
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        data = open(path, "rb").read()
        found, at = [], 0
        try:
            while at < len(data):
                at = read_games.read_block(path, data, at, found)
        except read_games.ShardError:
            pass  # a torn last block: the game in progress
        games += len(found)
        full += sum(d["full_search"] for g in found for d in g["decisions"])
    return games, full


def checkpoints(run_dir):
    folder = os.path.join(run_dir, "checkpoints")
    return {n for n in os.listdir(folder) if re.fullmatch(r"step-\d+\.pt", n)}


def main():
    zertz, scratch = sys.argv[1], os.path.abspath(sys.argv[2])
    kills = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 11)
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    config = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "configs",
                          "tiny.yaml")
    run_dir = os.path.join(scratch, "run")
    command = [zertz, "train", "--config", config, "--run-dir", run_dir]
    for override in OVERRIDES:
        command += ["--set", override]
    env = dict(os.environ, OMP_NUM_THREADS="1")
    problems, games_before, kept = [], 0, set()
    for kill in range(kills):
        moment = rng.uniform(0.0, 10.0)
        with open(os.path.join(scratch, f"session-{kill}.log"), "w") as log:
            session = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
            try:
                session.wait(timeout=moment)
                outcome = f"ended by itself (status {session.returncode})"
                if session.returncode != 0:
                    problems.append(f"session {kill} {outcome}")
            except subprocess.TimeoutExpired:
                session.kill()
                session.wait()
                outcome = f"killed at {moment:.1f} s"
        if not os.path.isdir(os.path.join(run_dir, "games")):
            print(f"session {kill}: {outcome}, before the run directory was made")
            continue
        games, _ = complete_games(run_dir)
        now = checkpoints(run_dir)
        if games < games_before:
            problems.append(f"session {kill}: {games} complete games on disk, {games_before} before")
        if not kept <= now:
            problems.append(f"session {kill}: checkpoints lost: {sorted(kept - now)}")
        latest = os.path.join(run_dir, "checkpoints", "latest")
        if os.path.exists(latest):
            name = open(latest).read().strip()
            export = subprocess.run([zertz, "export", os.path.join(run_dir, "checkpoints", name),
                                     "--out", os.path.join(scratch, "export-check")],
                                    capture_output=True, text=True, env=env)
            if export.returncode != 0:
                problems.append(f"session {kill}: {name} does not load: {export.stderr.strip()}")
        print(f"session {kill}: {outcome}; {games} games, {len(now)} checkpoints on disk")
        games_before, kept = games, now

    # The last session runs to its end; the window it loads at the start holds exactly the
    # full-search decisions of every complete game on disk.
    _, full_on_disk = complete_games(run_dir)
    final = subprocess.run(command, capture_output=True, text=True, env=env)
    if final.returncode != 0:
        problems.append(f"the last session failed: {final.stdout[-400:]}{final.stderr[-400:]}")
    window = re.search(r"window: (\d+) samples from \d+ shards on disk", final.stdout)
    if not window:
        problems.append("the last session did not load a window from the games on disk")
    elif int(window.group(1)) != full_on_disk:
        problems.append(f"the window holds {window.group(1)} samples, the disk {full_on_disk}")
    else:
        print(f"the last session's window: {full_on_disk} samples, all that was on disk")
    leftovers = [n for d in ("", "checkpoints", "export")
                 for n in os.listdir(os.path.join(run_dir, d)) if ".tmp." in n]
    if leftovers:
        problems.append(f"temporary files left after a whole session: {leftovers}")
    for problem in problems:
        print(problem)
    print(f"{kills} kills, {len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
