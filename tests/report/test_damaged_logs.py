# SPDX-License-Identifier: MIT
"""tools/pagecolor-report on damaged serial captures: a capture cut inside a
line, noise bytes in a value, two boots appended to one file (picocom
--logfile, screen -L), CRLF, NUL bytes, text that is not UTF-8, repeated or
reordered lines. The tool's contract: exit 0, or 2 with a message; never a
traceback; a damaged record is skipped with a warning naming its line, never
used.

The examples are the failing inputs of the outside tester's report; the
property test (Debian's python3-hypothesis) damages the kept logs under
tests/report/logs at random, derandomized and without an example database so
that every run tries the same inputs."""
import contextlib
import io
import json
import os
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_pagecolor_report import HERE, LOG, LOG2, TOOL, rep

# the corpus: every kept log (not the model's counts beside them), the
# default run's log first and the EPYC one second (the examples use them)
LOGS = [LOG, LOG2] + [os.path.join(HERE, "logs", f) for f in sorted(os.listdir(os.path.join(HERE, "logs")))
                      if f.endswith(".log") and os.path.join(HERE, "logs", f) not in (LOG, LOG2)]
CORPUS = [open(p, "rb").read() for p in LOGS]


def run(*args):
    return subprocess.run(["/usr/bin/python3", TOOL, *args], capture_output=True, text=True)


def lines_of(data):
    return data.split(b"\n")


def result_line_start(data, nth=0):
    """The offset of the nth '@result' line's start."""
    i = -1
    for _ in range(nth + 1):
        i = data.index(b"\n@result ", i + 1)
    return i + 1


def test_capture_cut_inside_a_result_line(tmp_path):
    """Failing input: the capture ends 60 bytes into the first @result line
    (was: KeyError 'median', exit 1, with --plot)."""
    data = CORPUS[0]
    cut = tmp_path / "cut.log"
    start = result_line_start(data)
    cut.write_bytes(data[:start + 60])
    r = run("--plot", str(tmp_path / "cut.png"), str(cut))
    assert r.returncode == 2, r
    assert "Traceback" not in r.stderr
    n = data[:start].count(b"\n") + 1
    assert f"line {n}: the capture ends inside this line" in r.stderr, r.stderr
    # cut after a few points: those are plotted, the cut one is not
    start = result_line_start(data, 6)
    cut.write_bytes(data[:start + 100])
    r = run("--plot", str(tmp_path / "cut.png"), "--json", str(tmp_path / "cut.json"), str(cut))
    assert r.returncode == 0 and "Traceback" not in r.stderr, r
    res = json.load(open(tmp_path / "cut.json"))["logs"][0]["results"]
    assert len(res) == 6 and os.path.getsize(tmp_path / "cut.png") > 10000


def test_noise_byte_inside_a_value(tmp_path):
    """Failing input: 'median=8.4\\xff39' (was: TypeError, exit 1, with
    --plot): the record is skipped with a warning naming its line, the
    others are used."""
    data = CORPUS[0]
    start = result_line_start(data)
    line = data[start:data.index(b"\n", start)]
    assert b" median=8.439 " in line
    bad = tmp_path / "noise.log"
    bad.write_bytes(data[:start] + line.replace(b"median=8.439", b"median=8.4\xff39") + data[start + len(line):])
    r = run("--plot", str(tmp_path / "n.png"), "--json", str(tmp_path / "n.json"), str(bad))
    assert r.returncode == 0 and "Traceback" not in r.stderr, r
    n = data[:start].count(b"\n") + 1
    assert f"line {n}: damaged @result line" in r.stderr, r.stderr
    res = json.load(open(tmp_path / "n.json"))["logs"][0]["results"]
    clean = rep.parse_log(LOG)["results"]
    assert len(res) == len(clean) - 1
    assert not [r for r in res if r["pattern" if "pattern" in r else "n"] in ("seq",) and r["ws"] == 4096
                and r["color"] == "on"]
    # printable noise in a number is damage too
    bad.write_bytes(data[:start] + line.replace(b"median=8.439", b"median=8.4x39") + data[start + len(line):])
    r = run(str(bad))
    assert r.returncode == 0 and f"line {n}: damaged @result line: median='8.4x39' is not" in r.stderr, r.stderr


