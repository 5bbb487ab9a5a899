"""``python -m cgt.cli`` runs the ``cgt`` command."""

import sys

from cgt.cli.command import main

sys.exit(main())
