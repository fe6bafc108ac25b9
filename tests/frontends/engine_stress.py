#!/usr/bin/python3
"""The engine protocol under abuse, read as a program reads it.

Usage: engine_stress.py ZERTZ [COMMANDS]

Sends COMMANDS (100,000) lines to `zertz engine --model random`: whole random games (genmove
until the result is decided, showboard, newgame), with abuse mixed in: megabyte lines, binary
bytes, unknown commands, malformed turns. A reader thread parses every answer as a program
would (lines up to a blank line; the first starts with '=' or '?', followed by the id when the
command had one), and checks that each command got exactly one answer, in order. The engine's
resident memory is sampled as it goes; it must level off (at the end, no more than 16 MiB
above what it was after the first tenth). Prints the samples.
"""
import random
import subprocess
import sys
import threading

MEGABYTE_LINE = "play " + "W" * (1 << 20)


def commands(count, rng):
    """Yields (line, expected first character of the answer or None for either)."""
    sent, moves = 0, 0
    while sent < count:
        roll = rng.random()
        if roll < 0.001:
            yield MEGABYTE_LINE, "?"
        elif roll < 0.01:
            junk = [c for c in range(1, 32) if c not in (9, 10, 13)]  # not tab or line ends
            yield "".join(chr(rng.choice(junk)) for _ in range(8)) + "genmove", "?"
        elif roll < 0.02:
            yield f"{sent} frobnicate", "?"
        elif roll < 0.03:
            yield "play Zz9", "?"
        elif roll < 0.05:
            yield f"{sent} showboard", "="
        elif moves > 60:
            yield "newgame", "="
            moves = 0
        else:
            yield f"{sent} genmove", None  # '?' once the game is over
            moves += 1
        sent += 1


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    zertz = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    rng = random.Random(7)
    plan = list(commands(count, rng))
    engine = subprocess.Popen([zertz, "engine", "--model", "random", "--variant", "basic",
                               "--seed", "3"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    problems, samples = [], []

    def read_answers():
        for index, (line, want) in enumerate(plan):
            answer = []
            while True:
                raw = engine.stdout.readline()
                if not raw:
                    problems.append(f"answer {index}: the engine's output ended")
                    return
                text = raw.decode("utf-8", "strict").rstrip("\n")
                if text == "":
                    break
                answer.append(text)
            first = answer[0] if answer else ""
            words = line.split(" ", 1)
            ident = words[0] if words[0].isdigit() and len(words) > 1 else ""
            if not first or first[0] not in "=?" or not first[1:].startswith(ident):
                problems.append(f"answer {index} to {line[:40]!r}: malformed: {answer[:3]}")
            elif want and first[0] != want:
                problems.append(f"answer {index} to {line[:40]!r}: expected {want}, got {first}")
            if index % (len(plan) // 10) == 0:
                samples.append((index, resident_kib(engine.pid)))

    reader = threading.Thread(target=read_answers)
    reader.start()
    for line, _ in plan:
        engine.stdin.write(line.encode() + b"\n")
    engine.stdin.write(b"quit\n")
    engine.stdin.close()
    reader.join()
    engine.wait(timeout=60)
    samples.append((len(plan), 0))
    for index, kib in samples[:-1]:
        print(f"after {index:6d} commands: resident {kib / 1024:.1f} MiB")
    if engine.returncode != 0:
        problems.append(f"exit status {engine.returncode}: {engine.stderr.read()[-400:]!r}")
    if len(samples) > 2 and samples[-2][1] > samples[1][1] + 16 * 1024:
        problems.append(f"memory grew from {samples[1][1]} KiB to {samples[-2][1]} KiB")
    for problem in problems[:20]:
        print(problem)
    print(f"{len(plan)} commands, {len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
