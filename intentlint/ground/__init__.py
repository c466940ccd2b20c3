"""The shared ground floor: record types, errors, configuration, git plumbing, globs,
RE2 patterns and TOML. Everything else stands on it; it imports nothing above it.
"""
