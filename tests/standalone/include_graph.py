#!/usr/bin/python3
"""Checks that the project's include graph runs only downward and has no circles.

Usage: include_graph.py ROOT      checks ROOT's layers; exit 1 naming each offending include
       include_graph.py --self-test  runs the check on scratch trees (it must catch both faults)

The layers, lowest first (docs/architecture.md's folder map): core -> mcts -> nn -> config -> evaluation ->
distributed -> training -> frontends -> cli. A file may include its own layer's headers and those of lower layers; an
upward include ties a low layer to a higher one (the torch-free layers would then need
LibTorch). Circles between files are refused too: include guards hide them from the compiler,
yet they mean that neither file can be understood or changed alone.
"""
import os
import re
import sys
import tempfile

LAYERS = ["core", "mcts", "nn", "config", "evaluation", "distributed", "training", "frontends", "cli"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def sources(root):
    """Every .h/.cpp file of the layers, as paths relative to root."""
    for layer in LAYERS:
        folder = os.path.join(root, layer)
        if not os.path.isdir(folder):
            continue
        for directory, _, names in os.walk(folder):
            for name in sorted(names):
                if name.endswith((".h", ".cpp")):
                    yield os.path.relpath(os.path.join(directory, name), root)


def includes(root, path):
    """(line number, included path) for each quoted include of the file."""
    with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            match = INCLUDE.match(line)
            if match:
                yield number, match[1]


def layer_of(path):
    top = path.split("/", 1)[0]
    return LAYERS.index(top) if top in LAYERS else None


def find_circle(graph):
    """One circle of the file graph as a list of files, or None (iterative depth-first search)."""
    state = {}  # 1: on the current path, 2: finished
    for start in sorted(graph):
        if start in state:
            continue
        path, stack = [start], [iter(sorted(graph[start]))]
        state[start] = 1
        while stack:
            child = next(stack[-1], None)
            if child is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(child) == 1:
                return path[path.index(child):] + [child]
            elif child not in state and child in graph:
                state[child] = 1
                path.append(child)
                stack.append(iter(sorted(graph[child])))
    return None


def check(root):
    """The faults of root's include graph, one line each, and the number of files read."""
    faults, graph = [], {}
    for path in sources(root):
        own = layer_of(path)
        graph[path] = set()
        for number, target in includes(root, path):
            theirs = layer_of(target)
            if theirs is None:
                continue  # not one of ours (a system header written with quotes)
            graph[path].add(target)
            if theirs > own:
                faults.append(f"{path}:{number}: includes {target}, which is above "
                              f"{LAYERS[own]}/ (the layers run {' -> '.join(LAYERS)})")
    circle = find_circle(graph)
    if circle:
        faults.append("include circle: " + " -> ".join(circle))
    return faults, len(graph)


def write(root, path, text):
    os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
    with open(os.path.join(root, path), "w") as f:
        f.write(text)


def self_test():
    with tempfile.TemporaryDirectory() as root:
        write(root, "core/a.h", "#pragma once\n#include <vector>\n")
        write(root, "mcts/b.h", '#pragma once\n#include "core/a.h"\n')
        write(root, "cli/main.cpp", '#include "mcts/b.h"\n#include "training/x.h"\n')
        faults, _ = check(root)
        if faults:
            return f"a downward tree was refused: {faults}"
        write(root, "core/a.h", '#pragma once\n\n#include "mcts/b.h"\n')
        faults, _ = check(root)
        if not any(f.startswith("core/a.h:3: includes mcts/b.h") for f in faults):
            return f"an upward include was not named with its line: {faults}"
        write(root, "core/a.h", '#pragma once\n#include "core/c.h"\n')
        write(root, "core/c.h", '#pragma once\n#include "core/a.h"\n')
        faults, _ = check(root)
        if faults != ["include circle: core/a.h -> core/c.h -> core/a.h"]:
            return f"a circle was not found: {faults}"
    return None


def main():
    if sys.argv[1:] == ["--self-test"]:
        problem = self_test()
        print(f"FAIL: {problem}" if problem else "ok")
        return 1 if problem else 0
    if len(sys.argv) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    faults, files = check(sys.argv[1])
    for fault in faults:
        print(fault)
    if not faults:
        print(f"ok: {files} files, includes run downward, no circles")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
