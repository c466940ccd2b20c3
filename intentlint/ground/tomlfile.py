"""TOML for every reader: `tomllib` from Python 3.11, the `tomli` backport before."""

from __future__ import annotations

import sys

if sys.version_info >= (3, 11):
    from tomllib import TOMLDecodeError, loads
else:  # pragma: no cover - exercised on 3.10 only
    from tomli import TOMLDecodeError, loads

__all__ = ["TOMLDecodeError", "loads"]
