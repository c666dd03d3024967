"""Searches in tests stop at their depth or node limit, never on the clock: a
loaded machine must not make a test's bot play worse. Pass ``**UNTIMED`` to
``make_bot`` or ``think_now``; its time limit is never met."""

UNTIMED = {"time_limit": 1e9, "time_cap": 1e9}
