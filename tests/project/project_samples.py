"""A small generated multi-language project (Java, Python, TypeScript) for the project tests.

Written for these tests (English and Spanish comments). It has main code, tests in each
language's convention, a legacy copy of one service, and a ``target/`` and a ``node_modules/``
that must never be indexed.
"""

from __future__ import annotations

from pathlib import Path

ORDER_SERVICE = """\
package com.acme.orders;

import java.util.HashMap;
import java.util.Map;

/** Places, prices and cancels customer orders. */
public class OrderService {
    private final Map<String, Order> orders = new HashMap<>();

    /** Registers a new order and returns its id. */
    public String placeOrder(Order order) {
        orders.put(order.id(), order);
        return order.id();
    }

    /** Computes the shipping cost of an order from its parcel weight and destination zone. */
    public double shippingCost(Order order) {
        double perKilo = 0.8;
        double zoneSurcharge = order.zone() == Zone.ISLANDS ? 12.0 : 0.0;
        return 4.5 + order.weightKg() * perKilo + zoneSurcharge;
    }

    /** Cancels an order that has not shipped yet. */
    public boolean cancelOrder(String id) {
        return orders.remove(id) != null;
    }
}
"""

LEGACY_ORDER_SERVICE = """\
package com.acme.orders.legacy;

/** The first order service, kept for the old mobile app. */
public class OrderService {
    /** Computes the shipping cost of an order from its parcel weight (flat rate). */
    public double shippingCost(Order order) {
        return 5.0 + order.weightKg();
    }
}
"""

INVOICE_FORMATTER = """\
package com.acme.billing;

public class InvoiceFormatter {
    /** Formats the invoice total with the currency symbol. */
    public String formatTotal(Invoice invoice) {
        return String.format("%.2f %s", invoice.total(), invoice.currency());
    }
}
"""

ORDER_SERVICE_TEST = """\
package com.acme.orders;

import org.junit.jupiter.api.Test;

class OrderServiceTest {
    @Test
    void shippingCostIncludesIslandSurcharge() {
        OrderService service = new OrderService();
        assertEquals(17.3, service.shippingCost(new Order("a", 1.0, Zone.ISLANDS)), 0.01);
    }
}
"""

DISCOUNTS = '''\
"""Discount rules for the shop (reglas de descuento de la tienda)."""

from __future__ import annotations

SEASON_RATES = {"winter": 0.10, "summer": 0.05}


class DiscountPolicy:
    """Decides which discount a customer gets."""

    def __init__(self, loyalty_years: int) -> None:
        self.loyalty_years = loyalty_years

    def apply_loyalty_discount(self, amount: float) -> float:
        """Calcula el descuento por fidelidad: un 2 % por cada año de antigüedad del cliente."""
        rate = min(0.2, 0.02 * self.loyalty_years)
        return round(amount * (1 - rate), 2)

    def seasonal_rate(self, season: str) -> float:
        """The extra discount rate of a sales season."""
        return SEASON_RATES.get(season, 0.0)


def parse_coupon(code: str) -> tuple[str, int]:
    """Split a coupon such as 'SPRING-15' into its campaign and its percentage."""
    campaign, _, percent = code.partition("-")
    return campaign, int(percent or 0)
'''

DISCOUNTS_TEST = '''\
from billing.discounts import DiscountPolicy


def test_loyalty_discount_is_capped() -> None:
    assert DiscountPolicy(loyalty_years=30).apply_loyalty_discount(100.0) == 80.0
'''

CART_TS = """\
import { Product } from "./product";

export class CartStore {
  private items: Product[] = [];

  addItem(product: Product): void {
    this.items.push(product);
  }

  /** Sum of the item prices with VAT applied. */
  totalWithVat(vatRate: number): number {
    const net = this.items.reduce((sum, p) => sum + p.price, 0);
    return Math.round(net * (1 + vatRate) * 100) / 100;
  }
}
"""

INVOICE_TS = """\
export function formatTotal(amount: number, currency: string): string {
  return `${amount.toFixed(2)} ${currency}`;
}
"""

CART_TEST_TS = """\
import { CartStore } from "./cart";

describe("CartStore", () => {
  it("applies VAT to the total", () => {
    const cart = new CartStore();
    expect(cart.totalWithVat(0.21)).toBe(0);
  });
});
"""

README = """\
# Acme shop

Orders, billing and the web cart. La documentación está en docs/.
"""


def write_project(root: Path) -> dict[str, Path]:
    """Write the sample project under ``root``; returns the interesting files by name."""
    files = {
        "order_service": root / "src/main/java/com/acme/orders/OrderService.java",
        "legacy_order_service": root / "src/main/java/com/acme/orders/legacy/OrderService.java",
        "invoice_formatter": root / "src/main/java/com/acme/billing/InvoiceFormatter.java",
        "order_service_test": root / "src/test/java/com/acme/orders/OrderServiceTest.java",
        "discounts": root / "billing/discounts.py",
        "discounts_test": root / "tests/test_discounts.py",
        "cart": root / "web/src/cart.ts",
        "invoice_ts": root / "web/src/invoice.ts",
        "cart_test": root / "web/src/cart.test.ts",
        "readme": root / "README.md",
        # never indexed:
        "target_copy": root / "target/generated-sources/OrderService.java",
        "node_module": root / "web/node_modules/leftpad/index.ts",
        "git_file": root / ".git/config.py",
    }
    texts = {
        "order_service": ORDER_SERVICE, "legacy_order_service": LEGACY_ORDER_SERVICE,
        "invoice_formatter": INVOICE_FORMATTER, "order_service_test": ORDER_SERVICE_TEST,
        "discounts": DISCOUNTS, "discounts_test": DISCOUNTS_TEST, "cart": CART_TS,
        "invoice_ts": INVOICE_TS, "cart_test": CART_TEST_TS, "readme": README,
        "target_copy": ORDER_SERVICE.replace("shippingCost", "generatedShippingCost"),
        "node_module": "export function leftPad(s: string): string { return ' ' + s; }\n",
        "git_file": "x = 1\n",
    }
    for name, path in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(texts[name], encoding="utf-8")
    return files


INDEXED = ("src/main/java/com/acme/orders/OrderService.java",
           "src/main/java/com/acme/orders/legacy/OrderService.java",
           "src/main/java/com/acme/billing/InvoiceFormatter.java",
           "src/test/java/com/acme/orders/OrderServiceTest.java",
           "billing/discounts.py", "tests/test_discounts.py", "web/src/cart.ts",
           "web/src/invoice.ts", "web/src/cart.test.ts", "README.md")
