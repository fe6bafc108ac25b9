#!/usr/bin/python3
"""Converts an exported model.pt (TorchScript) to ONNX and checks it with onnx.checker.

Usage: scripts/export_onnx.py DIR/model.pt OUT.onnx
Reads DIR/model.json beside model.pt for the input shape. Needs Debian's python3-torch and
python3-onnx (run it with /usr/bin/python3).
"""
import json
import os
import sys
import warnings

import onnx
import torch


def main(argv):
    if len(argv) != 3:
        sys.exit("usage: export_onnx.py MODEL.pt OUT.onnx")
    model_path, out_path = argv[1], argv[2]
    meta_path = os.path.join(os.path.dirname(os.path.abspath(model_path)), "model.json")
    try:
        with open(meta_path) as f:
            meta = json.load(f)
        model = torch.jit.load(model_path)
    except (OSError, ValueError, RuntimeError) as e:
        sys.exit(f"error: cannot load {model_path} with {meta_path}: {str(e).splitlines()[0]}")
    model.eval()
    # Scripted modules have no Python signature; torch.onnx says so and carries on.
    warnings.filterwarnings("ignore", message="no signature found")
    planes = meta["input"]["shape"][1]
    grid = meta["grid_size"]
    example = torch.zeros(2, planes, grid, grid)
    for cell in meta["board"]["cells"]:  # plane 0 marks the board
        example[:, 0, cell["q"], cell["y"]] = 1.0
    tmp_path = out_path + ".tmp"
    torch.onnx.export(
        model, (example,), tmp_path, opset_version=13,
        input_names=["input"], output_names=["policy_logits", "value_logits"],
        dynamic_axes={"input": {0: "batch"}, "policy_logits": {0: "batch"},
                      "value_logits": {0: "batch"}})
    onnx.checker.check_model(onnx.load(tmp_path))
    os.replace(tmp_path, out_path)
    print(f"wrote {out_path}: onnx.checker passed (opset 13, dynamic batch)")


if __name__ == "__main__":
    main(sys.argv)
