"""Test-wide settings.

Hypothesis' per-example deadline is off: CI runs on shared, noisy machines where one slow
example says nothing about the code (timing is measured in ``benchmarks/``, never by tests).

A test run started in the background by a non-interactive shell (``cmd &`` in a script, as
some CI runners and ``nohup`` do) inherits SIGINT *ignored*, and every child process a Ctrl-C
test starts would inherit that too and never see the signal.  An ignored signal stays ignored
across ``exec``, a handled one is reset to the default: so the test process handles SIGINT as
Python does by default, and the children start as under a terminal.
"""

import signal

from hypothesis import settings

settings.register_profile("project", deadline=None)
settings.load_profile("project")

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
