"""Where the test fixtures live: a copy of the IHMT-written store is kept in the repository
(tests/fixtures/ihmt-store-v1, MIT-licensed example texts, see its NOTICE) so that every test
runs the same on a fresh clone, whatever is beside the checkout."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
IHMT_STORE_FIXTURE = REPO / "tests" / "fixtures" / "ihmt-store-v1"
