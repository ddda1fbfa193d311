"""Test texts for the ingest tests, written for this suite (English and Spanish)."""

JAVA_SERVICE = """\
package com.example.orders;

import java.util.List;
import java.util.Optional;

/**
 * Places and cancels orders. Braces in comments { do not count }.
 */
@Service
public class OrderService {
    private final OrderRepository repository;
    private static final String OPEN = "{";

    public OrderService(OrderRepository repository) {
        this.repository = repository;
    }

    @Transactional
    public Order place(Order order) throws InvalidOrderException {
        if (order.lines().isEmpty()) {
            throw new InvalidOrderException("empty order: }");
        }
        char brace = '}';
        return repository.save(order);
    }

    public Optional<Order> cancel(long id) {
        return repository.findById(id).map(o -> o.cancel());
    }
}
"""

PYTHON_MODULE = '''\
"""Inventory helpers."""

from __future__ import annotations

import dataclasses
from collections import Counter


@dataclasses.dataclass
class Item:
    name: str
    quantity: int = 0

    def restock(self, amount: int) -> None:
        self.quantity += amount


# Counts items by name.
def count_items(items: list[Item]) -> Counter[str]:
    return Counter(item.name for item in items)
'''

SPANISH_JOURNAL = """\
Lunes, 3 de marzo de 2025
Hoy me levanté temprano y fui a correr con mi hermana por el parque. Estoy cansada pero feliz.

4 de marzo de 2025
Comí con mis amigos en casa de Lucía. Hablamos de las vacaciones y de mi nuevo trabajo.

2025-03-05
Me dolía la cabeza toda la tarde; me acosté pronto.

06/03/2025
Mi madre me llamó por su cumpleaños. Quedamos para el domingo.

7 de marzo de 2025
Terminé el libro que me regaló mi novio. Me gustó mucho el final.
"""

CLINICAL_NOTE = """\
Visit 2024-11-12 — outpatient clinic

Chief complaint: chest pain on exertion for two weeks.
Subjective: 58-year-old patient with a history of hypertension and type 2 diabetes. Pain is
pressure-like, radiates to the left arm, relieved by rest. No fever.
Objective: BP 152/94 mmHg, HR 88 bpm, oxygen saturation 97%. ECG shows no acute changes.
Assessment: stable angina, poorly controlled hypertension.
Plan: start aspirin 100 mg daily and atorvastatin 40 mg; stress test next week.
Medication: metformin 850 mg twice daily, enalapril 10 mg.
"""

SPANISH_RECIPE = """\
Tortilla de patatas

Ingredientes:
- 4 huevos
- 500 g de patatas
- 1 cebolla
- 100 ml de aceite de oliva
- sal

Preparación:
1. Pela las patatas y córtalas en láminas finas.
2. Calienta el aceite en una sartén y añade las patatas con la cebolla.
3. Cuece a fuego lento durante 20 minutos, removiendo de vez en cuando.
4. Bate los huevos con sal y mezcla con las patatas escurridas.
5. Vierte la mezcla en la sartén y dale la vuelta a los 5 minutos.
"""

NOVEL_CHAPTER = """\
Chapter 3

The rain had not stopped for three days when Maren finally opened the letter. She read it twice,
standing by the window, while the harbour lights trembled in the water below. Her brother had
written it in a hurry; the ink was smudged where his hand had rested.

"You knew," she said, without turning around.

Tomas did not answer at once. He was looking at the fire, at the last log that refused to burn.
"I knew he was leaving," he said at last. "I did not know he would go alone."

She folded the letter and put it in her pocket. Outside, a cart rattled past, and somebody
shouted a name that was not hers. She thought of the summer they had spent on the island, of the
boat with the blue sail, of the promise her brother had made and had not kept.
"""

SHAPELESS_NOTE = """\
misc stuff
- the blue folder is on the shelf
- ask about the thing later
wifi box restarted, seems fine now
"""
