"""``python -m ihmt_async``: the same entry point as the ``ihmt-async`` script."""

from ihmt_async.cli import main

raise SystemExit(main())
