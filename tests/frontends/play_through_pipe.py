#!/usr/bin/python3
"""Plays a whole game of `zertz play` against `random` through a pipe.

The person's side asks for `legal` at each prompt and plays a listed turn: placements one
atomic step at a time (`Wd4`, then `b2`), the rest whole. At the end it saves the record and
checks that `zertz replay` accepts it.  Usage: play_through_pipe.py ZERTZ WORK_DIR
"""
import os
import select
import subprocess
import sys
import time

ZERTZ, WORK_DIR = sys.argv[1], sys.argv[2]
PROMPTS = ("your turn> ", "game over> ")
DEADLINE = time.monotonic() + 120


def read_until(process, buffer, prompt_at_end, waiting_for):
    """Reads output until prompt_at_end(output) names the prompt it ends with; returns
    (text, prompt)."""
    fd = process.stdout.fileno()
    while True:
        prompt = prompt_at_end(buffer[0])
        if prompt is not None:
            text, buffer[0] = buffer[0], ""
            return text, prompt
        if time.monotonic() > DEADLINE:
            sys.exit(f"timed out waiting for {waiting_for}; output so far:\n" + buffer[0][-2000:])
        ready, _, _ = select.select([fd], [], [], 1.0)
        if ready:
            chunk = os.read(fd, 65536).decode()
            if not chunk:
                sys.exit("zertz play ended early:\n" + buffer[0][-2000:])
            buffer[0] += chunk


def read_until_prompt(process, buffer):
    """Reads output until it ends with a prompt; returns (text, prompt)."""
    return read_until(process, buffer,
                      lambda out: next((p for p in PROMPTS if out.endswith(p)), None),
                      "a prompt")


def send(process, line):
    process.stdin.write(line + "\n")
    process.stdin.flush()


def read_until_prompt_after(process, buffer, start):
    """Reads up to the prompt that asks for the rest of a turn (it starts with `start`)."""
    def step_prompt(out):
        ends_prompt = out.endswith("> ") and out.rsplit("\n", 1)[-1].startswith(start)
        return start if ends_prompt else None
    return read_until(process, buffer, step_prompt, "the step prompt")


def main():
    os.makedirs(WORK_DIR, exist_ok=True)
    record = os.path.join(WORK_DIR, "piped-game.zertz")
    process = subprocess.Popen([ZERTZ, "play", "--model", "random", "--seed", "3"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    buffer = [""]
    transcript = ""
    turns = 0
    while True:
        text, prompt = read_until_prompt(process, buffer)
        transcript += text
        if prompt == "game over> ":
            break
        send(process, "legal")
        listing, _ = read_until_prompt(process, buffer)
        line = next(l for l in listing.splitlines() if " legal turns:" in l)
        choices = line.split(":", 1)[1].split("  ")[1:]
        turn = choices[turns % len(choices)]
        if "," in turn and not turn.startswith("x"):
            place, remove = turn.split(" x ")[0].split(",")
            send(process, place)
            between, _ = read_until_prompt_after(process, buffer, "your turn, after ")
            transcript += between
            send(process, remove)
        else:
            send(process, turn)
        turns += 1
        if turns > 400:
            sys.exit("the game does not end")
    send(process, "save " + record)
    saved, _ = read_until_prompt(process, buffer)
    send(process, "quit")
    process.wait(timeout=10)
    if "saved to " + record not in saved:
        sys.exit("not saved:\n" + saved)
    if "random plays " not in transcript or "result " not in transcript:
        sys.exit("no computer turns or no result shown:\n" + transcript[-2000:])
    replay = subprocess.run([ZERTZ, "replay", record], capture_output=True, text=True)
    print(next(l for l in reversed(transcript.splitlines()) if l.startswith("result ")))
    print(replay.stdout.strip())
    if replay.returncode != 0:
        sys.exit("the saved record does not replay")
    print("a whole game through the pipe: %d turns of ours, exit %d" % (turns, process.returncode))


if __name__ == "__main__":
    main()
