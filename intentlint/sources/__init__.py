"""Where decisions are written: the decisions log, ADR folders and commit messages,
each parsed into records as its authors wrote them.
"""
