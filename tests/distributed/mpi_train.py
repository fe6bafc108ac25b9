#!/usr/bin/python3
"""Distributed training under mpirun: three ranks on this host, loopback only (issue 13).

Usage: mpi_train.py ZERTZ CONFIG SCRATCH_DIR MODE
MODE:
- three_ranks (weights by broadcast): a run started without mpirun to step 4, resumed under
  mpirun with a step limit, ends with status 0; games from both actors are in the run directory; both actors ended on at least the second version of the weights; the trainer
  stepped; every shard decodes; no rank's process is left.
- kill_actor: SIGKILL of rank 2 once one of its messages is stored: mpirun ends non-zero within
  30 s, no process is left, every shard's complete blocks decode and checkpoints/latest loads;
  the same command (now with a step limit) resumes and finishes; no games message is stored
  twice, and the relaunch's actors play other games (another launch, so other seeds).
- stop_signal (weights by broadcast): SIGUSR1 to mpirun: every rank ends with status 0 after
  rank 0 saved a checkpoint; the run then resumes without mpirun.
Exits 77 (skipped) where mpiexec is missing.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import read_games  # noqa: E402

# As root, in a container: oversubscribed, shared memory and TCP on loopback only.
MPIRUN_FLAGS = ["-np", "3", "--oversubscribe", "--bind-to", "none", "--mca", "pml", "ob1",
                "--mca", "btl", "self,vader,tcp", "--mca", "btl_vader_single_copy_mechanism",
                "none", "--mca", "btl_tcp_if_include", "lo", "--mca", "oob_tcp_if_include", "lo",
                "-x", "OMP_NUM_THREADS=1"]
OVERRIDES = ["distributed.heartbeat_seconds=0.5", "distributed.silence_abort_seconds=60",
             "distributed.games_per_message=4", "run.progress_seconds=0.5"]


# The tiny net's weights go by MPI broadcast here (and to each actor in turn in kill_actor), so
# that both paths run under mpirun, the clean stop with a broadcast possibly under way included.
BROADCAST = ["distributed.broadcast_weights_megabytes=0"]


def fail(message):
    print("FAILED: " + message)
    sys.exit(1)


def command(zertz, config, run_dir, overrides):
    args = ["mpirun"] + MPIRUN_FLAGS + [zertz, "train", "--config", config, "--run-dir", run_dir]
    for o in OVERRIDES + overrides:
        args += ["--set", o]
    return args


def environment():
    env = dict(os.environ)
    env.update({"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"})
    return env


def events(run_dir, kind):
    path = os.path.join(run_dir, "metrics.jsonl")
    if not os.path.exists(path):
        return []
    found = []
    for line in open(path):
        try:
            event = json.loads(line)
        except ValueError:
            continue  # a line being written
        if event.get("event") == kind:
            found.append(event)
    return found


def leftover(run_dir):
    out = subprocess.run(["pgrep", "-f", run_dir], capture_output=True, text=True).stdout
    return out.split()


def shards_decode(run_dir, allow_torn_last_block, steps=None):
    """The number of games in the run's shards; `steps` (a list) gets each game's weights step."""
    folder = os.path.join(run_dir, "games")
    names = sorted(os.listdir(folder))
    if not names:
        fail("no shard in " + folder)
    games = 0
    for name in names:
        path = os.path.join(folder, name)
        data = open(path, "rb").read()
        found, at = [], 0
        while at < len(data):
            try:
                at = read_games.read_block(path, data, at, found)
            except read_games.ShardError as e:
                if not allow_torn_last_block:
                    fail(str(e))
                break
        games += len(found)
        if steps is not None:
            steps += [g["weights_step"] for g in found]
    return games


def wait_for(predicate, seconds, what):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    fail("timed out waiting for " + what)


def one_process(zertz, config, run_dir, steps):
    """`zertz train` without mpirun on the same run directory, up to `steps`."""
    args = [zertz, "train", "--config", config, "--run-dir", run_dir]
    for o in OVERRIDES + [f"training.max_steps={steps}"]:
        args += ["--set", o]
    run = subprocess.run(args, capture_output=True, text=True, timeout=300)
    if run.returncode != 0:
        print(run.stdout[-2000:], run.stderr[-2000:])
        fail(f"one process to step {steps} ended with {run.returncode}")
    if not os.path.exists(os.path.join(run_dir, "checkpoints", f"step-{steps:07d}.pt")):
        fail(f"one process wrote no checkpoint of step {steps}")


def check_three_ranks(zertz, config, run_dir):
    one_process(zertz, config, run_dir, 4)  # started on one machine, resumed on three ranks
    local_games = shards_decode(run_dir, allow_torn_last_block=False)
    run = subprocess.run(command(zertz, config, run_dir, ["training.max_steps=24"] + BROADCAST),
                         env=environment(),
                         capture_output=True, text=True, timeout=300)
    print(run.stdout[-3000:], run.stderr[-2000:])
    if run.returncode != 0:
        fail(f"mpirun ended with {run.returncode}")
    ranks = {e["rank"] for e in events(run_dir, "games")}
    if ranks != {1, 2}:
        fail(f"games came from ranks {sorted(ranks)}, not from both actors")
    final = {}
    for e in events(run_dir, "actor"):
        final[e["rank"]] = e["weights_version"]
    if set(final) != {1, 2} or min(final.values()) < 2:
        fail(f"the actors' weights versions: {final}")
    steps = [e["step"] for e in events(run_dir, "checkpoint")]
    if not steps or max(steps) != 24:
        fail(f"checkpoints at steps {steps}, not up to 24")
    steps = []
    games = shards_decode(run_dir, allow_torn_last_block=False, steps=steps)
    if min(steps) < 0 or max(steps) <= 4:
        fail(f"games' weights steps from {min(steps)} to {max(steps)}: each game should record "
             "its weights, the actors' those of the resumed run")
    stored = sum(e["games"] for e in events(run_dir, "games"))
    if games != local_games + stored:
        fail(f"{games} games on disk, {local_games} from one process and {stored} stored by the "
             "learner")
    if leftover(run_dir):
        fail("processes left: " + " ".join(leftover(run_dir)))
    print(f"ok: {games} games from ranks 1 and 2, weights versions {final}, step 24")


def check_kill_actor(zertz, config, run_dir):
    job = subprocess.Popen(command(zertz, config, run_dir, ["training.max_steps=0"]),
                           env=environment(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
    try:
        wait_for(lambda: any(e["rank"] == 2 for e in events(run_dir, "games")) and
                 any(e["rank"] == 2 for e in events(run_dir, "actor")), 120,
                 "a stored message from rank 2")
        pid = [e["pid"] for e in events(run_dir, "actor") if e["rank"] == 2][-1]
        killed = time.time()
        os.kill(pid, signal.SIGKILL)
        job.wait(timeout=30)
        print(job.stdout.read()[-2000:])
        print(f"mpirun ended {time.time() - killed:.1f} s after the kill, status {job.returncode}")
    except subprocess.TimeoutExpired:
        job.kill()
        fail("mpirun did not end within 30 s of the kill")
    if job.returncode == 0:
        fail("mpirun ended with status 0 after an actor was killed")
    time.sleep(1)
    if leftover(run_dir):
        fail("processes left after the kill: " + " ".join(leftover(run_dir)))
    before = shards_decode(run_dir, allow_torn_last_block=True)
    checkpoints = os.path.join(run_dir, "checkpoints")
    latest = open(os.path.join(checkpoints, "latest")).read().strip()
    export = subprocess.run([zertz, "export", os.path.join(checkpoints, latest), "--out",
                             os.path.join(run_dir, "..", "export-check")], capture_output=True,
                            text=True)
    if export.returncode != 0:
        fail("checkpoints/latest does not export: " + export.stderr)
    last_step = max(e["step"] for e in events(run_dir, "checkpoint"))
    first_launches = {e["launch"] for e in events(run_dir, "games")}
    # The trainer may only step on new games: its ratio of trained to stored samples is set
    # below what it has already trained (else the budget can be spent before an actor plays).
    stored_samples = max((e["samples"] for e in events(run_dir, "progress")), default=0)
    ratio = max(0.01, 0.8 * last_step * 32 / max(stored_samples, 1))  # tiny.yaml's batch: 32
    try:
        run = subprocess.run(command(zertz, config, run_dir,
                                     [f"training.max_steps={last_step + 6}",
                                      f"training.samples_per_new_sample={ratio:.4f}"]),
                             env=environment(), capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired as e:
        fail(f"the relaunch did not end within 300 s: {(e.output or b'')[-2000:]!r}")
    print(run.stdout[-2000:], run.stderr[-1000:])
    if run.returncode != 0:
        fail(f"the relaunch ended with {run.returncode}")
    after = shards_decode(run_dir, allow_torn_last_block=True)
    if after <= before:
        fail(f"the relaunch added no games ({before} -> {after})")
    ids = [(e["launch"], e["rank"], e["sequence"]) for e in events(run_dir, "games")]
    if len(ids) != len(set(ids)):
        fail("a games message was stored twice")
    new_launches = {e["launch"] for e in events(run_dir, "games")} - first_launches
    if not new_launches:
        fail("the relaunch's actors played under the first launch's seeds")
    if leftover(run_dir):
        fail("processes left after the relaunch")
    print(f"ok: killed and resumed; {before} -> {after} games, launches {sorted(first_launches)}"
          f" then {sorted(new_launches)}")


def check_stop_signal(zertz, config, run_dir):
    job = subprocess.Popen(command(zertz, config, run_dir, ["training.max_steps=0"] + BROADCAST),
                           env=environment(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
    try:
        wait_for(lambda: {e["rank"] for e in events(run_dir, "games")} == {1, 2} and
                 events(run_dir, "checkpoint"), 120, "games from both actors and a checkpoint")
        job.send_signal(signal.SIGUSR1)
        output, _ = job.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        job.kill()
        fail("the job did not stop within 60 s of SIGUSR1")
    print(output[-2000:])
    if job.returncode != 0:
        fail(f"mpirun ended with {job.returncode} after SIGUSR1")
    if "SIGUSR1: saving and stopping" not in output or "saved at step" not in output:
        fail("rank 0 did not say it saved")
    saved = int(output.split("saved at step ")[1].split(";")[0])
    if not os.path.exists(os.path.join(run_dir, "checkpoints", f"step-{saved:07d}.pt")):
        fail(f"no checkpoint of step {saved}")
    if output.count("stopped after") != 2:
        fail("not both actors said they stopped")
    if leftover(run_dir):
        fail("processes left after SIGUSR1")
    one_process(zertz, config, run_dir, saved + 3)  # started on three ranks, resumed on one
    print(f"ok: stopped by SIGUSR1 at step {saved}, status 0; resumed without mpirun")


def main():
    zertz, config, scratch, mode = sys.argv[1:5]
    if shutil.which("mpirun") is None:
        print("skipped: mpirun is not installed (scripts/deps.sh installs openmpi-bin)")
        sys.exit(77)
    scratch = os.path.abspath(scratch)
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    run_dir = os.path.join(scratch, "run")
    {"three_ranks": check_three_ranks, "kill_actor": check_kill_actor,
     "stop_signal": check_stop_signal}[mode](os.path.abspath(zertz), config, run_dir)


if __name__ == "__main__":
    main()
