#!/usr/bin/python3
"""A front end that uses an exported model with torch alone: the model format, as running code.

Usage: scripts/example_client.py DIR "POSITION STRING" [--top N]

DIR holds model.pt and model.json from `zertz export`. The position string is the one-line
format of docs/formats.md. The script encodes the position into the input planes that
model.json lists, runs the network, keeps the legal actions, and prints the best ones in
notation with their probabilities, and the win/draw/loss estimate for the player to move.
"""
import argparse
import json
import os
import sys

import torch

COLOURS = "WGB"


class Position:
    """A parsed position string (docs/formats.md)."""

    def __init__(self, text, meta):
        fields = text.split()
        if len(fields) != 8:
            raise ValueError(f"expected 8 fields, found {len(fields)}")
        if fields[0] != meta["variant"]:
            raise ValueError(f"the model plays {meta['variant']}, the position is {fields[0]}")
        self.cells = meta["board"]["cells"]
        columns = fields[1].split("/")
        heights = meta["board"]["column_heights"]
        if [len(c) for c in columns] != heights:
            raise ValueError(f"the board field needs columns of {heights} cells")
        symbols = "".join(columns)  # the cell order of model.json: column a from row 1 up
        self.ring = [s != "." for s in symbols]
        self.marble = [COLOURS.lower().find(s) if s in "wgb" else -1 for s in symbols]
        self.pool = [int(n) for n in fields[2].split(",")]
        self.captured = [[int(n) for n in fields[3].split(",")], [int(n) for n in fields[4].split(",")]]
        self.to_move = int(fields[5]) - 1
        self.phase = fields[6].split(":")[0]
        self.focus = None
        if self.phase == "jump":
            self.focus = next(c["index"] for c in self.cells if c["label"] == fields[6][5:])
        self.passes = int(fields[7])
        by_qy = {(c["q"], c["y"]): c["index"] for c in self.cells}
        steps = meta["directions"]["steps_q_y"]
        # neighbour[c][d]: the cell one step from c in direction d, or None off the board.
        self.neighbour = [[by_qy.get((c["q"] + dq, c["y"] + dy)) for dq, dy in steps]
                          for c in self.cells]

    def has_ring(self, cell):
        return cell is not None and self.ring[cell]

    def vacant(self, cell):
        return self.has_ring(cell) and self.marble[cell] < 0

    def free(self, cell):
        """Vacant, with two neighbour positions in adjacent directions both without a ring."""
        return self.vacant(cell) and any(
            not self.has_ring(self.neighbour[cell][d]) and
            not self.has_ring(self.neighbour[cell][(d + 1) % 6]) for d in range(6))

    def jumps_from(self, cell):
        result = []
        for d in range(6):
            over = self.neighbour[cell][d]
            land = self.neighbour[over][d] if over is not None else None
            if self.has_ring(over) and self.marble[over] >= 0 and self.vacant(land):
                result.append((cell, d, over, land))
        return result

    def legal(self):
        """Atomic actions as (plane, cell, text); a forced pass as (None, None, '-')."""
        label = [c["label"] for c in self.cells]
        jump = lambda j: (4 + j[1], j[0], f"x {label[j[0]]}{COLOURS[self.marble[j[2]]]}{label[j[3]]}")
        if self.phase == "jump":
            return [jump(j) for j in self.jumps_from(self.focus)]
        if self.phase == "remove":
            return [(3, c, f"remove {label[c]}") for c in range(len(self.cells)) if self.free(c)]
        jumps = [j for c in range(len(self.cells)) if self.marble[c] >= 0 for j in self.jumps_from(c)]
        if jumps:
            return [jump(j) for j in jumps]
        source = self.pool if sum(self.pool) > 0 else self.captured[self.to_move]
        actions = [(colour, c, f"{COLOURS[colour]}{label[c]}") for colour in range(3)
                   if source[colour] > 0 for c in range(len(self.cells)) if self.vacant(c)]
        return actions or [(None, None, "-")]


def encode(pos, meta):
    """The input planes of model.json, by name."""
    grid = meta["grid_size"]
    rules = meta["rules"]
    pool0, single, each = rules["pool_white_grey_black"], rules["win_single_white_grey_black"], rules["win_each"]
    me, other = pos.captured[pos.to_move], pos.captured[1 - pos.to_move]
    can_jump = set()
    if pos.phase == "jump":
        can_jump = {pos.focus}
    elif pos.phase == "turn":
        can_jump = {c for c in range(len(pos.cells)) if pos.marble[c] >= 0 and pos.jumps_from(c)}
    per_cell = {
        "on_board": lambda c: 1.0,
        "ring": lambda c: float(pos.ring[c]),
        "white": lambda c: float(pos.marble[c] == 0),
        "grey": lambda c: float(pos.marble[c] == 1),
        "black": lambda c: float(pos.marble[c] == 2),
        "free": lambda c: float(pos.free(c)),
        "can_jump": lambda c: float(c in can_jump),
        "focus": lambda c: float(c == pos.focus),
    }
    constant = {
        "phase_remove": float(pos.phase == "remove"),
        "phase_chain": float(pos.phase == "jump"),
        "placing_from_stock": float(sum(pos.pool) == 0),
        "win_each": each / 10,
        "opponent_passed": float(pos.passes > 0),
    }
    for i, colour in enumerate(["white", "grey", "black"]):
        constant[f"pool_{colour}"] = pos.pool[i] / pool0[i]
        constant[f"mover_{colour}"] = me[i] / single[i]
        constant[f"opponent_{colour}"] = other[i] / single[i]
        constant[f"win_{colour}"] = single[i] / 10
    planes = meta["input"]["planes"]
    x = torch.zeros(1, len(planes), grid, grid)
    for plane in planes:
        name = plane["name"]
        for cell in pos.cells:
            value = per_cell[name](cell["index"]) if name in per_cell else constant[name]
            x[0, plane["index"], cell["q"], cell["y"]] = value
    return x


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model_dir")
    parser.add_argument("position")
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--planes-out", help="also write the input planes as raw float32 (tests)")
    args = parser.parse_args()
    try:
        with open(os.path.join(args.model_dir, "model.json")) as f:
            meta = json.load(f)
        model = torch.jit.load(os.path.join(args.model_dir, "model.pt"))
        pos = Position(args.position, meta)
    except (OSError, ValueError, RuntimeError, StopIteration) as e:
        sys.exit(f"error: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
    x = encode(pos, meta)
    if args.planes_out:
        x.numpy().astype("<f4").tofile(args.planes_out)
    with torch.no_grad():
        policy_logits, value_logits = model(x)
    grid = meta["grid_size"]
    legal = pos.legal()
    if legal[0][0] is None:
        print("the only legal action: - (pass)")
    else:
        index = lambda a: a[0] * grid * grid + pos.cells[a[1]]["q"] * grid + pos.cells[a[1]]["y"]
        logits = torch.stack([policy_logits[0, index(a)] for a in legal])
        probabilities = torch.softmax(logits, 0)
        order = torch.argsort(probabilities, descending=True)[: args.top]
        print(f"{len(legal)} legal actions; the network's favourites:")
        for i in order.tolist():
            print(f"  {legal[i][2]:<14} {100 * probabilities[i].item():5.1f}%")
    win, draw, loss = torch.softmax(value_logits[0], 0).tolist()
    print(f"player {pos.to_move + 1} to move: win {100 * win:.1f}%, draw {100 * draw:.1f}%, loss {100 * loss:.1f}%")


if __name__ == "__main__":
    main()
