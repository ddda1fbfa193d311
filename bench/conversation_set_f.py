"""New questions on conversation-d's chat, held out from the abstention rules (``--set
conversation-f``).

The turns are ``bench.conversation_set_d``'s (Nora and a chat assistant, one turn per memory);
the questions are new, written in the twenty-third pass after its first two rules ("a name
and the thing asked never together", "an everyday kind with no thing of it stored") and
before any later one, and never used to tune a rule. ``NEVER`` holds near misses of every
kind the issue names: the other pet, city or people; a relation or a brand never named; a
name's thing or relation never told; a date or a person swapped; words each held but never
together. ``QUESTIONS`` ask for what is stored with a name and a thing told on the same day
or in other words, so a rule that says "No memory found" too readily shows here.

Written for this project by hand (no public dataset was used or consulted).
"""

from __future__ import annotations

from bench.conversation_set import CATEGORIES, Never, Question
from bench.conversation_set_d import TURNS

__all__ = ["CATEGORIES", "NEVER", "QUESTIONS", "TURNS"]


def _q(text: str, keys: str, category: str, lang: str = "en") -> Question:
    return Question(text=text, keys=tuple(keys.split()), category=category, lang=lang)


QUESTIONS: tuple[Question, ...] = (
    _q("Which bank holds the user's deposit savings?", "savings", "paraphrase"),
    _q("What does Teo do for work?", "teo-friend", "paraphrase"),
    _q("What happened to the factory where Teo worked?", "teo-job", "cross"),
    _q("Where did Marcos and the user stay in Granada?", "cave", "paraphrase"),
    _q("What is Pablo lending for Marcos's climbing classes?", "d33-03", "cross"),
    _q("Who is the user's team lead at Pulso Salud?", "samir", "shared"),
    _q("What did Samir do before working in data?", "samir", "paraphrase"),
    _q("Which company is buying Brillo?", "acquisition", "paraphrase"),
    _q("Where is Katrin from?", "katrin", "shared"),
    _q("What subject does Marcos teach?", "marcos", "paraphrase"),
    _q("Where did Teo and the user hike in Asturias?", "cares", "cross"),
    _q("What did Teo send the user after the 10K?", "d08-03", "paraphrase"),
    _q("¿Qué regalo de boda hizo Nora para Inés y Pablo?", "gift", "cross", "es"),
    _q("How much were the Alhambra tickets?", "granada", "shared"),
    _q("Which lock did the user buy for the Cannondale?", "d17-03", "paraphrase"),
    _q("What doesn't Marcos mind about Mochi?", "d21-05", "paraphrase"),
    _q("¿Dónde corrige Vicent a la usuaria?", "vicent", "shared", "es"),
    _q("Which model did the assistant suggest for Rubén's forecast?", "rec-prophet",
       "paraphrase"),
    _q("What did the user's dad get for Christmas?", "d18-07 rec-binoculars", "paraphrase"),
    _q("Where is the Pulso Salud office?", "d25-05", "paraphrase"),
    _q("What does the husband of the user's sister do?", "pablo", "paraphrase"),
    _q("Who feeds Mochi while Nora is in Bilbao?", "lola", "shared"),
    _q("What did Mochi do during Fallas?", "mochi-fallas", "cross"),
    _q("Which road bike did the user buy after the theft?", "new-bike", "paraphrase"),
)

NEVER: tuple[Never, ...] = (
    Never("What is the name of the user's parrot?", "en", "cat"),
    Never("How was the user's trip to Porto with her sister?", "en", "lisbon"),
    Never("What did the user's brother give her for her birthday?", "en", "book"),
    Never("Which Mexican restaurant did the assistant suggest for Teo?", "en", "rec-thai"),
    Never("What does Teo's sister do for work?", "en", "teo-friend"),
    Never("¿Cuánto costó el billete de tren a Bilbao?", "es", "xmas-bilbao"),
    Never("Which bank does Marcos use?", "en", "savings"),
    Never("What did Inés study at university?", "en", "ines-wedding"),
    Never("How long did the user's flight to Munich take?", "en", "katrin"),
    Never("What did the vet prescribe for Mochi's eyes?", "en", "mochi-kidney"),
    Never("¿De qué raza es el perro de Teo?", "es", "teo-visit"),
    Never("Which museum did the user visit in Granada?", "en", "granada"),
    Never("What was the user's time in the Valencia half marathon in 2025?", "en",
          "half-result"),
    Never("¿Qué le regaló Marcos a la usuaria por su cumpleaños?", "es", "marcos-bday"),
    Never("What sport does Teo play?", "en", "teo-friend"),
    Never("Who is Samir's wife?", "en", "samir"),
    Never("¿En qué hospital trabaja Samir?", "es", "samir"),
    Never("What colour is Marcos's car?", "en", "lola"),
    Never("What did the user buy at IKEA?", "en", "move-benimaclet"),
    Never("What is the name of the user's landlord?", "en", "rent"),
    Never("When did the user start learning German?", "en", "valenciano"),
    Never("Which gym did Pablo and Inés meet at in Madrid?", "en", "pablo"),
    Never("¿Qué nota sacó Nora en el examen de conducir?", "es", "asthma"),
    Never("What did Rubén give the user as a leaving present?", "en", "katrin"),
    Never("Which podcast does Marcos recommend?", "en", "marcos"),
    Never("How old is Teo's daughter?", "en", "teo-friend"),
    Never("What did the user eat in Sintra?", "en", "sintra"),
    Never("¿Qué instrumento toca Inés?", "es", "ines-wedding"),
    Never("Which hotel did the user stay at in San Sebastián?", "en", "cider-house"),
    Never("What did Katrin say about the user's salary?", "en", "katrin"),
)
