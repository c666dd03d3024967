"""Shared test helpers (importable as ``helpers``; tests/conftest.py puts
tests/ on sys.path)."""
