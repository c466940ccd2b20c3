"""Dates as ADRs write them, made `YYYY-MM-DD` where that is certain.

"2024-10-31 :ghost:", "31 October 2024", "October 31, 2024", "31/10/2024" have one reading.
"08/01/24" has several (day or month first; which part is the year): it is not guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

_MONTHS = {name: i for i, names in enumerate(
    ("january jan", "february feb", "march mar", "april apr", "may", "june jun",
     "july jul", "august aug", "september sep sept", "october oct", "november nov",
     "december dec"), start=1) for name in names.split()}
_MONTH = r"(?P<month>[A-Za-z]{3,9})\.?"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>\d{4})"
_ISO = re.compile(r"^(?P<year>\d{4})[-/.](?P<month>\d{1,2})[-/.](?P<day>\d{1,2})(?!\d)")
_WORDS = (re.compile(rf"^{_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}\b", re.IGNORECASE),
          re.compile(rf"^{_MONTH}\s+{_DAY},?\s+{_YEAR}\b", re.IGNORECASE))
_MONTH_YEAR = re.compile(rf"^{_MONTH},?\s+{_YEAR}$", re.IGNORECASE)
_NUMERIC = re.compile(r"^(?P<a>\d{1,2})(?P<sep>[/.-])(?P<b>\d{1,2})(?P=sep)"
                      r"(?P<y>\d{2}|\d{4})(?!\d)")
_DECORATION = re.compile(r"^[\s*_`~\"']+|:[a-z][a-z0-9_+-]*:")


@dataclass(frozen=True, slots=True)
class ReadDate:
    iso: str | None  # YYYY-MM-DD, when the text has one reading
    note: str  # what `explain` shows beside it: the form as written, or why there is no date
    problem: str = ""  # reported under the listing: an ambiguous or unreadable date


def read_date(raw: str) -> ReadDate:
    text = _DECORATION.sub(" ", raw).strip()
    iso = _iso(text)
    if iso:
        return ReadDate(iso, "" if iso == raw.strip() else f"date as written: {raw.strip()!r}")
    numeric = _NUMERIC.match(text)
    if numeric:
        readings = _readings(int(numeric["a"]), int(numeric["b"]), numeric["y"])
        if len(readings) == 1:
            return ReadDate(readings.pop(), f"date as written: {raw.strip()!r}")
        if readings:
            why = f"date {raw.strip()!r} is ambiguous ({' or '.join(sorted(readings))})"
            return ReadDate(None, why + "; kept as written, not used to order",
                            why + "; write it as YYYY-MM-DD")
    month = _MONTH_YEAR.match(text)
    if month and _MONTHS.get(month["month"].lower()):
        # "March 2020" (cortexproject/cortex's proposals): a month, certain, with no day to
        # order by; nothing for the writer to fix.
        return ReadDate(None, f"date as written: {raw.strip()!r} (a month, no day); not used "
                              "to order")
    why = f"date {raw.strip()!r} is not a date intentlint reads"
    return ReadDate(None, why + "; not used to order", why + "; write it as YYYY-MM-DD")


def _iso(text: str) -> str | None:
    found = _ISO.match(text)
    if found:
        return _valid(int(found["year"]), int(found["month"]), int(found["day"]))
    for pattern in _WORDS:
        found = pattern.match(text)
        month = _MONTHS.get(found["month"].lower()) if found else None
        if found and month:
            return _valid(int(found["year"]), month, int(found["day"]))
    return None


def _readings(a: int, b: int, year: str) -> set[str]:
    """Day-first and month-first; a two-digit year is also read as the first part (24/08/01
    is ISO order to some writers), so "08/01/24" keeps all its readings."""
    years = [int(year)] if len(year) == 4 else [2000 + int(year)]
    out = {d for y in years for d in (_valid(y, b, a), _valid(y, a, b)) if d}
    if len(year) == 2:
        out |= {d for d in [_valid(2000 + a, b, int(year))] if d}
    return out


def _valid(year: int, month: int, day: int) -> str | None:
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return None
