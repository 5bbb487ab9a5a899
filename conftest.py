"""Test-wide settings.

Hypothesis' per-example deadline is off: CI runs on shared, noisy machines where one slow
example says nothing about the code (timing is measured in ``benchmarks/``, never by tests).
"""

from hypothesis import settings

settings.register_profile("project", deadline=None)
settings.load_profile("project")
