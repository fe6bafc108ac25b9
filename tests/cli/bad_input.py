#!/usr/bin/python3
"""Runs every row of docs/bad-input.md as a test: the catalogue is the test's table.

Usage: bad_input.py ZERTZ DOC.md SCRATCH_DIR [ROW_NUMBER...]

Each row of the catalogue's tables reads | # | bad input | command | what the user sees | exit |.
The command runs under bash in SCRATCH_DIR/fixtures, with `zertz` on the PATH and these files
made first (make_fixtures), and $DATA naming tests/data: a tiny run directory, a checkpoint, an export and damaged copies of
each, and the config and record files the rows name. A row passes when the exit status is the
one it gives and the line it gives is a whole line of the output; an `error: ` line must be
the only line on stderr (the one clear line a user gets).
"""
import os
import re
import shutil
import subprocess
import sys

ROW = re.compile(r"^\|\s*(\d+)\s*\|(.*?)\|\s*`(.+?)`\s*\|\s*`(.+?)`\s*\|\s*(\d+)\s*\|\s*$")
TEXT_FIXTURES = {
    "syntax.yaml": "run:\n  variant: basic\n   seed: 3\n",
    "unknown-key.yaml": "run:\n  variant: basic\n  colour: blue\n",
    "wrong-type.yaml": "selfplay:\n  full_visits: many\n",
    "out-of-range.yaml": "selfplay:\n  full_visits: -5\n",
    "not-a-mapping.yaml": "- just\n- a list\n",
    "empty.yaml": "",
    "unknown-section.yaml": "trainer:\n  steps: 5\n",
    "unbalanced.sgf": "(;GM[22]VV[2]SU[Zertz];P0[1 Start P0]",
    "wrong-game.sgf": "(;GM[1]SU[Go];B[aa])",
    "unknown-step.sgf": "(;GM[22]VV[2]SU[Zertz];P0[1 Start P0];P0[2 Teleport D 4])",
    "no-variant.zertz": "[Result \"*\"]\n\nGd4,a1\n",
    "heldout-bad.jsonl": "{\"position\": \"basic oooo\"}\n",
    "heldout-not-json.jsonl": "this is not json\n",
    "foreign.pt": "<html>not a checkpoint</html>\n",
    "empty.pt": "",
    "ratings-bad.csv": "# boardspace ratings\nalice,1620\nbob 1400\n",
    "reviews-damaged/summary.jsonl": "{\"source\": \"a.sgf\"}\n{\"source\": \"b.sgf\"}\n",
}


def run(command, cwd, env, timeout=300):
    return subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=cwd, env=env, capture_output=True,
                          text=True, errors="replace", timeout=timeout)


def must(command, cwd, env):
    result = run(command, cwd, env)
    if result.returncode != 0:
        sys.exit(f"fixture command failed: {command}\n{result.stdout}{result.stderr}")


