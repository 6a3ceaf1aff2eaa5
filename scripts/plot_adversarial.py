#!/usr/bin/env python3
"""Turns the adversarial broadphase benchmark's JSON (issue 33) into a plot and Markdown tables.

Usage (see docs/benchmarks.md, "Broadphase: adversarial workloads", for the command that produces the JSON):
    /usr/bin/python3 scripts/plot_adversarial.py docs/benchmarks/adversarial.json [docs/broadphase_adversarial.png]

Writes the plot (default docs/broadphase_adversarial.png): per workload, each peer's mean step time on a log
scale with its p99 step as a tick, and below it the insertion benchmarks (ns per insertion). Prints to stdout
the tables for docs/benchmarks.md: per workload, mean (p99) per peer, the tree's time as a share of the
grid and the sort-and-sweep rebuilt every step (the no-cliff condition: tree <= grid rebuilt), the pairs,
the same for the p99 step, the pairs, the pairs the tree tracks and their ratio to (pairs + proxies); then the
insertion figures. Mean and p99 are those of each step's fastest time over the benchmark's runs. It edits no file
but the plot.

Needs matplotlib (Debian: python3-matplotlib; a pyenv `python3` may lack it, hence /usr/bin/python3).
"""

import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_PLOT = os.path.join(ROOT, "docs", "broadphase_adversarial.png")
PEERS = ["tree", "grid-rebuilt", "sap-rebuilt", "box2d", "bullet"]
STYLES = {"tree": ("C3", "DynamicAabbTree"), "grid-rebuilt": ("C7", "uniform grid, rebuilt every step"),
          "sap-rebuilt": ("C1", "sort-and-sweep, rebuilt every step"), "box2d": ("C0", "Box2D 2.4.1"),
          "bullet": ("C2", "Bullet 3.24 (btDbvt)")}
INSERT_PEERS = ["tree", "bullet", "box2d"]


def load(path):
    """{benchmark name without the /iterations:1/manual_time suffix: entry}, medians when repeated."""
    with open(path) as f:
        doc = json.load(f)
    runs, medians = {}, {}
    for entry in doc["benchmarks"]:
        name = entry.get("run_name", entry["name"]).replace("/iterations:1/manual_time", "")
        if entry.get("run_type") == "aggregate":
            if entry.get("aggregate_name") == "median":
                medians[name] = entry
        elif not entry.get("error_occurred"):
            runs.setdefault(name, entry)
        else:
            runs.setdefault(name, dict(entry, verified=0))
    runs.update(medians)
    return doc.get("context", {}), runs


def split(runs):
    """Workload names in the benchmark's order, and {(dim, order, count)} of the insertion rows."""
    workloads, inserts = [], []
    for name in runs:
        parts = name.split("/")
        if parts[0] == "insert":
            key = tuple(parts[1:4])
            if key not in inserts:
                inserts.append(key)
        else:
            workload = "/".join(parts[:-1])
            if workload not in workloads:
                workloads.append(workload)
    return workloads, inserts


def fmt_time(ns):
    if ns is None:
        return "—"
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.0f} µs"
    return f"{ns:.0f} ns"


def num(x, digits=0):
    return "—" if x is None or x != x else f"{x:,.{digits}f}"


