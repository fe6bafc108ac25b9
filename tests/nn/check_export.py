#!/usr/bin/python3
"""Runs DIR/model.pt in Python on DIR/input.bin and compares with the C++ outputs.

DIR/shape.txt holds "batch planes grid"; input.bin, policy.bin and value.bin are raw
little-endian float32 written by the C++ test. Exit status 0 when the largest difference
is below 1e-5.
"""
import os
import sys

import numpy
import torch

directory = sys.argv[1]
batch, planes, grid = (int(n) for n in open(os.path.join(directory, "shape.txt")).read().split())
read = lambda name: torch.from_numpy(numpy.fromfile(os.path.join(directory, name), dtype="<f4"))
x = read("input.bin").reshape(batch, planes, grid, grid)
model = torch.jit.load(os.path.join(directory, "model.pt"))
with torch.no_grad():
    policy, value = model(x)
policy_diff = (policy.flatten() - read("policy.bin")).abs().max().item()
value_diff = (value.flatten() - read("value.bin")).abs().max().item()
print(f"python vs C++: policy max diff {policy_diff:.3g}, value max diff {value_diff:.3g}")
sys.exit(0 if max(policy_diff, value_diff) < 1e-5 else 1)
