"""The ``cgt`` command: ``cgt verify``, ``cgt value``, and the sub-commands of plug-ins.

The top layer: it reads arguments, calls the library and prints; nothing below imports it.
"""

from cgt.cli.command import main

__all__ = ["main"]
