"""Chess variants: a desktop collection of sixteen games and orthodox chess."""

__version__ = "0.1.0"