def tables(runs, workloads, inserts):
    lines = ["| workload | tree | grid rebuilt | SAP rebuilt | Box2D | Bullet | tree ÷ grid | tree ÷ SAP | "
             "no cliff | p99: tree ÷ grid | pairs | proxies | tracked | tracked ÷ (pairs + proxies) |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |"]
    for w in workloads:
        cells = []
        for p in PEERS:
            e = runs.get(f"{w}/{p}")
            if e is None:
                cells.append("—")
            elif e.get("error_occurred"):
                cells.append("error")
            else:
                cells.append(f"{fmt_time(e['mean_ns'])} ({fmt_time(e['p99_ns'])})")
        tree, grid, sap = (runs.get(f"{w}/{p}") for p in ("tree", "grid-rebuilt", "sap-rebuilt"))
        to_grid = tree["mean_ns"] / grid["mean_ns"] if tree and grid else None
        to_sap = tree["mean_ns"] / sap["mean_ns"] if tree and sap else None
        cliff = "—" if to_grid is None else ("met" if to_grid <= 1.0 else "**NOT met**")
        p99_to_grid = tree["p99_ns"] / grid["p99_ns"] if tree and grid else None
        cells += [num(to_grid, 2), num(to_sap, 2), cliff, num(p99_to_grid, 2)]
        cells += [num(tree.get("exact")) if tree else "—", num(tree.get("proxies")) if tree else "—",
                  num(tree.get("tracked_pairs")) if tree else "—", num(tree.get("tracked_ratio"), 2) if tree else "—"]
        lines.append(f"| {w} | " + " | ".join(cells) + " |")
    if inserts:
        lines += ["", "| insertion | N | tree ns / insert (height, area ratio) | Bullet | Box2D |",
                  "| --- | ---: | ---: | ---: | ---: |"]
        for dim, order, count in inserts:
            cells = []
            for p in INSERT_PEERS:
                e = runs.get(f"insert/{dim}/{order}/{count}/{p}")
                if e is None:
                    cells.append("—")
                elif e.get("error_occurred"):
                    cells.append(e.get("error_message", "error"))
                else:
                    cells.append(f"{e['ns_per_insert']:.0f} ({num(e['height'])}, {num(e['area_ratio'], 1)})")
            lines.append(f"| {dim} {order} | {int(count):,} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def plot(runs, workloads, inserts, path):
    rows = 2 if inserts else 1
    fig, axes = plt.subplots(rows, 1, figsize=(15, 5.5 * rows), squeeze=False)
    ax = axes[0][0]
    width = 0.8 / len(PEERS)
    for k, p in enumerate(PEERS):
        xs, means, p99s = [], [], []
        for i, w in enumerate(workloads):
            e = runs.get(f"{w}/{p}")
            if e and not e.get("error_occurred"):
                xs.append(i + (k - (len(PEERS) - 1) / 2) * width)
                means.append(e["mean_ns"] / 1e6)
                p99s.append(e["p99_ns"] / 1e6)
        color, label = STYLES[p]
        ax.bar(xs, means, width, color=color, label=label)
        ax.scatter(xs, p99s, marker="_", color="black", s=60, zorder=3)
    ax.set_yscale("log")
    ax.set_xticks(range(len(workloads)))
    ax.set_xticklabels(workloads, rotation=20, ha="right")
    ax.set_ylabel("mean step time (ms); tick: p99 step")
    ax.grid(True, axis="y", which="both", alpha=0.3)
    ax.legend(fontsize=9, ncol=len(PEERS), loc="upper left")
    ax.set_title("Adversarial workloads (issue 33): step time per peer (log scale, lower is better); "
                 "Box2D is 2D: flat scenes only")
    if inserts:
        ax = axes[1][0]
        width = 0.8 / len(INSERT_PEERS)
        for k, p in enumerate(INSERT_PEERS):
            xs, ys = [], []
            for i, (dim, order, count) in enumerate(inserts):
                e = runs.get(f"insert/{dim}/{order}/{count}/{p}")
                if e and not e.get("error_occurred"):
                    xs.append(i + (k - (len(INSERT_PEERS) - 1) / 2) * width)
                    ys.append(e["ns_per_insert"])
            ax.bar(xs, ys, width, color=STYLES[p][0], label=STYLES[p][1])
        ax.set_yscale("log")
        ax.set_xticks(range(len(inserts)))
        ax.set_xticklabels([f"{d} {o}\nN={int(c):,}" for d, o, c in inserts], fontsize=8)
        ax.set_ylabel("ns per insertion (one at a time)")
        ax.grid(True, axis="y", which="both", alpha=0.3)
        ax.legend(fontsize=9)
        ax.set_title("Inserting a static scene one proxy at a time, by order")
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    _, runs = load(sys.argv[1])
    workloads, inserts = split(runs)
    path = sys.argv[2] if len(sys.argv) == 3 else DEFAULT_PLOT
    plot(runs, workloads, inserts, path)
    print(tables(runs, workloads, inserts))
    print(f"\nwrote {os.path.relpath(path, ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
