#!/usr/bin/python3
"""Samples the resident memory of a running process (a `zertz train`, say) until it ends, and
draws the curve: does memory level off over a long run?

Usage: /usr/bin/python3 scripts/memory_curve.py PID OUT_PREFIX [--every SECONDS] [--run-dir DIR]
Appends "unix_time,rss_mib[,window_samples]" lines to OUT_PREFIX.csv every SECONDS (30) while
PID lives (a killed sampler resumes the same file), then draws OUT_PREFIX.png. With --run-dir,
each sample also records the replay window's size from the run's newest progress event in
metrics.jsonl, since a window that grows with the run is memory that grows by design.
`--plot-only` draws the PNG from an existing CSV. Needs Debian's python3-matplotlib.
"""
import argparse
import json
import os
import sys
import time


def resident_mib(pid):
    """VmRSS of the process in MiB, or None once it has ended."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None


def window_samples(run_dir):
    """The replay window's size in the newest progress event of RUN_DIR/metrics.jsonl."""
    path = os.path.join(run_dir, "metrics.jsonl")
    try:
        with open(path, "rb") as f:
            f.seek(max(0, os.path.getsize(path) - 65536))
            lines = f.read().decode("utf-8", "replace").splitlines()
    except OSError:
        return None
    for line in reversed(lines):
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        if event.get("event") == "progress" and "window" in event:
            return event["window"]
    return None


def plot(csv_path, png_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = []
    with open(csv_path) as f:
        for line in f:
            parts = line.strip().split(",")
            if len(parts) >= 2:
                rows.append([float(p) if p else None for p in parts])
    if not rows:
        sys.exit(f"error: {csv_path}: no samples")
    start = rows[0][0]
    minutes = [(r[0] - start) / 60.0 for r in rows]
    fig, left = plt.subplots(figsize=(8, 4.5))
    left.plot(minutes, [r[1] for r in rows], color="tab:blue", label="resident memory")
    left.set_xlabel("minutes")
    left.set_ylabel("resident memory (MiB)", color="tab:blue")
    windows = [(m, r[2]) for m, r in zip(minutes, rows) if len(r) > 2 and r[2] is not None]
    if windows:
        right = left.twinx()
        right.plot([m for m, _ in windows], [w for _, w in windows], color="tab:orange")
        right.set_ylabel("replay window (positions)", color="tab:orange")
    left.set_title(os.path.basename(csv_path))
    fig.tight_layout()
    tmp = png_path + ".tmp.png"
    fig.savefig(tmp)
    os.replace(tmp, png_path)
    print(f"wrote {png_path} ({len(rows)} samples over {minutes[-1]:.1f} minutes)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pid", type=int)
    parser.add_argument("out_prefix")
    parser.add_argument("--every", type=float, default=30.0)
    parser.add_argument("--run-dir")
    parser.add_argument("--plot-only", action="store_true")
    args = parser.parse_args()
    if args.every <= 0:
        sys.exit(f"error: --every: {args.every} is not allowed; expected a positive number")
    csv_path, png_path = args.out_prefix + ".csv", args.out_prefix + ".png"
    if not args.plot_only:
        if resident_mib(args.pid) is None:
            sys.exit(f"error: process {args.pid}: not running")
        while (rss := resident_mib(args.pid)) is not None:
            window = window_samples(args.run_dir) if args.run_dir else None
            with open(csv_path, "a") as f:
                f.write(f"{time.time():.0f},{rss:.1f},{'' if window is None else window}\n")
            time.sleep(args.every)
    plot(csv_path, png_path)


if __name__ == "__main__":
    main()