def test_two_boots_in_one_capture(tmp_path):
    """Failing input: two boots appended to one file (was: one log, two
    machines' caches in one title, 124 results under one header). Each
    @header starts a log of its own, named FILE#1, FILE#2."""
    both = tmp_path / "two.log"
    both.write_bytes(CORPUS[0] + CORPUS[1])
    logs = rep.parse_logs(str(both))
    assert [lg["label"] for lg in logs] == ["two#1", "two#2"]
    a, b = rep.parse_log(LOG), rep.parse_log(LOG2)
    for got, want in zip(logs, (a, b)):
        assert got["results"] == want["results"] and got["header"] == want["header"]
        assert got["caches"] == want["caches"] and got["cpu"] == want["cpu"]
    assert len(logs[0]["results"]) == 62 and logs[1]["cpu"]["vendor"] == "AuthenticAMD"
    r = run(str(both))
    assert r.returncode == 0, r
    assert "2 boots in one capture" in r.stderr and "two#2 (from line" in r.stderr, r.stderr
    assert r.stdout.count("two#") >= 2  # one title line per boot, one column each
    # the first boot cut inside a line by the reset: the second still starts anew
    start = result_line_start(CORPUS[0], 10)
    both.write_bytes(CORPUS[0][:start + 40] + CORPUS[1])
    logs = rep.parse_logs(str(both))
    assert len(logs) == 2 and len(logs[0]["results"]) == 10 and logs[1]["results"] == b["results"]


def test_fft_only_log_plots(tmp_path):
    """A log with FFT points and no stride points (bench=fft) plots (the
    FFT markers once took their fill colour from the stride loop)."""
    keep = [ln for ln in lines_of(CORPUS[0]) if not ln.startswith((b"@result bench=stride", b"@ratio bench=stride"))]
    f = tmp_path / "fft.log"
    f.write_bytes(b"\n".join(keep))
    r = run("--plot", str(tmp_path / "fft.png"), str(f))
    assert r.returncode == 0 and "Traceback" not in r.stderr, r


def test_repeated_line_is_not_used_twice(tmp_path):
    data = CORPUS[0]
    start = result_line_start(data, 3)
    end = data.index(b"\n", start) + 1
    f = tmp_path / "rep.log"
    f.write_bytes(data[:end] + data[start:end] + data[end:])
    log = rep.parse_log(str(f))
    assert len(log["results"]) == 62
    assert any("a second record for what line" in w for w in log["warnings"]), log["warnings"]


# ---- the property test over damaged logs -----------------------------------

SCHEMA_KEYS = {"stride": ("bench", "pattern", "ws", "color", "runs", "min", "median", "mean", "stddev", "ns_median",
                          "hits", "misses", "unit", "policy"),
               "fft": ("bench", "n", "ws", "color", "runs", "min", "median", "mean", "stddev", "ns_median", "hits",
                       "misses", "unit", "policy"),
               "ratio": ("bench", "pattern", "n", "ws", "ratio", "lo", "hi", "level", "includes_one", "runs_on",
                         "runs_off")}


def fields(r, kind):
    return tuple((k, r.get(k)) for k in SCHEMA_KEYS[kind])


CLEAN = set()
for _p in LOGS:
    _lg = rep.parse_log(_p)
    CLEAN.update(fields(r, r["bench"]) for r in _lg["results"])
    CLEAN.update(fields(r, "ratio") for r in _lg["ratios"])

# Noise that leaves a trace: control bytes, bytes that are not ASCII
# (alone they are not UTF-8 either), NUL. Damage that leaves a well-formed
# record (one digit turned into another) cannot be told from data.
NOISE = st.binary(min_size=1, max_size=4).map(
    lambda b: bytes(c if c >= 0x80 or c < 0x20 and c not in (10, 13) else c | 0x80 for c in b))


