#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""copy-plot.py - throughput against alignment per strategy, from the
serial log of a boot with bench=copy (a real PC's or QEMU's).

usage: /usr/bin/python3 tools/copy-plot.py LOG OUT.png [--title TEXT]

Reads the "@result bench=copy test=T strategy=S src_align=A dst_align=B ...
median=M ... mb_s_median=X" lines and draws three panels (the file read
with the destination misaligned 0..32; 256 KiB copies with the destination
misaligned; with the source misaligned), one line per strategy, MB/s
(median over runs) against the misalignment; without a TSC rate (no
mb_s_median) the panels show the log's unit. The @header line's CPU and
hypervisor go in the title, so a plot of emulator timings says so. Needs
python3-matplotlib. Exit status 1 when the log has no bench=copy result.
"""
import re
import sys

PAIR_RE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=(\S+)")
STRATEGIES = ["movsl", "int64", "movsb", "align", "mmx", "sse2", "nt"]
PANELS = [("file", "dst_align", "file read in 8192-byte chunks, dst misaligned"),
          ("dst", "dst_align", "256 KiB copies, src aligned, dst misaligned"),
          ("src", "src_align", "256 KiB copies, dst aligned, src misaligned")]


def main(argv):
    args = [a for a in argv if not a.startswith("--title")]
    title = None
    for i, a in enumerate(argv):
        if a == "--title" and i + 1 < len(argv):
            title = argv[i + 1]
            args = [x for x in args if x != title]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    log, out = args
    results, header = [], {}
    with open(log, errors="replace") as f:
        for line in f:
            line = line.strip()
            if line.startswith("@result bench=copy "):
                results.append(dict(PAIR_RE.findall(line)))
            elif line.startswith("@header "):
                header = dict(PAIR_RE.findall(line))
    if not results:
        print("copy-plot.py: no '@result bench=copy' line in %s" % log, file=sys.stderr)
        return 1
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    mb = "mb_s_median" in results[0]
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    for ax, (test, col, sub) in zip(axes, PANELS):
        for s in STRATEGIES:
            q = sorted((int(r[col]), float(r["mb_s_median"] if mb else r["median"]))
                       for r in results if r["test"] == test and r["strategy"] == s)
            if test == "src":  # the 0/0 point is the dst test's
                q = sorted(q + [(0, float(r["mb_s_median"] if mb else r["median"]))
                                for r in results if r["test"] == "dst" and r["strategy"] == s
                                and r["dst_align"] == "0"])
            if q:
                ax.plot([x for x, _ in q], [y for _, y in q], marker="o", markersize=3, label=s)
        ax.set_title(sub, fontsize=9)
        ax.set_xlabel(col.replace("_", " ") + " (bytes)")
        ax.set_ylabel("MB/s (median)" if mb else results[0]["unit"] + " (median)")
        ax.set_ylim(bottom=0)
        ax.grid(True, alpha=0.3)
    axes[0].legend(fontsize=8)
    hv = header.get("hypervisor", "none")
    fig.suptitle(title or "bench=copy: %s family %s model %s%s" % (
        header.get("cpu_vendor", "?"), header.get("family", "?"), header.get("model", "?"),
        "" if hv in ("none", "no", "") else ", under hypervisor %s: EMULATOR timings" % hv), fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    print("copy-plot.py: wrote %s (%d results)" % (out, len(results)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
