# SPDX-License-Identifier: MIT
"""docs/log-format.md names every record, key and line prefix the kernel
prints: read from the kernel's format strings (init/, bench/, mm/, arch/,
kernel/) and from the real logs kept in tests/report/logs/. A real boot's log
is checked the same way by tests/boot/test_log_format.py (which imports the
helpers below)."""
import glob
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "log-format.md")
SOURCE_DIRS = ("init", "bench", "mm", "arch", "kernel")

LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
RECORD = re.compile(r"@([a-z_0-9]+)(?: |$)")
KEY = re.compile(r"(?:^| )([a-z_0-9]+)=")
PREFIX = re.compile(r"([A-Za-z][A-Za-z_0-9]*): ")


def c_strings(text):
    """The string literals of C source, adjacent ones joined (as the
    compiler does; a macro between two, as in "v" VERSION " x", stands for
    %s), comments left out, split at each \\n escape."""
    text = re.sub(r"/\*.*?\*/", lambda m: " " * len(m.group(0)), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    joined, cur, end = [], None, -1
    for m in LITERAL.finditer(text):
        gap = text[end:m.start()]
        if cur is not None and re.fullmatch(r"\s*(?:[A-Z_][A-Z_0-9]*\s*)?", gap):
            cur += ("%s" if gap.strip() else "") + m.group(1)  # "@header version=" PAGECOLOR_VERSION " ..."
        else:
            if cur is not None:
                joined.append(cur)
            cur = m.group(1)
        end = m.end()
    if cur is not None:
        joined.append(cur)
    return [part for s in joined for part in s.split("\\n")]


def source_strings():
    for d in SOURCE_DIRS:
        for path in sorted(glob.glob(os.path.join(ROOT, d, "**", "*.c"), recursive=True)):
            for s in c_strings(open(path).read()):
                yield os.path.relpath(path, ROOT), s


def emitted(strings):
    """(records {name: {key: where}}, loose keys {key: where}, prefixes
    {prefix: where}) from (where, text) pairs: text is a format string or
    a log line. A loose key is one printed in a piece added to a record
    (" ns_median=%s", "n=%u ws=%u")."""
    records, loose, prefixes = {}, {}, {}
    for where, s in strings:
        m = RECORD.match(s)
        if m:
            keys = records.setdefault(m.group(1), {})
            if m.group(1) != "cmdline":  # the rest of @cmdline is the command line
                for k in KEY.findall(s[m.end():]):
                    keys.setdefault(k, where)
        elif re.match(r" ?[a-z_0-9]+=", s):
            for k in KEY.findall(s):
                loose.setdefault(k, where)
        else:
            p = PREFIX.match(s)
            if p:
                prefixes.setdefault(p.group(1), where)
    return records, loose, prefixes


def documented(doc_text=None):
    """What docs/log-format.md names: {record: keys named in its section},
    every name in backquotes anywhere, and the human line prefixes (first
    column of the 'Human lines' table)."""
    text = doc_text if doc_text is not None else open(DOC).read()
    sections = {}
    for block in re.split(r"^(?=#{2,3} )", text, flags=re.M):
        head, _, body = block.partition("\n")
        for name in re.findall(r"`@([a-z_0-9]+)`", head) if head.startswith("### ") else ():
            sections[name] = set(re.findall(r"`([A-Za-z_0-9]+)[=`]", body))
    names = set(re.findall(r"`([A-Za-z_0-9]+)[=`]", text))
    human = text.split("\n## Human lines", 1)[1]
    prefixes = set()
    for row in re.findall(r"^\| ([^|]*) \|", human, flags=re.M):
        prefixes |= set(re.findall(r"`([A-Za-z_0-9]+)`", row))
    return sections, names, prefixes


def undocumented(records, loose, prefixes, doc_text=None):
    sections, names, doc_prefixes = documented(doc_text)
    missing = []
    for r, keys in sorted(records.items()):
        if r not in sections:
            missing.append(f"record @{r} ({next(iter(keys.values()), '')}): no '### `@{r}`' section")
            continue
        missing += [f"@{r} key {k} ({w})" for k, w in sorted(keys.items()) if k not in sections[r]]
    missing += [f"key {k} ({w})" for k, w in sorted(loose.items()) if k not in names]
    missing += [f"line prefix '{p}:' ({w})" for p, w in sorted(prefixes.items()) if p not in doc_prefixes]
    return missing


def log_strings(path):
    text = open(path, errors="replace").read().replace("\r", "")
    return [(os.path.basename(path), line) for line in text.split("\n")]


def test_every_record_key_and_prefix_in_the_source_is_documented():
    records, loose, prefixes = emitted(source_strings())
    # the scan sees the records it must (a scan that finds nothing passes nothing)
    assert {"header", "result", "ratio", "skip", "final", "leakcheck", "smp", "phase"} <= set(records), records
    assert {"cache_size", "tsc_khz", "seed"} <= set(records["header"]), records["header"]
    assert {"ns_median", "of", "flops_per_cycle"} <= set(loose), loose
    assert {"zone", "buddyinfo", "tsc", "coloring", "FAULT"} <= set(prefixes), prefixes
    missing = undocumented(records, loose, prefixes)
    assert not missing, "docs/log-format.md does not document:\n  " + "\n  ".join(missing)


def test_every_record_key_and_prefix_in_the_kept_logs_is_documented():
    strings = [s for path in sorted(glob.glob(os.path.join(ROOT, "tests", "report", "logs", "*.log")))
               for s in log_strings(path)]
    records, loose, prefixes = emitted(strings)
    assert len(records) >= 10 and "zone" in prefixes, (records, prefixes)
    missing = undocumented(records, loose, prefixes)
    assert not missing, "docs/log-format.md does not document:\n  " + "\n  ".join(missing)


def test_the_check_finds_what_is_missing():
    text = open(DOC).read()
    records, loose, prefixes = emitted([("x.c", "@header version=%s tsc_khz=%u new_key=%u"),
                                        ("x.c", "@newrecord a=%u"), ("x.c", " ns_median=%s other_key=%u"),
                                        ("x.c", "newprefix: something"), ("x.c", "zone: name=%s")])
    assert undocumented(records, loose, prefixes, text) == [
        "@header key new_key (x.c)", "record @newrecord (x.c): no '### `@newrecord`' section",
        "key other_key (x.c)", "line prefix 'newprefix:' (x.c)"]
