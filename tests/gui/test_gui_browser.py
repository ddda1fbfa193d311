"""The GUI in a real headless Chromium (Debian's ``chromium``, driven by Playwright).

One walk through every page on a real ``ihmt-async gui`` process over a store seeded through
the real save path: read a leaf, diagnose a search, approve a pending value and see the timeline
change, forget a memory and see it gone from search, the audit naming the GUI, live figures, the
registration preview, Spanish text. Each write is checked in the page and in the store (through
the CLI) afterwards. Screenshots of each page go to ``gui-screenshots/`` (git-ignored).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import playwright.sync_api as playwright_api
import pytest
from gui_support import (
    GUI_AGENT,
    RunningGui,
    SeededStore,
    cli_json,
    request,
    running_gui,
    seed,
    with_token,
)

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[2] / "gui-screenshots"
WAIT_MS = 30_000
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(autouse=True)
def chromium_present() -> None:
    """A missing browser fails the run (scripts/test.sh installs it), unless skipped on purpose."""
    if CHROMIUM.exists():
        return
    if os.environ.get("IHMT_SKIP_BROWSER_TESTS") == "1":
        pytest.skip("IHMT_SKIP_BROWSER_TESTS=1 and no /usr/bin/chromium")
    pytest.fail("/usr/bin/chromium is missing: run the tests through scripts/test.sh (it "
                "apt-installs Debian's chromium) or set IHMT_SKIP_BROWSER_TESTS=1")


@pytest.fixture
def seeded(tmp_path: Path) -> SeededStore:
    home = tmp_path / "home"
    home.mkdir()
    return seed(home)


@pytest.fixture
def gui(seeded: SeededStore, tmp_path: Path) -> Iterator[RunningGui]:
    with running_gui(seeded.home, tmp_path / "gui.stderr") as running:
        yield running


@pytest.fixture
def page(tmp_path: Path) -> Iterator[Any]:
    profile = Path(tempfile.mkdtemp(prefix="ihmt-chromium-", dir=tmp_path))
    with playwright_api.sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900}, locale="en-US")
        context.set_default_timeout(WAIT_MS)
        try:
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()
    shutil.rmtree(profile, ignore_errors=True)


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def nav(page: Any, name: str) -> None:
    page.click(f"#nav a[data-page={name}]")
    playwright_api.expect(page.locator("body")).to_have_attribute(
        "data-page", name)


def test_walk_every_page(gui: RunningGui, seeded: SeededStore, page: Any) -> None:
    expect = playwright_api.expect
    p = page
    errors: list[str] = []
    p.on("pageerror", lambda exc: errors.append(str(exc)))

    # Overview
    p.goto(gui.url)
    expect(p.locator("#count-leaves")).to_have_text("3")
    expect(p.locator("#count-pending")).to_have_text("1")
    expect(p.locator("#doctor-status [data-ok]")).to_have_attribute("data-ok", "1")
    expect(p.locator("#store-path")).to_have_text(str(seeded.home / "ihmt_memory"))
    shot(p, "1-overview")

    # Explore: domains -> leaves -> header and full text
    nav(p, "explore")
    domain = p.locator("#tree details.domain[data-domain='personal']")
    expect(domain.locator(":scope > .digest")).to_contain_text("2 memories")  # root digest
    link = p.locator(f"a.leaf-link[data-leaf='{seeded.madrid_leaf}']")
    for _ in range(8):  # open the branches down to the leaf, as a person would
        closed = p.locator("#tree details[data-node]:not([open])", has=link)
        if closed.count() == 0:
            break
        closed.first.locator(":scope > summary").click()
    link.click()
    expect(p.locator("#leaf-text")).to_have_text(
        "2025-03-10: I live in Madrid, in a flat in Lavapiés.")
    header = p.locator("#leaf-header")
    expect(header).to_contain_text(seeded.madrid_leaf)
    expect(header).to_contain_text("PERSONAL")
    expect(header.locator("tr", has_text="origin")).to_contain_text("user")
    shot(p, "2-explore")

    # Search with its diagnosis
    nav(p, "search")
    p.fill("#search-q", "where do I live?")
    p.click("#search-go")
    expect(p.locator("#search-status")).to_have_text("FOUND")
    expect(p.locator(f"#candidates tr[data-leaf='{seeded.madrid_leaf}']")).to_be_visible()
    expect(p.locator("#search-trace")).to_contain_text("leaves_in_store")
    expect(p.locator("#search-trace")).to_contain_text("fallback_used")
    expect(p.locator("#search-timings")).to_contain_text("search_ms")
    expect(p.locator("#search-why")).to_contain_text("answered")
    expect(p.locator("#agent-reply")).to_contain_text("Madrid")
    shot(p, "3-search")

    # Timeline before the review: Lisbon waits, Madrid is current
    nav(p, "timeline")
    p.fill("#tl-attribute", "location")
    p.press("#tl-attribute", "Enter")
    pending_row = p.locator(f"#timeline-table tr[data-fact='{seeded.pending_fact}']")
    expect(pending_row).to_have_attribute("data-status", "PENDING")
    expect(p.locator("#timeline-table tr[data-value='Madrid']")).to_have_attribute(
        "data-status", "ACTIVE")
    expect(p.locator("#timeline-notices")).to_contain_text("waits for review")
    shot(p, "4-timeline-before")

    # Review: approve the pending value
    nav(p, "review")
    p.click(f"button[data-approve='{seeded.pending_fact}']")
    expect(p.locator("#review-done")).to_contain_text("ACTIVE")
    expect(p.locator("#pending-none")).to_be_visible()
    shot(p, "5-review")

    # The timeline changed, in the page ...
    nav(p, "timeline")
    p.fill("#tl-attribute", "location")
    p.press("#tl-attribute", "Enter")
    expect(p.locator(f"#timeline-table tr[data-fact='{seeded.pending_fact}']")).to_have_attribute(
        "data-status", "ACTIVE")
    expect(p.locator("#timeline-table tr[data-value='Madrid']")).to_have_attribute(
        "data-status", "HISTORICAL")
    expect(p.locator(f"a[data-forget='{seeded.pending_fact}']")).to_be_visible()
    shot(p, "6-timeline-after")
    # ... and in the store
    history = {f["value"]: f["status"] for f in cli_json(seeded.home, "history", "user",
                                                          "location")}
    assert history == {"Madrid": "HISTORICAL", "Lisbon": "ACTIVE"}

    # Forget a memory: found before, gone from search after
    nav(p, "search")
    p.fill("#search-q", "which database does the billing service use?")
    p.click("#search-go")
    expect(p.locator(f"#candidates tr[data-leaf='{seeded.billing_leaf}']")).to_be_visible()
    nav(p, "review")
    p.fill("#forget-target", seeded.billing_leaf)
    p.fill("#forget-reason", "the billing service moved to another database")
    p.click("#forget-go")
    expect(p.locator(f"#forget-result [data-target='{seeded.billing_leaf}']")).to_be_visible()
    shot(p, "7-forget")
    nav(p, "search")
    p.fill("#search-q", "which database does the billing service use?")
    p.click("#search-go")
    expect(p.locator("#search-result")).to_be_visible()
    expect(p.locator("#agent-reply")).not_to_contain_text("PostgreSQL")
    assert p.locator(f"#candidates tr[data-leaf='{seeded.billing_leaf}']").count() == 0
    shot(p, "8-search-after-forget")
    p.goto(f"{gui.url}#explore/software/{seeded.billing_leaf}")
    expect(p.locator("#leaf-retracted")).to_be_visible()
    expect(p.locator("#leaf-text")).to_contain_text("PostgreSQL")  # kept on disk, never served
    found = cli_json(seeded.home, "search", "which database does the billing service use?")
    assert seeded.billing_leaf not in [hit["leaf_id"] for hit in found["hits"]]
    found = cli_json(seeded.home, "search", "billing service PostgreSQL Alembic")
    assert seeded.billing_leaf not in [hit["leaf_id"] for hit in found["hits"]]

    # Audit: the GUI is the agent of both writes, in the page and in the store
    nav(p, "audit")
    p.select_option("#audit-agent", GUI_AGENT)
    p.click("#audit-form button[type=submit]")
    expect(p.locator("#audit-table tr[data-action='review.approve']")).to_have_attribute(
        "data-agent", GUI_AGENT)
    expect(p.locator("#audit-table tr[data-action='retract.leaf']")).to_have_attribute(
        "data-agent", GUI_AGENT)
    expect(p.locator("#audit-table tbody tr")).to_have_count(2)
    shot(p, "9-audit")
    audit = cli_json(seeded.home, "audit", "--agent", GUI_AGENT)
    assert sorted(r["action"] for r in audit) == ["retract.leaf", "review.approve"]
    assert all(r["pid"] == gui.process.pid for r in audit)

    # Live: the searches above are in the log, and the page follows new ones
    nav(p, "live")
    searches = p.locator("#live-table tr[data-kind='search']")
    expect(searches).to_be_visible()
    seen = int(searches.get_attribute("data-count"))
    assert seen >= 3
    status, _ = request(gui, "GET", with_token(gui, "/api/search?q=Lisbon"))
    assert status == 200
    p.wait_for_function(
        "(seen) => Number(document.querySelector(\"#live-table tr[data-kind='search']\")"
        ".dataset.count) > seen", arg=seen)
    shot(p, "10-live")

    # Set up: the registration preview (or the command's own error, shown as it is)
    nav(p, "setup")
    expect(p.locator("#current-store")).to_have_text(str(seeded.home / "ihmt_memory"))
    p.select_option("#install-agent", "codex")
    p.click("#install-preview")
    expect(p.locator("#install-result code").first).to_contain_text(
        "install codex --scope user --dry-run --json")
    if _has_install():
        expect(p.locator("#install-changes tbody tr").first).to_be_visible()
    else:
        expect(p.locator("#install-error")).to_contain_text("install")
    shot(p, "11-setup")

    # Spanish
    p.select_option("#lang", "es")
    expect(p.locator("#nav a[data-page=search]")).to_have_text("Buscar")
    expect(p.locator("main h1")).to_have_text("Configurar")
    nav(p, "overview")
    expect(p.locator("main h1")).to_have_text("Resumen")
    shot(p, "12-overview-es")
    nav(p, "timeline")
    p.fill("#tl-attribute", "location")
    p.press("#tl-attribute", "Enter")
    expect(p.locator("#timeline-notices [data-kind=changed]")).to_have_text(
        "user location: ahora 'Lisbon' (desde 2026-01-02); antes: 'Madrid'.")
    shot(p, "13-timeline-es")
    untranslated = p.evaluate(
        "Object.keys(IHMT_TEXT.en).filter((k) => !(k in IHMT_TEXT.es))"
        ".concat(Object.keys(IHMT_TEXT.es).filter((k) => !(k in IHMT_TEXT.en)))")
    assert untranslated == []
    assert errors == []


def _has_install() -> bool:
    """Whether this branch has the ``install`` command yet (the integration issue adds it)."""
    done = subprocess.run([sys.executable, "-m", "ihmt_async", "install", "--help"],
                          capture_output=True, text=True, check=False, timeout=60)
    return done.returncode == 0


ATTACKER_PAGE = """<!doctype html><html><body>
<form id="f" method="POST" enctype="text/plain" action="{gui}/api/review?token={token}">
<input name='{{"action":"approve","fact_id":"{fact}","x":"' value='"}}'></form>
<script>
const url = "{gui}/api/review?token={token}";
const body = JSON.stringify({{action: "approve", fact_id: "{fact}"}});
Promise.allSettled([
  fetch(url, {{method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}}, body}}),
  fetch(url, {{method: "POST", headers: {{"Content-Type": "application/json",
                                         "X-IHMT-Token": "{token}"}}, body}}),
]).then((results) => {{
  document.title = results.map((r) => r.status).join(",");
  document.getElementById("f").submit();
}});
</script></body></html>"""


def test_another_origin_in_the_browser_cannot_write(gui: RunningGui, seeded: SeededStore,
                                                    page: Any) -> None:
    """Even holding the token, a page on another origin cannot approve or forget anything."""
    import http.server
    import threading

    html = ATTACKER_PAGE.format(gui=gui.base, token=gui.token, fact=seeded.pending_fact).encode()

    class Attacker(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(html)))
            self.end_headers()
            self.wfile.write(html)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Attacker)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        # The form POST lands on the GUI's refusal page once both fetches have settled.
        playwright_api.expect(page.locator("body")).to_contain_text("Forbidden")
        assert page.url.startswith(gui.base + "/api/review")
        shot(page, "14-cross-origin-refused")
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
    assert [f["fact_id"] for f in cli_json(seeded.home, "review")] == [seeded.pending_fact]
    assert cli_json(seeded.home, "audit", "--agent", GUI_AGENT) == []
