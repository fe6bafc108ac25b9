#!/usr/bin/python3
"""Reads self-play records (game shards, docs/training-records.md) for analysis.

Usage: scripts/read_games.py RUN_DIR/games [--show N]
Prints per-shard and total counts (games, decisions, full searches, results) and, with --show,
the first N games' actions and results. As a module: `for game in read_shard(path): ...`.
A damaged shard is reported by name and skipped. Needs only Python's standard library.
"""
import argparse
import os
import struct
import sys
import zlib

MAGIC = b"ZZGAMES\n"
VARIANTS = ["basic", "tournament", "tournament-48", "tournament-61"]
OUTCOMES = ["ongoing", "first wins", "second wins", "draw"]
KINDS = ["place W", "place G", "place B", "remove"] + [f"jump d{d}" for d in range(6)] + ["pass"]


class ShardError(Exception):
    pass


def read_shard(path):
    """The games of one shard (one or more blocks): dicts with variant, outcome, capped,
    repetition, decisions."""
    with open(path, "rb") as f:
        data = f.read()
    games, at = [], 0
    while True:
        at = read_block(path, data, at, games)
        if at >= len(data):
            return games


def read_block(path, data, at, games):
    """Appends the games of the block at `at` and returns where the next one starts."""
    if data[at:at + len(MAGIC)] != MAGIC:
        raise ShardError(f"{path} is not a game shard" if at == 0 else f"{path} has trailing bytes")
    try:
        version, count, raw_size, compressed_size = struct.unpack_from("<IIQQ", data, at + len(MAGIC))
    except struct.error:
        raise ShardError(f"{path} is truncated")
    if version not in (1, 2, 3):
        raise ShardError(f"{path} has format version {version}, expected 1 to 3")
    start = at + len(MAGIC) + 24
    if start + compressed_size + 4 > len(data):
        raise ShardError(f"{path} is truncated")
    payload = data[start:start + compressed_size]
    (crc,) = struct.unpack_from("<I", data, start + compressed_size)
    if zlib.crc32(payload) != crc:
        raise ShardError(f"{path} is damaged: checksum mismatch")
    raw = zlib.decompress(payload)
    if len(raw) != raw_size:
        raise ShardError(f"{path} is damaged: wrong payload size")
    position = 0
    for _ in range(count):
        if version == 1:
            variant, outcome, flags, n = struct.unpack_from("<BBBI", raw, position)
            weights_step = -1
            position += 7
        else:
            variant, outcome, flags, weights_step, n = struct.unpack_from("<BBBqI", raw, position)
            position += 15
        decisions = []
        for _ in range(n):
            code, full, value = struct.unpack_from("<HBf", raw, position)
            position += 7
            surprise = 0.0
            if version >= 3:
                (surprise,) = struct.unpack_from("<f", raw, position)
                position += 4
            (m,) = struct.unpack_from("<H", raw, position)
            position += 2
            policy = []
            for _ in range(m):
                policy.append(struct.unpack_from("<Hf", raw, position))
                position += 6
            decisions.append({"action": code, "full_search": bool(full), "root_value": value,
                              "policy_surprise": surprise, "policy": policy})
        games.append({"variant": VARIANTS[variant], "outcome": OUTCOMES[outcome], "capped": bool(flags & 1),
                      "repetition": bool(flags & 2), "weights_step": weights_step,
                      "decisions": decisions})
    return start + compressed_size + 4


def action_text(code):
    tag, cell = code >> 6, code & 63
    return f"{KINDS[tag]} @{cell}" if tag < 10 else "pass"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_dir")
    parser.add_argument("--show", type=int, default=0)
    args = parser.parse_args()
    paths = sorted(os.path.join(args.games_dir, n) for n in os.listdir(args.games_dir) if n.endswith(".zzg"))
    totals = {"games": 0, "decisions": 0, "full": 0}
    results = {}
    shown = 0
    for path in paths:
        try:
            games = read_shard(path)
        except (ShardError, zlib.error, struct.error) as e:
            print(f"warning: skipping {e}", file=sys.stderr)
            continue
        for g in games:
            totals["games"] += 1
            totals["decisions"] += len(g["decisions"])
            totals["full"] += sum(d["full_search"] for d in g["decisions"])
            key = "capped" if g["capped"] else g["outcome"] + (" (repetition)" if g["repetition"] else "")
            results[key] = results.get(key, 0) + 1
            if shown < args.show:
                shown += 1
                print(f"game: {g['variant']}, {key}: " + ", ".join(action_text(d["action"]) for d in g["decisions"]))
    print(f"{len(paths)} shards, {totals['games']} games, {totals['decisions']} decisions, "
          f"{totals['full']} full searches (training samples)")
    for key, n in sorted(results.items()):
        print(f"  {key}: {n}")


if __name__ == "__main__":
    main()
