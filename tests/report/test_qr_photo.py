# SPDX-License-Identifier: MIT
"""pagecolor-report --qr: the summary's QR code read back from a "photo".

The code is made by the kernel's own encoder on the host (build/qrencode,
kernel/qr.c) from a summary text built as bench/summary.c builds it, then
photographed in software: small, turned by 7 degrees, on a grey gradient
with noise (matplotlib), saved as PNG. zbarimg must read it and the tool
must give back the ratios and marks."""
import csv
import os
import subprocess

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOL = os.path.join(ROOT, "tools", "pagecolor-report")
ENC = os.path.join(ROOT, "build", "qrencode")

SUMMARY = ("pagecolor colored/uncolored time, 5+5 runs, ~: 95% CI has 1\n"
           "ws seq rand FFT\n"
           "4K 0.994~ 0.997~ -\n"
           "16K 0.995 0.994~ 1.003~\n"
           "1M 0.983~ 0.987? 0.986\n"
           "faster 4/31 slower 0 best 0.975 seq 32K\n"
           "under TCGTCGTCGTCG: emulator time\n")


@pytest.fixture(scope="module")
def photo(tmp_path_factory):
    subprocess.run(["make", "--no-print-directory", "-C", ROOT, "build/qrencode"], check=True,
                   capture_output=True)
    d = tmp_path_factory.mktemp("qr")
    pgm = d / "code.pgm"
    with open(pgm, "wb") as f:
        subprocess.run([ENC, "3"], input=SUMMARY.encode(), stdout=f, check=True, capture_output=False)
    raw = pgm.read_bytes()
    head = raw.split(b"\n", 3)
    w, h = map(int, head[1].split())
    img = np.frombuffer(head[3], dtype=np.uint8).reshape(h, w).astype(float) / 255
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.transforms import Affine2D
    rng = np.random.default_rng(7)
    fig = plt.figure(figsize=(6, 5), dpi=100)
    ax = fig.add_axes([0, 0, 1, 1])
    ax.imshow(np.linspace(0.35, 0.6, 500)[None, :] * np.ones((400, 1)), cmap="gray", vmin=0, vmax=1,
              extent=(0, 600, 0, 500))
    shade = 0.1 + 0.78 * img + rng.normal(0, 0.04, img.shape)  # not black and white, noisy
    ax.imshow(np.clip(shade, 0, 1), cmap="gray", vmin=0, vmax=1, extent=(150, 150 + w, 80, 80 + h),
              transform=Affine2D().rotate_deg_around(150 + w / 2, 80 + h / 2, 7) + ax.transData)
    ax.set_xlim(0, 600)
    ax.set_ylim(0, 500)
    ax.axis("off")
    out = d / "photo.png"
    fig.savefig(out)
    plt.close(fig)
    return out


def test_photo_gives_back_the_summary(photo, tmp_path):
    c = tmp_path / "qr.csv"
    r = subprocess.run(["/usr/bin/python3", TOOL, "--qr", str(photo), "--csv", str(c)], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout == SUMMARY
    rows = list(csv.DictReader(open(c)))
    got = {(int(x["ws_bytes"]), x["column"]): (float(x["ratio"]), x["includes_one"]) for x in rows}
    assert got == {(4096, "seq"): (0.994, "True"), (4096, "rand"): (0.997, "True"),
                   (16384, "seq"): (0.995, "False"), (16384, "rand"): (0.994, "True"),
                   (16384, "fft"): (1.003, "True"), (1 << 20, "seq"): (0.983, "True"),
                   (1 << 20, "rand"): (0.987, ""), (1 << 20, "fft"): (0.986, "False")}


def test_photo_without_code_is_refused(tmp_path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    p = tmp_path / "blank.png"
    plt.imsave(p, np.full((50, 50), 0.5), cmap="gray")
    r = subprocess.run(["/usr/bin/python3", TOOL, "--qr", str(p)], capture_output=True, text=True)
    assert r.returncode == 2 and "no pagecolor QR code found" in r.stderr


def test_encoder_states_its_limit():
    subprocess.run(["make", "--no-print-directory", "-C", ROOT, "build/qrencode"], check=True,
                   capture_output=True)
    r = subprocess.run([ENC], input=b"x" * 521, capture_output=True)
    assert r.returncode == 1 and b"at most 520" in r.stderr