@st.composite
def damaged(draw):
    data = CORPUS[draw(st.integers(0, len(CORPUS) - 1))]
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["cut", "noise", "nul", "dup", "swap", "drop", "crlf", "append", "cutappend"]))
        pos = draw(st.integers(0, max(len(data) - 1, 0)))
        lines = lines_of(data)
        i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        if op == "cut":
            data = data[:pos]
        elif op == "noise":
            data = data[:pos] + draw(NOISE) + data[pos:]
        elif op == "nul":
            data = data[:pos] + b"\0" * draw(st.integers(1, 8)) + data[pos + 1:]
        elif op == "dup":
            data = b"\n".join(lines[:i + 1] + [lines[i]] + lines[i + 1:])
        elif op == "swap":
            lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        elif op == "drop":
            data = b"\n".join(lines[:i] + lines[i + 1:])
        elif op == "crlf":
            data = data.replace(b"\n", b"\r\n")
        else:  # another boot appended, after a whole capture or one cut anywhere
            other = CORPUS[draw(st.integers(0, len(CORPUS) - 1))]
            data = (data if op == "append" else data[:pos]) + other
    return data


@settings(max_examples=120, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(damaged())
def test_damaged_logs_exit_0_or_2_and_use_no_damaged_record(tmp_path_factory, data):
    d = tmp_path_factory.mktemp("dmg")
    f = d / "capture.log"
    f.write_bytes(data)
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        try:
            rc = rep.main([str(f), "--csv", str(d / "o.csv"), "--json", str(d / "o.json")])
        except SystemExit as e:  # argparse only
            rc = e.code
    assert rc in (0, 2), err.getvalue()
    if rc == 2:
        assert err.getvalue().startswith("pagecolor-report: "), err.getvalue()
        return
    for lg in json.load(open(d / "o.json"))["logs"]:
        for r in lg["results"]:
            assert fields(r, r["bench"]) in CLEAN, r
        for r in lg["ratios"]:
            assert fields(r, "ratio") in CLEAN, r


def test_property_inputs_reach_the_damage_paths(tmp_path):
    """The strategy produces records the parser must skip while it still
    uses the rest (a property test whose inputs were all clean, or all
    rejected outright, would prove nothing)."""
    from hypothesis import find
    f = tmp_path / "x.log"

    def skips_some_uses_rest(data):
        f.write_bytes(data)
        try:
            logs = rep.parse_logs(str(f))
        except rep.NotALog:
            return False
        return any(lg["results"] and any("damaged @result" in w for w in lg["warnings"]) for lg in logs)

    assert find(damaged(), skips_some_uses_rest, settings=settings(database=None, derandomize=True, deadline=None,
                                                                   max_examples=200))


@pytest.mark.parametrize("path", LOGS)
def test_kept_logs_parse_clean(path):
    """The undamaged logs give no warning about a damaged line."""
    for lg in rep.parse_logs(path):
        assert not [w for w in lg["warnings"] if "damaged" in w or "line " in w], lg["warnings"]


def test_warnings_escape_control_bytes_and_a_damaged_header_is_named(tmp_path):
    """Failing inputs of an outside trial: a damaged line's warning quoted
    it raw (an injected '\\x1b]0;PWNED\\x07' set the terminal's title, a NUL
    went out as is); a log whose @header line was cut or held a noise byte was
    refused as having no '@header' line at all."""
    data = CORPUS[0]
    start = result_line_start(data)
    f = tmp_path / "esc.log"
    f.write_bytes(data[:start + 20] + b"\x1b]0;PWNED\x07\x00" + data[start + 20:])
    r = subprocess.run(["/usr/bin/python3", TOOL, str(f)], capture_output=True)
    assert r.returncode == 0, r
    assert b"\x1b" not in r.stderr and b"\x00" not in r.stderr and b"\x07" not in r.stderr
    assert b"\\x1b]0;PWNED\\x07\\x00" in r.stderr, r.stderr
    h = data.index(b"\n@header ") + 1
    for name, bad in (("noise", data[:h + 30] + b"\xff" + data[h + 31:]), ("cut", data[:h + 40])):
        f = tmp_path / f"{name}.log"
        f.write_bytes(bad)
        r = run(str(f))
        assert r.returncode == 2 and "Traceback" not in r.stderr, r
        assert "no usable '@header' line" in r.stderr and "not a pagecolor log" not in r.stderr, r.stderr
