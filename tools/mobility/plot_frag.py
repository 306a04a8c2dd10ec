#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plot bench=frag's success rates from a serial log (grouping by mobility).

    tools/mobility/plot_frag.py LOG OUT.png

One panel per way (as memory stands, with reclaim, with compaction, with
both): success rate in % (mean over runs, error bars = sd) against the order,
grouping on and off; the title gives the clean page blocks (holding no
unmovable page) at order 10. Reads the '@result bench=frag ...' lines."""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def results(path):
    out = {}
    with open(path, errors="replace") as f:
        for line in f:
            if not line.startswith("@result bench=frag "):
                continue
            d = dict(t.split("=", 1) for t in line.split()[1:] if "=" in t)
            if "skipped" in d:
                continue
            out[(d["grouping"], d["reclaim"], d["compaction"], int(d["order"]))] = d
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    res = results(sys.argv[1])
    if not res:
        sys.exit(f"{sys.argv[1]}: no '@result bench=frag' lines")
    ways = [("off", "off", "as memory stands"), ("on", "off", "with reclaim"),
            ("off", "on", "with compaction"), ("on", "on", "reclaim + compaction")]
    ways = [w for w in ways if any(k[1:3] == w[:2] for k in res)]
    fig, axes = plt.subplots(1, len(ways), figsize=(4 * len(ways), 3.6), sharey=True)
    for ax, (rec, comp, title) in zip(axes, ways):
        for g, style in (("on", "o-"), ("off", "s--")):
            pts = sorted((o, float(d["success_pct"]), float(d["success_pct_sd"]))
                         for (gg, r, c, o), d in res.items() if (gg, r, c) == (g, rec, comp))
            if not pts:
                continue
            ax.errorbar([p[0] for p in pts], [p[1] for p in pts], yerr=[p[2] for p in pts], fmt=style,
                        capsize=3, label=f"grouping {g}")
        clean = {g: res.get((g, rec, comp, 10), {}).get("clean_blocks", "?") for g in ("on", "off")}
        ax.set_title(f"{title}\nclean blocks: on {clean['on']}, off {clean['off']}", fontsize=9)
        ax.set_xlabel("order")
        ax.set_xticks(range(3, 11))
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("successful attempts, %")
    axes[0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=110)


if __name__ == "__main__":
    main()
