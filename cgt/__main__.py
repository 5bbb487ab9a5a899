"""``python -m cgt`` runs the ``cgt`` command."""

import sys

from cgt.cli import main

sys.exit(main())
