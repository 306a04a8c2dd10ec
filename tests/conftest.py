# SPDX-License-Identifier: MIT
"""tests/ on the import path: modules every suite shares (alpha_tools.py)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
