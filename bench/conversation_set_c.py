"""A third hand-written conversation set, held out from ranking work (``--set conversation-c``).

The first two sets are one person's first-person notes to an assistant: every turn is a whole
fact about the user, in the user's words. This one is what they do not cover: a chat between
two friends saved one turn per memory, each memory led by the session's date and the speaker's
name, the way the public LoCoMo benchmark saves its conversations ("[7:12 pm on 14 May, 2025]
Owen: ..."). Owen, a geography teacher in Sheffield who becomes a national-park ranger, and
Lucía, a pastry chef from Zaragoza who writes to him in Spanish about a third of the time, over
fourteen sessions (May 2025 to November 2026): a rescue greyhound, an allotment, a market stall,
a break-up, a move to Glasgow, a new car, an engagement. Casual chat as people type it: filler
turns ("and??", "wait what"), shared photos ("[shares a photo of ...]"), relative days ("last
Sunday"), pronouns that point back, and many answers given as replies whose topic is only in
the turn or two before them ("how big is it?" / "Half a plot, about 125 square metres"): the
words of a question then meet the question turn, not the answer.

Written for this project by hand (no public dataset was used or consulted; the people are
invented). Keep it out of tuning: read only its figures, never fit rules to these sentences.

Same questions, categories and labels as the first set (imported from it, not copied); the
turns are ``ChatTurn``: a ``Turn`` with a speaker and the session's clock time, whose
``content`` (what the bench saves) is LoCoMo's header then the speaker, while ``date`` stays
ISO. Categories are judged on a turn's own words (``text``, without the header): a question
naming a friend shares the name with every turn that friend typed, which tells nothing. The
``temporal`` questions name a month, a season ("summer 2026": June to August) or "last month"
(the bench runs in December 2026, so November 2026). ``NEVER`` includes questions about the
wrong friend (Lucía's dog, Owen's band): the words are stored, about the other person.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bench.conversation_set import CATEGORIES, Never, Question, Turn

__all__ = ["CATEGORIES", "NEVER", "QUESTIONS", "TURNS", "ChatTurn"]

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")


@dataclass(frozen=True)
class ChatTurn(Turn):
    """One friend's turn in a session; ``clock`` is the session's time ("7:12 pm")."""

    speaker: str = ""
    clock: str = ""

    @property
    def content(self) -> str:
        """What the bench saves: the session's date and time as LoCoMo writes them, then the
        speaker ("[7:12 pm on 14 May, 2025] Owen: ...")."""
        day = dt.date.fromisoformat(self.date)
        stamp = f"{self.clock} on {day.day} {_MONTHS[day.month - 1]}, {day.year}"
        return f"[{stamp}] {self.speaker}: {self.text}"


# One line of a session: key ("" for a turn no question points at), speaker, language, text,
# distractor.
_Line = tuple[str, str, str, str, bool]


def _o(text: str, key: str = "", lang: str = "en", distractor: bool = False) -> _Line:
    return key, "Owen", lang, text, distractor


def _l(text: str, key: str = "", lang: str = "en", distractor: bool = False) -> _Line:
    return key, "Lucía", lang, text, distractor


def _session(number: int, date: str, clock: str, *lines: _Line) -> tuple[ChatTurn, ...]:
    """The turns of one session in order; unnamed ones are keyed by session and position."""
    return tuple(ChatTurn(key=key or f"s{number:02d}-{i:02d}", date=date, lang=lang, text=text,
                          distractor=distractor, speaker=speaker, clock=clock)
                 for i, (key, speaker, lang, text, distractor) in enumerate(lines, 1))


TURNS: tuple[ChatTurn, ...] = (
    # Session 1: a greyhound, the head chef, the band.
    *_session(
        1, "2025-05-14", "7:12 pm",
        _o("guess who has a dog now", "dog-news"),
        _l("NO. Since when??"),
        _o("Saturday! Got him from the greyhound rescue in Rotherham. Retired racer, four years "
           "old, 34 kilos of pure nerves", "dog-adopt"),
        _o("[shares a photo of a brindle greyhound asleep upside down on a sofa]", "dog-photo"),
        _l("ay que mono!! what did you call him?"),
        _o("Pickle. Don't blame me, my Year 9s voted on it", "dog-name"),
        _l("jajaja Pickle es perfecto", lang="es"),
        _o("He's claimed the whole sofa already. It's just me and him in the house now that Tom "
           "has moved out", "house-alone"),
        _o("How's the hotel? Is the new head chef still making your life hell?"),
        _l("Worse. Three years as pastry chef at the Cutler and nobody has ever shouted at me "
           "like this. Now he wants me to do all the desserts for Saturday's wedding alone, 240 "
           "covers", "job-hotel"),
        _o("240?? on your own? that's mad"),
        _l("lo sé. Si sigue así me voy, te lo juro", lang="es"),
        _o("Come and meet Pickle this weekend? He's scared of stairs btw, I have to carry him up "
           "to bed", "dog-stairs"),
        _l("Sunday works. I'll bring a flyer, we're playing the Washington on 2 August",
           "gig-plan", distractor=True),
        _o("Still can't believe your band is called Bollo Mortal", "band-name"),
        _l("it's a pun, you wouldn't get it 🙄"),
    ),
    # Session 2: the end of term, the Astra's clutch, flights home, Spanish lessons.
    *_session(
        2, "2025-06-22", "10:40 am",
        _l("how was the last week of term?"),
        _o("Chaos. Sports day got rained off twice and a Year 8 locked himself in my stock "
           "cupboard. Four years teaching geography at Hillsborough and that's a first",
           "job-teacher"),
        _l("jajaja. and the car? did they fix it?"),
        _o("Not yet. The Astra died on the M1 near Meadowhall on Thursday, the garage says it's "
           "the clutch", "car-astra"),
        _l("how much?"),
        _o("£640 with labour. It's a 2011 with 140k miles on it, I honestly don't know if it's "
           "worth it", "astra-cost"),
        _l("Oye, para mi viaje a Zaragoza en octubre ya tengo los vuelos: del 9 al 16, con "
           "Ryanair desde Manchester, 87 libras ida y vuelta", "zgz-flights", lang="es"),
        _o("Nice, for the Pilar?"),
        _l("sí, las fiestas del Pilar. Mi madre ya tiene planes para cada día 😅", lang="es"),
        _o("Can I leave Pickle at yours in Kelham Island when I go to Wales in August?"),
        _l("Claro. Turrón lo va a odiar, pero bueno, es mi piso y mi gato 😂", "home-kelham",
           lang="es"),
        _o("Speaking of Spanish, I signed up for the evening class at the uni. Tuesdays, starts "
           "in September", "spanish-class"),
        _l("¡¡por fin!! which level?"),
        _o("Beginners 2, they bumped me up because of Duolingo lol", "spanish-level"),
        _l("Duolingo no cuenta 😂 but ok, from now on I only text you in Spanish"),
        _o("please don't"),
    ),
    # Session 3: a wet week in Wales, the gig, Dani's birthday, a wedding cake.
    *_session(
        3, "2025-08-09", "4:05 pm",
        _o("Back from Wales. [shares a photo of a tent pitched next to a lake under grey "
           "clouds]"),
        _l("where is that??"),
        _o("Llyn Gwynant, below Snowdon. It rained four days out of five and Pickle refused to "
           "get out of the car", "camping"),
        _l("poor Pickle 😂 did you go up?"),
        _o("Yeah on the one dry day, via the Watkin path. Six hours, my knees are still not "
           "talking to me", "snowdon"),
        _l("the gig was amazing btw, the Washington was packed"),
        _o("Gutted I missed it. Did your boyfriend come?"),
        _l("Dani? sí, y hasta bailó 😂 Cumple 33 el martes y todavía no tengo regalo", "dani",
           lang="es"),
        _o("He's a nurse right? Get him compression socks lol", distractor=True),
        _l("jaja no. I was thinking tickets for a Sheffield Wednesday match, he's obsessed",
           "dani-gift-idea"),
        _o("that's a proper present. Get seats in the South Stand"),
        _l("done, bought two for the 23rd. 38 quid each 😬", "dani-gift"),
        _o("Also my sister says hi. She's still on about you doing her wedding cake"),
        _l("tell Ffion yes, of course, but it's going to be lemon and elderflower whether she "
           "likes it or not", "cake-flavour"),
    ),
    # Session 4: back from Zaragoza, a niece on the way, Owen has met someone.
    *_session(
        4, "2025-10-18", "9:30 pm",
        _o("¿Qué tal Zaragoza?", lang="es"),
        _l("¡Muy bien! Comí demasiado, fui a la Ofrenda de Flores con mi madre, y mi hermana "
           "Nuria me contó que está embarazada!! Sale de cuentas en mayo", "nuria-pregnant",
           lang="es"),
        _o("WAIT WHAT. You're going to be an aunt!!"),
        _l("tía Lucía 😭😭", lang="es"),
        _o("I have news too. I met someone"),
        _l("and??"),
        _o("Her name's Hana, she's a physio. We met at the pub quiz at the Blind Monkey two "
           "weeks ago, her team beat mine", "hana-meet"),
        _l("a physio? perfect for your knees jajaja"),
        _o("ha. we're going to the Peak on Sunday, she wants to do Kinder Scout",
           "kinder-scout", distractor=True),
        _l("[shares a photo of a tray of braided pastries glazed with sugar]"),
        _o("what are those?"),
        _l("trenzas de Almudévar. Walnuts, raisins, a ridiculous amount of butter. I want to put "
           "them on the breakfast menu", "trenza"),
        _o("the head chef will say no"),
        _l("ya me ha dicho que no 🙃 Le he dicho a Dani que en enero me busco otra cosa",
           "job-plan", lang="es"),
    ),
    # Session 5: Christmas, a notice to hand in, a market stall.
    *_session(
        5, "2025-12-12", "6:15 pm",
        _l("¿Qué haces en Navidad?", lang="es"),
        _o("Swansea, at my nan and grandad's like every year. Hana's coming on Boxing Day, first "
           "time meeting the family", "xmas-swansea"),
        _l("ooh big step. nervous?"),
        _o("Terrified. Grandad will ask her about rugby within five minutes"),
        _l("jaja. I'm working the 24th and 25th at the hotel, double pay at least",
           distractor=True),
        _o("and after that?"),
        _l("after that I'm done. Handing in my notice on the 2nd of January", "notice"),
        _o("Seriously?? what are you going to do"),
        _l("Un puesto en el mercado. Pan de masa madre, ensaimadas y cruasanes. Los sábados en "
           "Sharrow Vale y los domingos en Kelham Island", "stall-plan", lang="es"),
        _o("That's brilliant. You'll need a name"),
        _l("'Miga'. Like the soft inside of the bread", "stall-name"),
        _o("love it. and how will you get everything there, on the bus? 😂"),
        _l("lol no, I'll need a van. Dani's cousin is selling his Berlingo", "van-plan"),
        _o("Pickle says feliz navidad btw [shares a photo of a greyhound in a red jumper with a "
           "reindeer on it]"),
        _l("ME MUERO 😍", lang="es"),
    ),
    # Session 6: an allotment at last, the last weeks at the hotel, the van.
    *_session(
        6, "2026-01-24", "11:20 am",
        _o("Guess who finally got off the waiting list"),
        _l("the allotment??"),
        _o("Yes!! Plot 14B at the Walkley Bank allotments. Three years on that list",
           "allotment"),
        _l("how big is it?"),
        _o("Half a plot, about 125 square metres. Half of that is brambles and the shed has no "
           "roof", "allotment-size"),
        _l("jaja ¿y qué vas a plantar?", lang="es"),
        _o("Potatoes and leeks, and Hana wants pumpkins for Halloween. Her dad is lending us his "
           "old rotavator", "allotment-plan", distractor=True),
        _l("Bueno, te cuento: ya entregué el preaviso y mi último día en el hotel es el 31 de "
           "enero", "last-day", lang="es"),
        _o("how do you feel?"),
        _l("Aterrada y feliz a la vez. El primer mercado es el 14 de febrero", "first-market",
           lang="es"),
        _o("Valentine's Day, you'll sell loads. Did you get the van in the end?"),
        _l("yes, Dani's cousin's Berlingo. 2016, white, £4,800, smells of dog but fine",
           "van-bought"),
        _o("Pickle approves of the dog smell"),
        _l("jaja Pickle can be our mascot"),
    ),
    # Session 7: crutches, the first market day, a hint about Dani.
    *_session(
        7, "2026-02-21", "8:02 pm",
        _l("owen how was the first week on crutches"),
        _o("Awful. Can't drive, can't walk Pickle. Hana's been amazing though"),
        _l("what actually happened? Hana told me you broke your leg 😂"),
        _o("Haha no. Sprained ankle, five-a-side on Wednesday, I landed on a lad's foot. Grade "
           "2, six weeks off football", "ankle"),
        _l("Bueno, el primer mercado fue increíble. Lo vendí todo antes de las doce",
           "market-day1", lang="es"),
        _o("everything?? what sold best"),
        _l("the ensaimadas. 60 gone in an hour and a half", "bestseller"),
        _o("I'm so proud of you. seriously"),
        _l("gracias 🥹 Dani came to help at 6am even though he'd just done a night shift",
           "dani-help", distractor=True),
        _o("he's a good one"),
        _l("sí... bueno. Ya hablaremos", lang="es"),
        _o("uh oh"),
        _l("[shares a photo of a market stall with a chalkboard sign reading MIGA and empty "
           "bread baskets]", "stall-photo"),
        _o("empty baskets = good sign"),
    ),
    # Session 8: a break-up, the Astra fails its MOT, ankle exercises.
    *_session(
        8, "2026-03-28", "3:47 pm",
        _l("Dani y yo lo hemos dejado", "breakup", lang="es"),
        _o("oh no. are you ok?? what happened"),
        _l("He got a job offer in Valencia and wants to go back to Spain. I don't. We tried to "
           "make it work for a month and it just wasn't", "breakup-why"),
        _o("I'm sorry Lu. Want me to come round with Pickle and wine?"),
        _l("sí por favor. Pickle más que el vino", lang="es"),
        _o("ok tonight. Also I've got car news, the bad kind"),
        _l("the Astra?"),
        _o("Failed its MOT on Thursday. Corroded brake pipes and a rusty subframe. The garage "
           "said don't bother", "mot-fail"),
        _l("RIP 😢 what will you get now?"),
        _o("Hana says electric. Looking at used Nissan Leafs, there are loads around 8 grand",
           "car-plan", distractor=True),
        _l("and the ankle?"),
        _o("Nearly fine. Hana has me doing calf raises on the stairs every night, she's stricter "
           "than any PE teacher", "ankle-rehab"),
        _l("jaja me encanta Hana", lang="es"),
        _o("see you at 8"),
    ),
    # Session 9: a niece, the new car, grandad's 90th, moving in.
    *_session(
        9, "2026-05-09", "12:30 pm",
        _l("SOY TÍA!!! [shares a photo of a newborn baby in a white knitted hat]",
           "niece-photo", lang="es"),
        _o("AAAH congratulations!! boy or girl?"),
        _l("¡niña! Martina, 3,2 kilos, nació el jueves a las 4 de la mañana", "niece",
           lang="es"),
        _o("Martina! Beautiful. Are you going over?"),
        _l("En junio, para el bautizo. Cuatro días nada más, con el mercado no puedo más",
           "baptism-plan", lang="es", distractor=True),
        _o("I've got news as well. Got the car"),
        _l("the Leaf?"),
        _o("Yep, 2019, 40 kWh battery, 31,000 miles. £8,900 from a dealer in Chesterfield",
           "car-leaf"),
        _l("range?"),
        _o("about 150 miles in summer. Enough for Swansea with one stop", "car-range"),
        _l("how was your grandad's birthday by the way?"),
        _o("Lovely. Ninety and still beats everyone at cards. The whole family at the rugby club "
           "in Gorseinon, Hana met all 40 cousins", "grandad-90"),
        _l("40?? Welsh families are something else"),
        _o("Hana's exhausted. She's moving in with me next month btw", "hana-movein-plan"),
        _l("WHAT. Owen!! 🥳"),
    ),
    # Session 10: a job in Glasgow, the end of Miga, living together.
    *_session(
        10, "2026-06-27", "9:10 am",
        _l("Oye, tengo que contarte algo gordo", lang="es"),
        _l("Me han ofrecido ser jefa de pastelería en Firebrick Bakehouse, en Glasgow. Empiezo "
           "el 3 de agosto", "job-glasgow", lang="es"),
        _o("Glasgow?! That's amazing and also terrible, you're leaving me"),
        _l("lo sé 😭 pero es el trabajo de mis sueños. Horno de leña y un equipo de ocho "
           "personas", "firebrick-team", lang="es"),
        _o("what happens to Miga?"),
        _l("last market is the 25th of July. Selling the van too, a guy from Doncaster is coming "
           "to see it on Monday", "van-sell"),
        _o("and a flat?"),
        _l("Looking in Finnieston. Everything is £1,100 minimum for a one bed, estoy flipando",
           "flat-search", distractor=True),
        _o("Hana's been here two weeks by the way. She's already reorganised the kitchen",
           "hana-moved"),
        _l("jajaja how is living together"),
        _o("Good! Except she's put a rota on the fridge and I'm on bins forever", "rota"),
        _o("Oh and I applied for a ranger job with the national park, interview's in July",
           "ranger-apply"),
        _l("¡Suerte! ¿Y qué tal el bautizo?, me preguntarás. Pues precioso: Martina lloró toda "
           "la misa y mi madre también 😂", "baptism", lang="es"),
        _o("[shares a photo of Pickle lying in a paddling pool in a small garden]"),
        _l("jajaja ¿tanto calor hace ahí?", lang="es"),
        _o("31 degrees, Sheffield is melting"),
    ),
    # Session 11: the first week in Glasgow, back from Slovenia, a new job for Owen.
    *_session(
        11, "2026-08-15", "5:25 pm",
        _l("two weeks done!! [shares a photo of a huge wood-fired oven with loaves on a long "
           "peel]"),
        _o("Look at that oven. How's the team?"),
        _l("Muy majos. Hay un panadero de Lyon que me odia un poco porque ahora soy su jefa 😂",
           "lyon-baker", lang="es", distractor=True),
        _o("and the flat?"),
        _l("Found one! A one bed on Argyle Street in Finnieston, third floor, £1,050, and the "
           "window looks onto the trees of Kelvingrove Park", "flat-glasgow"),
        _o("nice!! Is Turrón ok with the move?"),
        _l("Se escondió debajo de la bañera dos días. Ahora ya duerme en la ventana",
           "turron-move", lang="es"),
        _o("We got back from Slovenia on Tuesday", "slovenia-back"),
        _l("how was it!!"),
        _o("Unreal. Lake Bled, the Vintgar gorge, and we hiked up to a hut near Triglav. Hana "
           "swam in the lake every morning, it was 19 degrees", "slovenia"),
        _l("and the job thing? did you hear back?"),
        _o("I got it!! Education ranger for the Peak District National Park. I leave the school "
           "at the end of August", "job-ranger"),
        _l("OWEN!! no more Year 9s!"),
        _o("no more Year 9s. And Pickle gets to come to work some days"),
        _l("🥹🥹"),
    ),
    # Session 12: the first school group, a second shop, a ceramics class, a giant pumpkin.
    *_session(
        12, "2026-09-19", "7:45 pm",
        _o("First school group today. Thirty Year 6s in Castleton, one fell in the river",
           "ranger-first"),
        _l("jajaja is he ok?"),
        _o("She. Totally fine, she loved it. Wettest and happiest kid there"),
        _l("How is it compared to teaching?"),
        _o("Less marking, more mud. And I earn £2k less but I don't dread Sunday nights anymore",
           "ranger-pay"),
        _l("Yo estoy reventada. Abrimos una segunda tienda en Dennistoun en noviembre y me toca "
           "hacer toda la carta de bollería", "second-shop", lang="es"),
        _o("second shop already? they must love you"),
        _l("😌 y me han subido el sueldo: 38.000 al año", "lucia-raise", lang="es"),
        _o("Nice. Made any Glasgow friends yet?"),
        _l("some. I joined a ceramics class on Thursdays, in a studio under the railway arches "
           "in Kelvinbridge", "ceramics"),
        _o("ceramics?? you?"),
        _l("[shares a photo of a lopsided blue mug]"),
        _o("that's... a mug. I think"),
        _l("es una taza, cállate 😂 The teacher says I have good hands, for a baker",
           "ceramics-teacher", distractor=True),
        _o("Allotment update: the pumpkin is 23 kilos. Hana wants to enter it in the Bradfield "
           "show", "pumpkin"),
        _o("Oh and I'm sitting the DELE B1 next month, pray for me", "dele-plan"),
    ),
    # Session 13: dates with the ceramics teacher, the exam, Halloween.
    *_session(
        13, "2026-10-24", "10:05 pm",
        _l("ok so. remember the ceramics teacher?"),
        _o("the good hands guy? 👀"),
        _l("Ewan. We've had three dates. For the last one he turned up at the bakery at six in "
           "the morning with two coffees", "ewan"),
        _o("ok that's romantic. Hana says he's a keeper"),
        _l("jaja calma. How did the exam go?"),
        _o("I think ok? The written part was fine, the oral was a nightmare, I forgot the word "
           "for 'drawer'", "spanish-exam"),
        _l("cajón!! jajaja", lang="es"),
        _o("CAJÓN. I'll never forget it now"),
        _l("When are the results?"),
        _o("mid December. Hana's already planning a party whether I pass or not",
           distractor=True),
        _l("Para Halloween voy a ir de Dalí, con bigote y todo", "halloween", lang="es"),
        _o("I'm going as Pickle. Grey onesie, muzzle, lying on the sofa all night",
           "halloween-owen"),
        _l("😂😂 ¿y Pickle?", lang="es"),
        _o("Pickle goes as himself, obviously"),
    ),
    # Session 14: an engagement, a wedding cake, Christmas in Zaragoza, the second shop.
    *_session(
        14, "2026-11-21", "2:30 pm",
        _o("Are you sitting down?"),
        _l("... yes?"),
        _o("I asked Hana to marry me. She said yes!!", "engaged"),
        _l("AAAAAAAAAA OWEN!!!! When? where?? tell me everything"),
        _o("Last Sunday at sunrise on Stanage Edge. Pickle was wearing the ring box on his "
           "collar", "proposal"),
        _l("¿Y la boda para cuándo?", lang="es"),
        _o("We're thinking September next year. Something small in her parents' village, "
           "Malham", "wedding-plan"),
        _l("I'm making the cake. No discussion"),
        _o("I was hoping you'd say that. Hana wants chocolate and orange", "cake-hana"),
        _l("Hecho. Ewan puede hacer tazas para los invitados jaja", lang="es"),
        _o("oh so Ewan's coming? 👀"),
        _l("Maybe. He's coming to Zaragoza with me for Christmas, so if he survives my mother, "
           "yes", "xmas-zgz"),
        _o("meeting the mother already!"),
        _l("lo sé. Yo vuelo el 21 desde Edimburgo y él llega el 23", "xmas-flights", lang="es"),
        _o("And did the second shop open?"),
        _l("Opened on the 7th! Queue round the block for the cardamom buns", "dennistoun-open"),
    ),
)


def _q(text: str, keys: str, category: str, lang: str = "en", outdated: str = "") -> Question:
    return Question(text=text, keys=tuple(keys.split()), category=category, lang=lang,
                    outdated=tuple(outdated.split()))


QUESTIONS: tuple[Question, ...] = (
    # shared: a distinctive word of the answer is in the question.
    _q("Which rescue did Owen get his dog from?", "dog-adopt", "shared"),
    _q("How many covers did the head chef want Lucía to do on her own?", "job-hotel", "shared"),
    _q("What went wrong with Owen's Astra on the M1?", "car-astra", "shared"),
    _q("¿Cuánto le costaron a Lucía los vuelos a Zaragoza?", "zgz-flights", "shared", "es"),
    _q("Which day is Owen's Spanish evening class?", "spanish-class", "shared"),
    _q("Which path did Owen take on the dry day?", "snowdon", "shared"),
    _q("¿Cuándo sale de cuentas Nuria?", "nuria-pregnant", "shared", "es"),
    _q("¿Qué va a vender Lucía en el mercado de Sharrow Vale?", "stall-plan", "shared", "es"),
    _q("What is the number of Owen's plot?", "allotment", "shared"),
    _q("How long will Owen be off football?", "ankle", "shared"),
    _q("What does Hana make Owen do every night for his ankle?", "ankle-rehab", "shared"),
    _q("Why did the garage tell Owen not to bother with the car?", "mot-fail", "shared"),
    _q("Who is stuck on bins in the rota at Owen's?", "rota", "shared"),
    _q("How many kilos is the pumpkin Owen grew?", "pumpkin", "shared"),
    _q("Which word did Owen forget in the oral?", "spanish-exam", "shared"),
    _q("What cake does Hana want?", "cake-hana", "shared"),
    _q("What did people queue round the block for at the new shop?", "dennistoun-open",
       "shared"),
    _q("Where did Lucía join a ceramics class?", "ceramics", "shared"),
    # paraphrase: no content word in common with the answer; most answers are replies whose
    # topic is only in the turn before them.
    _q("What is the name of Owen's greyhound?", "dog-name", "paraphrase"),
    _q("What frightens Owen's dog?", "dog-stairs", "paraphrase"),
    _q("What is the name of Lucía's punk group?", "band-name", "paraphrase"),
    _q("How much would fixing the clutch on Owen's old car cost?", "astra-cost", "paraphrase"),
    _q("Where did Owen pitch his tent in Wales?", "camping", "paraphrase"),
    _q("What did Lucía get Dani for his birthday?", "dani-gift-idea dani-gift", "paraphrase"),
    _q("What flavour will the wedding cake for Owen's sister be?", "cake-flavour",
       "paraphrase"),
    _q("What were the baked goods in the picture Lucía sent after her trip home?", "trenza",
       "paraphrase"),
    _q("What is Lucía's market stall called?", "stall-name", "paraphrase"),
    _q("How large is Owen's allotment?", "allotment-size", "paraphrase"),
    _q("How much did Lucía pay for the van?", "van-bought", "paraphrase"),
    _q("What was the best seller at Lucía's first market?", "bestseller", "paraphrase"),
    _q("Why did Lucía and Dani split up?", "breakup-why", "paraphrase"),
    _q("How much did Owen's electric car cost?", "car-leaf", "paraphrase"),
    _q("How far can Owen's new car go on a single charge?", "car-range", "paraphrase"),
    _q("Where was the party for Owen's grandfather's 90th?", "grandad-90", "paraphrase"),
    _q("When is the final day of Lucía's stall?", "van-sell", "paraphrase"),
    _q("How does Owen's pay now compare with his old job?", "ranger-pay", "paraphrase"),
    _q("Where did Owen ask Hana to marry him?", "proposal", "paraphrase"),
    _q("When do Owen and Hana plan to get married?", "wedding-plan", "paraphrase"),
    _q("How did Owen's Spanish speaking test go?", "spanish-exam", "paraphrase"),
    _q("What is the name of the pottery teacher Lucía has been dating?", "ewan", "paraphrase"),
    _q("What is Owen dressing up as for Halloween?", "halloween-owen", "paraphrase"),
    # cross: the question in the other language.
    _q("What is the name of Lucía's niece?", "niece", "cross"),
    _q("How did Lucía's cat cope with the move to Glasgow?", "turron-move", "cross"),
    _q("What is Lucía dressing up as for Halloween?", "halloween", "cross"),
    _q("How many people are on Lucía's team at Firebrick Bakehouse?", "firebrick-team",
       "cross"),
    _q("When is Lucía flying to Zaragoza for Christmas?", "xmas-flights", "cross"),
    _q("How much does Lucía earn after her raise?", "lucia-raise", "cross"),
    _q("¿Cómo se llama el perro de Owen?", "dog-name", "cross", "es"),
    _q("¿Dónde conoció Owen a Hana?", "hana-meet", "cross", "es"),
    _q("¿Cuánto pesa la calabaza del huerto de Owen?", "pumpkin", "cross", "es"),
    _q("¿Qué le pasó a Owen jugando al fútbol?", "ankle", "cross", "es"),
    # update: the newest turns answer; the older ones are outdated.
    _q("Where does Lucía live now?", "flat-glasgow", "update", outdated="home-kelham"),
    _q("What does Lucía do for a living these days?", "job-glasgow", "update",
       outdated="job-hotel stall-plan"),
    _q("Who is Lucía seeing at the moment?", "ewan", "update", outdated="dani breakup"),
    _q("What car does Owen drive now?", "car-leaf", "update", outdated="car-astra"),
    _q("What is Owen's job now?", "job-ranger ranger-first", "update", outdated="job-teacher"),
    _q("Who lives with Owen these days?", "hana-moved rota", "update", outdated="house-alone"),
    _q("Does Lucía still have a van?", "van-sell", "update", outdated="van-bought"),
    _q("¿Qué relación tienen ahora Owen y Hana?", "engaged proposal", "update", "es",
       outdated="hana-meet"),
    # temporal: a month, a season of 2026 or "last month" (November 2026) is asked about.
    _q("What happened to Owen's car in March 2026?", "mot-fail", "temporal"),
    _q("What news about her relationship did Lucía share in March 2026?", "breakup breakup-why",
       "temporal"),
    _q("¿Qué noticia familiar dio Lucía en mayo de 2026?", "niece-photo niece", "temporal",
       "es"),
    _q("Where did Owen travel in summer 2026?", "slovenia", "temporal"),
    _q("What did Owen tell Lucía about his love life in October 2025?", "hana-meet",
       "temporal"),
    _q("What did Owen say about his new pet in May 2025?", "dog-adopt dog-name dog-stairs",
       "temporal"),
    _q("What happened between Owen and Hana last month?", "engaged proposal", "temporal"),
    _q("¿Qué tal le fue a Lucía en febrero de 2026?", "market-day1 bestseller", "temporal",
       "es"),
)


NEVER: tuple[Never, ...] = (
    Never("What is the name of Lucía's dog?", "en", "dog-news"),
    Never("When is Owen's sister's baby due?", "en", "nuria-pregnant"),
    Never("How much did Lucía pay for her Nissan Leaf?", "en", "car-plan"),
    Never("Which path did Lucía take up Snowdon?", "en", "snowdon"),
    Never("What instrument does Owen play in his band?", "en", "band-name"),
    Never("What did Lucía and Ewan do in Slovenia?", "en", "slovenia-back"),
    Never("Which football team does Ewan support?", "en", "ankle"),
    Never("How much rent does Owen pay for the plot at Walkley Bank?", "en", "allotment"),
    Never("What breed is Lucía's cat?", "en", "home-kelham"),
    Never("¿Cuántos kilos pesó el bebé de Ffion?", "es", "niece"),
    Never("¿Qué le regaló Owen a Hana por su cumpleaños?", "es", "dani"),
    Never("¿Cuánto cuesta el piso de Owen en Sheffield?", "es", "flat-search"),
    Never("When did Hana pass her driving test?", "en", "car-plan"),
)
