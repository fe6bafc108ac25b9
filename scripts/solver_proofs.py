#!/usr/bin/python3
"""How often self-play's searches proved their root, and whether those proofs agree with the
games' results: would solver-proven value labels change any training target?

Usage: scripts/solver_proofs.py [--check] RUN_DIR/games
A decision counts as proven when its recorded root value is exactly +1 or -1 (mcts/search.cpp
records a proven root's exact value; a proven draw, 0, cannot be told from a mean of 0 and is not
counted). Its mover is followed through the game: a placement and the removal after it are one
player's, a jump and the jump that goes on from where it landed too; anything else passes the
turn. Only the mover can win, so the last decision's mover won every decided game: the check of
that bookkeeping printed beside the figures; --check exits with status 1 when a proof disagrees
with its game's result or a decided game's last mover did not win. Capped games (no result) are left out. Needs only
Python's standard library (scripts/read_games.py reads the shards).
"""
import argparse
import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import read_games  # noqa: E402

# Column heights of each variant's board (docs/rules.md), cells numbered as core/board.cpp does.
HEIGHTS = {"basic": [4, 5, 6, 7, 6, 5, 4], "tournament": [4, 5, 6, 7, 6, 5, 4],
           "tournament-48": [5, 6, 7, 8, 7, 6, 5, 4], "tournament-61": [5, 6, 7, 8, 9, 8, 7, 6, 5]}
DIRECTION_STEPS = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)]  # core/board.h
KIND_REMOVE, FIRST_JUMP, FIRST_OTHER = 3, 4, 10  # action tags (core/action.h)
RESULT_FOR = {"first wins": (1, -1), "second wins": (-1, 1), "draw": (0, 0)}


def landing_table(heights):
    """landing[cell][d]: where a jump from cell in direction d lands (None off the board)."""
    coords, offset = [], 0
    for q, h in enumerate(heights):
        if q > 0 and h < heights[q - 1]:
            offset += 1
        coords += [(q, offset + row) for row in range(h)]
    cell_at = {c: i for i, c in enumerate(coords)}
    return [[cell_at.get((q + 2 * dq, y + 2 * dy)) for dq, dy in DIRECTION_STEPS] for q, y in coords]


LANDING = {name: landing_table(h) for name, h in HEIGHTS.items()}


def same_mover_next(landing, code, next_code):
    """Whether the decision after `code` is still its mover's."""
    if next_code is None:
        return False
    tag, cell, next_tag = code >> 6, code & 63, next_code >> 6
    if tag < KIND_REMOVE:
        return next_tag == KIND_REMOVE
    if FIRST_JUMP <= tag < FIRST_OTHER and FIRST_JUMP <= next_tag < FIRST_OTHER:
        return (next_code & 63) == landing[cell][tag - FIRST_JUMP]
    return False


def tally(game, totals):
    result = RESULT_FOR[game["outcome"]]
    landing, decisions = LANDING[game["variant"]], game["decisions"]
    mover, last_mover, first_proof = 0, 0, None
    for i, d in enumerate(decisions):
        totals["decisions"] += 1
        totals["full"] += d["full_search"]
        if abs(d["root_value"]) == 1.0:
            totals["proven"] += 1
            totals["proven_full"] += d["full_search"]
            totals["agree" if d["root_value"] == result[mover] else "disagree"] += 1
            first_proof = i if first_proof is None else first_proof
        last_mover = mover
        next_code = decisions[i + 1]["action"] if i + 1 < len(decisions) else None
        if not same_mover_next(landing, d["action"], next_code):
            mover ^= 1
    if result[0] != 0:
        totals["decided"] += 1
        totals["last_mover_won"] += result[last_mover] == 1
    if first_proof is not None:
        totals["games_with_proof"] += 1
        totals["decisions_after_first_proof"] += len(decisions) - first_proof


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_dir")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when a proof disagrees with a result or a last mover lost")
    args = parser.parse_args()
    if not os.path.isdir(args.games_dir):
        print(f"error: {args.games_dir}: not a folder of game shards", file=sys.stderr)
        sys.exit(2)
    paths = sorted(os.path.join(args.games_dir, n) for n in os.listdir(args.games_dir) if n.endswith(".zzg"))
    keys = ["games", "decisions", "full", "proven", "proven_full", "agree", "disagree", "decided",
            "last_mover_won", "games_with_proof", "decisions_after_first_proof"]
    totals = dict.fromkeys(keys, 0)
    for path in paths:
        try:
            games = read_games.read_shard(path)
        except (read_games.ShardError, zlib.error, struct.error) as e:
            print(f"warning: skipping {e}", file=sys.stderr)
            continue
        for game in games:
            if not game["capped"]:
                totals["games"] += 1
                tally(game, totals)
    t = totals
    share = lambda part, whole: 100.0 * part / whole if whole else 0.0  # noqa: E731
    print(f"{t['games']} games, {t['decisions']} decisions, {t['full']} full searches")
    print(f"proven roots: {t['proven']} decisions ({share(t['proven'], t['decisions']):.1f}%), "
          f"{t['proven_full']} full searches ({share(t['proven_full'], t['full']):.1f}%)")
    print(f"agree with the result: {t['agree']}, disagree: {t['disagree']}")
    after = t["decisions_after_first_proof"] / t["games_with_proof"] if t["games_with_proof"] else 0.0
    print(f"games with a proof: {t['games_with_proof']}, the first {after:.1f} decisions before the end")
    print(f"the last mover won {t['last_mover_won']} of {t['decided']} decided games")
    if args.check and (t["disagree"] or t["last_mover_won"] != t["decided"]):
        sys.exit(1)


if __name__ == "__main__":
    main()
