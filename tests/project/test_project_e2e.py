"""project_map and find_code end to end: a real ``ihmt-async serve`` over stdio."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session
from tests.project.project_samples import INDEXED, write_project

pytestmark = pytest.mark.anyio


def env(tmp_path: Path) -> dict[str, str]:
    return {"IHMT_PROJECTS_DIR": str(tmp_path / "indexes")}


async def test_map_find_edit_and_scopes(tmp_path: Path) -> None:
    root = tmp_path / "shop"
    files = write_project(root)
    async with server_session(tmp_path / "home", **env(tmp_path)) as s:
        listing = await s.ok("project_map", {"path": str(root)})
        assert listing.startswith(f"shop: {len(INDEXED)} files, ~")
        for rel in INDEXED:
            directory, _, name = rel.rpartition("/")
            assert f"{directory or '.'}/" in listing and f"  {name} ~" in listing, rel
        assert "target" not in listing and "node_modules" not in listing
        assert ".git" not in listing and "generatedShippingCost" not in listing
        assert "shippingCost" not in listing  # detail="files": no symbols

        symbols = await s.ok("project_map", {"path": str(root), "detail": "symbols"})
        assert "OrderService 6-27 [placeOrder 10-14, shippingCost 16-21, cancelOrder 23-26]" \
            in symbols
        assert "DiscountPolicy 8-21 [__init__ 11-12, apply_loyalty_discount 14-17, " \
            "seasonal_rate 19-21]" in symbols
        assert "CartStore 3-15 [addItem 6-8, totalWithVat 10-14]" in symbols
        web = await s.ok("project_map", {"path": str(root), "subpath": "web"})
        assert "cart.ts" in web and "OrderService.java" not in web

        # By description (English, and Spanish), and by exact name.
        by_words = await s.ok("find_code", {"query": "shipping cost from the parcel weight",
                                            "path": str(root)})
        head, _, code = by_words.partition("\n")
        assert head == ("src/main/java/com/acme/orders/OrderService.java:16-21  "
                        "OrderService.shippingCost")
        assert "zoneSurcharge" in code and "placeOrder" not in code and "cancelOrder" not in code
        spanish = await s.ok("find_code", {"query": "descuento por fidelidad del cliente",
                                           "path": str(root)})
        assert spanish.startswith("billing/discounts.py:14-17  "
                                  "DiscountPolicy.apply_loyalty_discount")
        by_name = await s.ok("find_code", {"query": "DiscountPolicy.seasonal_rate",
                                           "path": str(root)})
        assert by_name.startswith("billing/discounts.py:19-21  DiscountPolicy.seasonal_rate")
        assert "SEASON_RATES.get" in by_name and "apply_loyalty_discount" not in by_name
        ts = await s.ok("find_code", {"query": "CartStore.totalWithVat", "path": str(root)})
        assert ts.startswith("web/src/cart.ts:10-14  CartStore.totalWithVat")

        # The legacy copy ranks below the current one, by name and by words.
        exact = await s.ok("find_code", {"query": "OrderService.shippingCost",
                                         "path": str(root)})
        assert exact.startswith("src/main/java/com/acme/orders/OrderService.java:16-21")
        assert "/legacy/" not in (await s.ok("find_code", {
            "query": "shipping cost parcel weight", "path": str(root)})).splitlines()[0]

        # Scopes: main never answers from tests, test only from tests.
        main = await s.ok("find_code", {"query": "shipping cost island surcharge",
                                        "path": str(root)})
        assert "src/test/" not in main.splitlines()[0]
        tests_only = await s.ok("find_code", {"query": "shipping cost island surcharge",
                                              "path": str(root), "scope": "test"})
        assert tests_only.startswith("src/test/java/com/acme/orders/OrderServiceTest.java:6-10")
        py_test = await s.ok("find_code", {"query": "loyalty discount capped", "path": str(root),
                                           "scope": "test"})
        assert py_test.startswith("tests/test_discounts.py:4-5")
        none = await s.ok("find_code", {"query": "test_loyalty_discount_is_capped",
                                        "path": str(root)})
        assert not none.startswith("tests/")

        # Same name in two current files: AMBIGUOUS, and a clue settles it.
        ambiguous = await s.ok("find_code", {"query": "formatTotal", "path": str(root)})
        assert ambiguous.startswith('AMBIGUOUS: "formatTotal"')
        assert "web/src/invoice.ts:1-3" in ambiguous and "InvoiceFormatter.java" in ambiguous
        settled = await s.ok("find_code", {"query": "formatTotal", "path": str(root),
                                           "clue": "web invoice"})
        assert settled.startswith("web/src/invoice.ts:1-3  formatTotal")

        # max_tokens is respected, with a note saying how to get the rest.
        short = await s.ok("find_code", {"query": "OrderService.shippingCost",
                                         "path": str(root), "max_tokens": 40})
        shown = short.splitlines()
        assert shown[-1].startswith("[... truncated at ~40 tokens; read_file(")
        assert "start_line=" in shown[-1] and "end_line=21" in shown[-1]
        assert len("\n".join(shown[1:-1])) <= 200 and "zoneSurcharge;" not in short

        # An edit is seen on the very next call; a removed file vanishes.
        java = files["order_service"]
        java.write_text(java.read_text().replace(
            "        return 4.5 + order.weightKg() * perKilo + zoneSurcharge;",
            "        double fragile = order.fragile() ? FRAGILE_SURCHARGE : 0.0;\n"
            "        return 4.5 + order.weightKg() * perKilo + zoneSurcharge + fragile;"))
        edited = await s.ok("find_code", {"query": "OrderService.shippingCost",
                                          "path": str(root)})
        assert edited.startswith("src/main/java/com/acme/orders/OrderService.java:16-22")
        assert "FRAGILE_SURCHARGE" in edited
        files["cart_test"].unlink()
        after = await s.ok("project_map", {"path": str(root), "detail": "symbols"})
        assert "cart.test.ts" not in after and "cancelOrder 24-27" in after

        # Bad input gets a clear sentence.
        refusals = {
            "bad scope": ({"query": "x", "path": str(root), "scope": "prod"}, "Unknown scope"),
            "empty query": ({"query": " ", "path": str(root)}, "non-empty query"),
            "missing root": ({"query": "x", "path": str(tmp_path / "nope")}, "No such directory"),
            "file root": ({"query": "x", "path": str(files["readme"])}, "is a file"),
            "escape": ({"query": "x", "path": str(root), "subpath": "../etc"}, "'..'"),
            "max_tokens": ({"query": "x", "path": str(root), "max_tokens": 0}, "max_tokens"),
        }
        for name, (args, expected) in refusals.items():
            text, is_error = await s.call("find_code", args)
            assert is_error and expected in text, (name, text)
        text, is_error = await s.call("project_map", {"path": str(root), "detail": "all"})
        assert is_error and "Unknown detail" in text
