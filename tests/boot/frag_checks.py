# SPDX-License-Identifier: MIT
"""bench=frag's records checked the same on every kernel (x86's
test_mobility.py, the Alpha kernel's test_alpha_bench.py): the orders and
ways it reports, and what holds at each point."""

ORDERS = [10, 9, 8, 7, 6, 5, 4, 3]
WAYS = [("off", "off"), ("on", "off"), ("off", "on"), ("on", "on")]  # (reclaim, compaction)


def check_point(r, stands, reclaim, compaction):
    """One @result bench=frag point r, against the same grouping's and
    order's point as memory stands (no reclaim, no compaction): counts in
    range, the block census adding up, the same churn before every way, and
    reclaim or compaction only adding to what memory gives as it stands."""
    attempts, successes = int(r["attempts"]), int(r["successes"])
    assert 0 < attempts <= 160 and 0 <= successes <= attempts, r
    blocks, clean, with_u = int(r["blocks"]), int(r["clean_blocks"]), int(r["with_unmovable"])
    assert clean + with_u == blocks, r
    assert with_u >= int(r["min_unmovable_blocks"]) >= 1, r
    assert (r["clean_blocks"], r["mixed"]) == (stands["clean_blocks"], stands["mixed"]), (r, stands)
    assert successes >= int(stands["successes"]), (r, stands)
    if compaction == "off":
        assert float(r["moved_per_success"]) == 0, r
    if reclaim == "off":
        assert float(r["reclaimed_per_success"]) == 0, r
