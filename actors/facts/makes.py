"""Makes and model lines that say what kind of thing a sentence is about.

"I just got a Pixel 8", "sold the old Toyota Yaris", "switched from the Pixel to an iPhone 15":
no noun says phone or car, the make does. The list is closed and short on purpose (the makes
people name in everyday talk); a make not in it is simply not read. Pure data and one lookup.
"""

from __future__ import annotations

import re

_MAKES: dict[str, tuple[str, ...]] = {
    "car": (
        "toyota", "honda", "ford", "volkswagen", "vw", "bmw", "audi", "mercedes", "tesla",
        "subaru", "mazda", "nissan", "hyundai", "kia", "renault", "peugeot", "citroen", "seat",
        "skoda", "fiat", "volvo", "opel", "vauxhall", "dacia", "chevrolet", "chevy", "jeep",
        "lexus", "porsche", "mini", "mitsubishi", "suzuki", "cupra", "polestar", "rivian",
        "corolla", "yaris", "prius", "civic", "golf", "polo", "clio", "ibiza", "corsa",
        "leaf", "qashqai", "micra", "octavia", "fabia", "astra", "megane", "fiesta", "passat",
        "tiguan", "sandero", "duster", "kuga", "ioniq", "tucson", "sportage", "niro", "zoe",
        "captur", "twingo", "rav4", "outback", "forester",
    ),
    "phone": (
        "iphone", "pixel", "galaxy", "xiaomi", "redmi", "oneplus", "motorola", "moto", "nokia",
        "huawei", "oppo", "fairphone", "samsung", "google",
    ),
    "laptop": (
        "macbook", "thinkpad", "xps", "chromebook", "zenbook", "vivobook", "ideapad",
        "surface", "framework",
    ),
}
"""Attribute -> makes and well-known model lines, folded (lower case, no accents)."""
NOT_MODELS = frozenset(
    """case cases charger chargers cable cables cover covers buds watch tab keyboard mouse
    shirt shirts ball balls club clubs fridge bar account tier plan screen protector stand dock
    adapter bag sleeve insurance seat seats fixed repaired serviced working cleaned replaced
    broken stolen back tea cheese tv television monitor tablet washer dryer dishwasher
    soundbar earbuds home nest chromecast drive docs sheets maps one""".split()
)
"""Words after a make that make it something else: an accessory, a shirt, a repair."""
_KIND = {make: attribute for attribute, makes in _MAKES.items() for make in makes}

MAKE = r"(?:" + "|".join(sorted(map(re.escape, _KIND), key=len, reverse=True)) + r")\b"
"""A pattern matching any make, for the fact patterns (on folded text)."""


def makes_of(attribute: str) -> tuple[str, ...]:
    """The makes and model lines of ``attribute`` ("car", "phone", "laptop"), folded; none
    for another kind."""
    return _MAKES.get(attribute, ())


def kind_of(folded_value: str) -> str | None:
    """The attribute ("car", "phone", "laptop") a value's first word names, if a known make."""
    words = folded_value.split()
    return _KIND.get(words[0]) if words else None

