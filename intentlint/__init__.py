"""intentlint: keep a repository's still-valid decisions enforced at commit time."""

__version__ = "0.2.0"
