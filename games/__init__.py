"""games: plug-ins built on `cgt`, each with closed forms verified against the generic recursion.

Each module is one game family: its positions (through the `cgt` position protocol), its
closed forms, and their registration with `cgt verify`.  Modules use only `cgt`'s public API.
"""
