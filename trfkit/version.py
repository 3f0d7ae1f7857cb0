"""trfkit's version, in a module of its own: the cache key of ``check --cache`` and the
SARIF report name it, and a leaf module is what they may import from any layer
(``pyproject.toml``'s ``[tool.hatch.version]`` reads it here)."""

__version__ = "0.1.0"