def damaged_copies(source, prefix, directory):
    """truncated, bit-flipped copies of `source`."""
    data = open(source, "rb").read()
    open(os.path.join(directory, prefix + "-truncated" + os.path.splitext(source)[1]),
         "wb").write(data[: len(data) // 2])
    flipped = bytearray(data)
    flipped[len(data) * 2 // 3] ^= 0x10
    open(os.path.join(directory, prefix + "-flipped" + os.path.splitext(source)[1]),
         "wb").write(bytes(flipped))


def make_fixtures(fixtures, env):
    for name, text in TEXT_FIXTURES.items():
        os.makedirs(os.path.dirname(os.path.join(fixtures, name)), exist_ok=True)
        with open(os.path.join(fixtures, name), "w") as f:
            f.write(text)
    shutil.copy(os.path.join(env["DATA"], "configs", "tiny.yaml"), fixtures)
    must("zertz init-model --model tiny --variant basic --seed 1 --out good.pt", fixtures, env)
    damaged_copies(os.path.join(fixtures, "good.pt"), "checkpoint", fixtures)
    must("zertz export good.pt --out export", fixtures, env)
    for name in ("no-json", "bad-json", "truncated-pt"):
        shutil.copytree(os.path.join(fixtures, "export"), os.path.join(fixtures, "export-" + name))
    os.remove(os.path.join(fixtures, "export-no-json", "model.json"))
    with open(os.path.join(fixtures, "export-bad-json", "model.json"), "w") as f:
        f.write("{\"format\": ")
    pt = os.path.join(fixtures, "export-truncated-pt", "model.pt")
    data = open(pt, "rb").read()
    open(pt, "wb").write(data[: len(data) // 3])
    # A finished tiny run, and copies whose newest shard or latest checkpoint is damaged.
    must("zertz train --config tiny.yaml --run-dir run", fixtures, env)
    run_dir = os.path.join(fixtures, "run")
    for name in ("shard-flipped", "shard-truncated", "shard-empty", "checkpoint-flipped",
                 "latest-missing"):
        shutil.copytree(run_dir, os.path.join(fixtures, "run-" + name))
    # The first shard, damaged inside its first game's block (the header's 32 bytes come
    # first), so that what is kept depends neither on how long the games were nor on how many
    # shards the run wrote.
    first_shard = lambda name: os.path.join(fixtures, "run-" + name, "games", "shard-000000.zzg")
    data = open(first_shard("shard-flipped"), "rb").read()
    flipped = bytearray(data)
    flipped[40] ^= 0x10
    open(first_shard("shard-flipped"), "wb").write(bytes(flipped))
    open(first_shard("shard-truncated"), "wb").write(data[:40])
    open(first_shard("shard-empty"), "wb").write(b"")
    latest = open(os.path.join(run_dir, "checkpoints", "latest")).read().strip()
    pointed = os.path.join(fixtures, "run-checkpoint-flipped", "checkpoints", latest)
    data = bytearray(open(pointed, "rb").read())
    data[len(data) // 2] ^= 0x10
    open(pointed, "wb").write(bytes(data))
    os.remove(os.path.join(fixtures, "run-latest-missing", "checkpoints", latest))


def rows(doc):
    for line in open(doc):
        match = ROW.match(line.strip())
        if match:
            number, _, command, message, status = match.groups()
            yield int(number), command.replace("\\|", "|"), message.replace("\\|", "|"), int(status)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    zertz, doc, scratch = os.path.abspath(sys.argv[1]), sys.argv[2], os.path.abspath(sys.argv[3])
    only = {int(n) for n in sys.argv[4:]}
    fixtures = os.path.join(scratch, "fixtures")
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(fixtures)
    data = os.path.join(os.path.dirname(os.path.abspath(doc)), "..", "tests", "data")
    env = dict(os.environ, PATH=os.path.dirname(zertz) + os.pathsep + os.environ["PATH"],
               OMP_NUM_THREADS="1", DATA=os.path.normpath(data))
    make_fixtures(fixtures, env)
    failures, count, numbers = [], 0, set()
    for number, command, message, status in rows(doc):
        if number in numbers:
            failures.append(f"row {number}: the number is used twice")
        numbers.add(number)
        if only and number not in only:
            continue
        count += 1
        message = message.replace("$DATA", env["DATA"])
        result = run(command, fixtures, env)
        output_lines = (result.stdout + "\n" + result.stderr).splitlines()
        stderr_lines = [l for l in result.stderr.splitlines() if l.strip()]
        problems = []
        if result.returncode != status:
            problems.append(f"exit {result.returncode}, expected {status}")
        if message not in output_lines and message not in stderr_lines:
            problems.append(f"no line reads: {message}")
        if message.startswith("error: ") and stderr_lines != [message]:
            problems.append(f"{len(stderr_lines)} lines on stderr, expected one")
        if problems:
            failures.append(f"row {number}: `{command}`: {'; '.join(problems)}\n"
                            f"  stdout: {result.stdout[-600:]!r}\n  stderr: {result.stderr[-600:]!r}")
    for failure in failures:
        print(failure)
    print(f"{count} rows, {len(failures)} failed")
    if count < 40 and not only:
        print("the catalogue should list at least 40 kinds of bad input")
        sys.exit(1)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
