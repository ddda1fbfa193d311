"""Country and continent names, English and Spanish: places that contain the places memories
name.

A question naming a place no memory mentions is about something never stored ("which marathon
did the user run in Boston?"), but a country or a continent is asked about in other words than
a memory's own: "¿de qué trabaja el familiar que está en España?" is answered by "mi hermano
vive en Barcelona". ``query.placed`` leaves such names out.

The names come from ``pycountry`` (ISO 3166-1: each country's short, common and official name,
and their Spanish translations shipped with it), read on first use only: most questions name
no place, and a serving process that never needs the table does not hold it (about 6 MB while
it is read). The continents are the few names ISO 3166 does not list.
"""

from __future__ import annotations

import functools
import gettext

from actors.text import fold

CONTINENTS = frozenset((
    "africa", "america", "americas", "asia", "europe", "oceania", "antarctica", "caribbean",
    "north america", "south america", "central america", "latin america", "middle east",
    "southeast asia", "scandinavia", "balkans",
    "europa", "antartida", "caribe", "norteamerica", "sudamerica", "suramerica",
    "centroamerica", "america del norte", "america del sur", "america central",
    "america latina", "latinoamerica", "oriente medio", "oriente proximo", "sudeste asiatico",
    "escandinavia", "balcanes",
    # the short names ISO 3166 does not list
    "uk", "usa", "us", "eeuu", "ee uu", "britain", "great britain", "gran bretana", "holland",
    "holanda", "england", "inglaterra", "scotland", "escocia", "wales", "gales"))
"""Continents, world regions and the short or constituent country names ISO 3166 lacks,
folded; multi-word ones whole."""


def _key(name: str) -> str:
    return " ".join(fold(name).lower().replace(",", " ").split())


@functools.cache
def _names() -> tuple[tuple[str, str, bool], ...]:
    """Every country's short, common and official name with its Spanish translation, as
    keys: (English, Spanish, official)."""
    import pycountry  # read on first use only (see the module's docstring)

    spanish = gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=["es"],
                                  fallback=True)
    return tuple((_key(name), _key(spanish.gettext(name)), field == "official_name")
                 for country in pycountry.countries
                 for field in ("name", "common_name", "official_name")
                 if (name := getattr(country, field, None)))


@functools.cache
def _countries() -> frozenset[str]:
    return frozenset(key for names in _names() for key in names[:2])


CITIES = (
    ("lisbon", "lisboa"), ("london", "londres"), ("cologne", "colonia"), ("geneva", "ginebra"),
    ("florence", "florencia"), ("venice", "venecia"), ("naples", "napoles"), ("rome", "roma"),
    ("athens", "atenas"), ("prague", "praga"), ("vienna", "viena"), ("warsaw", "varsovia"),
    ("brussels", "bruselas"), ("stockholm", "estocolmo"), ("copenhagen", "copenhague"),
    ("edinburgh", "edimburgo"), ("porto", "oporto"), ("moscow", "moscu"), ("beijing", "pekin"),
    ("tokyo", "tokio"), ("seville", "sevilla"), ("saragossa", "zaragoza"),
    ("corunna", "coruna"), ("majorca", "mallorca"), ("minorca", "menorca"),
    ("bruges", "brujas"), ("antwerp", "amberes"), ("ghent", "gante"), ("hamburg", "hamburgo"),
    ("strasbourg", "estrasburgo"), ("marseille", "marsella"), ("bordeaux", "burdeos"),
    ("toulouse", "tolosa"), ("nice", "niza"), ("basel", "basilea"), ("krakow", "cracovia"),
    ("bucharest", "bucarest"), ("istanbul", "estambul"), ("jerusalem", "jerusalen"),
    ("philadelphia", "filadelfia"), ("sicily", "sicilia"), ("sardinia", "cerdena"),
    ("crete", "creta"), ("corsica", "corcega"), ("tuscany", "toscana"), ("brittany", "bretana"),
    ("normandy", "normandia"), ("bavaria", "baviera"), ("andalusia", "andalucia"),
    ("catalonia", "cataluna"), ("pyrenees", "pirineos"),
)
"""Cities and regions whose one-word English and Spanish names differ, one pair each, folded
(a name only an accent tells apart, "Múnich", folds alike): a question in one language names
the place as a memory in the other does not ("¿Qué restaurante me recomendaste en Lisboa?"
and "book one dinner at Tasca do Meio", of the Lisbon trip)."""


REGION_CITIES = {
    region: tuple(cities.split()) for names, cities in (
        ("andalusia andalucia", "sevilla seville granada malaga cordoba cadiz almeria huelva jaen "
                                "marbella ronda sacromonte alhambra"),
        ("catalonia cataluna catalunya", "barcelona girona tarragona lleida sitges"),
        ("asturias", "oviedo gijon aviles cangas covadonga llanes"),
        ("galicia", "santiago vigo coruna lugo ourense pontevedra"),
        ("cantabria", "santander"),
        ("navarre navarra", "pamplona"),
        ("aragon", "zaragoza huesca teruel"),
        ("extremadura", "caceres merida badajoz"),
        ("euskadi", "bilbao donostia vitoria"),
        ("balearics baleares", "mallorca menorca ibiza formentera palma"),
        ("canaries canarias", "tenerife lanzarote fuerteventura"),
        ("tuscany toscana", "florence florencia siena pisa lucca"),
        ("sicily sicilia", "palermo catania siracusa syracuse taormina"),
        ("sardinia cerdena", "cagliari"),
        ("lombardy lombardia", "milan milano bergamo como"),
        ("bavaria baviera", "munich munchen nuremberg augsburg"),
        ("brittany bretana", "rennes brest"),
        ("normandy normandia", "rouen caen"),
        ("provence", "marseille marsella avignon"),
        ("algarve", "faro lagos albufeira"),
        ("california", "sacramento oakland berkeley hollywood yosemite"),
        # the United States' states, Mexico's and Canada's most told, by their known cities
        ("texas tejas", "austin houston dallas"),
        ("florida", "miami orlando tampa jacksonville tallahassee"),
        ("illinois", "chicago springfield"),
        ("massachusetts", "boston cambridge"),
        ("washington", "seattle spokane tacoma"),
        ("oregon", "portland eugene salem"),
        ("colorado", "denver boulder aspen"),
        ("arizona", "phoenix tucson sedona"),
        ("nevada", "vegas reno"),
        ("tennessee", "nashville memphis"),
        ("michigan", "detroit"),
        ("pennsylvania pensilvania", "philadelphia filadelfia pittsburgh"),
        ("hawaii hawai", "honolulu maui"),
        ("jalisco", "guadalajara"),
        ("yucatan", "merida"),
        ("ontario", "toronto ottawa"),
        ("quebec", "montreal"),
    ) for region in names.split()}
"""Regions whose memories name their cities (or a sight of them: "a cave house in
Sacromonte" for "the weekend in Andalusia"), folded, one word each: a question names the
region, a memory the city, as with a country (``is_region``), but a region no memory names
in either form is still a place never mentioned."""


COUNTRY_CITIES = {
    country: tuple(cities.split()) for country, cities in (
        ("mexico", "guadalajara oaxaca monterrey cancun tijuana puebla merida acapulco"),
        ("united states", "austin houston dallas chicago boston seattle portland denver miami "
                          "orlando atlanta nashville philadelphia washington baltimore detroit "
                          "honolulu vegas"),
        ("canada", "toronto montreal vancouver quebec ottawa calgary"),
        ("japan", "tokyo tokio kyoto kioto osaka hiroshima sapporo"),
        ("italy", "rome roma milan milano naples napoles florence florencia venice venecia "
                  "turin bologna palermo"),
        ("france", "paris lyon marseille marsella bordeaux burdeos toulouse nice niza"),
        ("germany", "berlin munich hamburg hamburgo cologne colonia frankfurt"),
        ("spain", "madrid barcelona valencia sevilla seville bilbao malaga granada"),
        ("portugal", "lisbon lisboa porto oporto coimbra faro"),
        ("china", "beijing pekin shanghai"),
        ("india", "delhi mumbai goa jaipur"),
        ("brazil", "rio"),
        ("argentina", "mendoza cordoba"),
        ("peru", "lima cusco"),
        ("colombia", "bogota medellin cartagena"),
        ("greece", "athens atenas santorini"),
        ("thailand", "bangkok chiangmai"),
        ("korea", "seoul busan"),
        ("iceland", "reykjavik akureyri"),
        ("norway", "oslo bergen tromso"),
        ("morocco", "marrakech marrakesh casablanca fez tangier"),
        ("chile", "santiago valparaiso"),
        ("vietnam", "hanoi saigon"),
    )}
"""Well-known cities of a few countries, folded, one word each: a people's name ("Mexican
food") is asked of a country a memory names only by its city ("crecí en Guadalajara"), as a
region is (``REGION_CITIES``); a country itself needs none (``is_region``)."""


def demonym_cities(word: str) -> tuple[str, ...]:
    """The cities (``COUNTRY_CITIES``) of the countries a people's or a language's name shares
    its first ``DEMONYM_STEM`` letters with ("Mexican" -> Mexico's: "guadalajara",
    "oaxaca"...), else (); none for a city's own name ("Porto" ends like a people's name
    and starts as Portugal does: Lisbon is no Porto)."""
    key = _key(word)
    if len(key) <= DEMONYM_STEM or key in place_names():
        return ()
    return tuple(city for country, cities in COUNTRY_CITIES.items()
                 if country[:DEMONYM_STEM] == key[:DEMONYM_STEM] for city in cities)


def country_cities(country: str) -> tuple[str, ...]:
    """The well-known cities (``COUNTRY_CITIES``) of a country named as written, in English
    or Spanish ("Japón" -> "tokyo", "kyoto"...), else ()."""
    key = _key(country)
    return next((cities for name, cities in COUNTRY_CITIES.items()
                 if key == name or name in translated(key)), ())


def cities_of(region: str) -> tuple[str, ...]:
    """The cities (one folded word each) of a region named as written ("Andalusia"), else
    ()."""
    return REGION_CITIES.get(_key(region), ())


CITY_NAMES = tuple("""
    amsterdam rotterdam utrecht ghent gent antwerp bruges brussels liege luxembourg paris lyon
    marseille nice bordeaux toulouse nantes lille strasbourg montpellier london manchester
    liverpool birmingham leeds bristol glasgow edinburgh cardiff belfast dublin cork galway
    oxford cambridge brighton york berlin munich hamburg cologne frankfurt dresden
    leipzig stuttgart dusseldorf heidelberg nuremberg vienna salzburg innsbruck zurich geneva
    basel bern lausanne lucerne rome milan naples florence venice turin bologna genoa verona
    palermo pisa siena lisbon porto coimbra faro braga madrid barcelona valencia seville
    bilbao malaga granada cordoba zaragoza salamanca toledo segovia cadiz santander oviedo
    vigo pamplona murcia alicante donostia tarragona girona mallorca ibiza tenerife
    copenhagen aarhus stockholm gothenburg oslo bergen helsinki tallinn riga vilnius
    reykjavik warsaw krakow gdansk wroclaw poznan prague brno bratislava budapest ljubljana
    zagreb dubrovnik belgrade sarajevo sofia bucharest athens thessaloniki santorini
    istanbul ankara valletta nicosia kyiv kiev lviv moscow tbilisi yerevan marrakech
    marrakesh casablanca fez tangier cairo tunis nairobi zanzibar johannesburg capetown
    dakar accra lagos tokyo kyoto osaka hiroshima sapporo seoul busan beijing shanghai
    hongkong taipei bangkok chiangmai hanoi saigon singapore bali jakarta manila delhi
    mumbai goa jaipur kathmandu colombo dubai doha jerusalem telaviv amman beirut sydney
    melbourne brisbane perth auckland wellington queenstown toronto montreal vancouver
    quebec ottawa calgary boston chicago seattle portland denver austin miami orlando
    atlanta nashville houston dallas philadelphia washington baltimore detroit honolulu
    vegas losangeles sanfrancisco newyork mexico cancun oaxaca guadalajara havana
    bogota medellin cartagena lima cusco quito santiago valparaiso montevideo
    buenosaires mendoza saopaulo
    londres bruselas ginebra florencia venecia napoles roma atenas praga viena varsovia
    estocolmo copenhague edimburgo oporto moscu pekin tokio sevilla estambul cracovia
    """.split())
"""Well-known cities (and a few islands), one folded word each, English and Spanish where
they differ (``CITIES``): a trip is told by its city ("four days in Lisbon", "a long weekend in
Ghent"), and "how many trips abroad?" is asked by its kind (``everyday_kinds``)."""


NOT_PLACES = frozenset("nice chad jordan turkey georgia guinea".split())
"""Country and city names that are more often an everyday word or a person's name."""


@functools.cache
def place_names() -> frozenset[str]:
    """Every one-word country and city name known here, English and Spanish, folded (but
    ``NOT_PLACES``)."""
    return frozenset((*(name for name in _countries() if " " not in name), *CITY_NAMES,
                      *(name for pair in CITIES for name in pair))) - NOT_PLACES


@functools.cache
def _translations() -> dict[str, tuple[str, ...]]:
    """One-word country, city and region names -> their names in the other language
    ("espana" -> "spain", "japan" -> "japon", "lisboa" -> "lisbon"), folded."""
    pairs: dict[str, set[str]] = {}
    for english, spanish in CITIES:
        pairs.setdefault(english, set()).add(spanish)
        pairs.setdefault(spanish, set()).add(english)
    for english, translated, official in _names():
        if not official and english != translated and " " not in english \
                and " " not in translated:
            pairs.setdefault(english, set()).add(translated)
            pairs.setdefault(translated, set()).add(english)
    return {name: tuple(sorted(others)) for name, others in pairs.items()}


def translated(word: str) -> tuple[str, ...]:
    """A one-word country, city or region name in the other language ("España" -> "spain",
    "Lisboa" -> "lisbon"), else ()."""
    return _translations().get(_key(word), ())


def is_region(name: str) -> bool:
    """Whether ``name`` (as written) is a country's or a continent's name, in English or
    Spanish ("Spain", "España", "the United States", "Japón", "Europe")."""
    key = _key(name)
    for article in ("the ", "el ", "la ", "los ", "las "):
        key = key.removeprefix(article)
    return key in CONTINENTS or key in _countries()


_DEMONYM_ENDINGS = ("ese", "ish", "ian", "an", "ic", "i", "ean", "ch", "es", "esa", "ano", "ana",
                    "ino", "ina", "eno", "ena", "ol", "ola", "o", "a")
"""How a people's or a language's name ends after its place's first letters: Portuguese,
Scottish, Italian, Mexican, Icelandic, Thai, Korean, French, francés, francesa, mexicano,
argentina, chileno, español."""
IRREGULAR_DEMONYMS = frozenset(
    "spanish french irish dutch welsh thai swiss polish danish finnish english greek latino "
    "latina arab arabic hebrew persian ingles inglesa holandes holandesa danes danesa "
    "griego griega sueco sueca suizo suiza".split())
"""People's and languages' names that do not share their place's first letters."""
DEMONYM_STEM = 4
"""Letters a people's name shares with its place's name ("port" Portuguese / Portugal,
"scot" Scottish / Scotland, "jap" is too short: "japa" Japanese / Japan)."""


@functools.cache
def _stems() -> frozenset[str]:
    """The first ``DEMONYM_STEM`` letters of every one-word country, continent and region
    name, English and Spanish."""
    names = [*_countries(), *CONTINENTS]
    return frozenset(name[:DEMONYM_STEM] for name in names
                     if " " not in name and len(name) >= DEMONYM_STEM)


def is_demonym(word: str) -> bool:
    """Whether ``word`` (one word, as written, capitalised) names a people or a language of a
    country or a continent ("Portuguese", "Scottish", "Japanese", "European", "Escocés"): a
    question asks about a place with it ("traditional Portuguese music") while the memory
    names the city ("a fado night in Alfama"), so, like a country, it is no sign of something
    never stored."""
    if " " in word.strip() or not word[:1].isupper():
        return False
    key = _key(word)
    if key in IRREGULAR_DEMONYMS:
        return True
    return len(key) > DEMONYM_STEM and key.endswith(_DEMONYM_ENDINGS) \
        and key[:DEMONYM_STEM] in _stems()


def demonym_stems(word: str) -> tuple[str, ...]:
    """The first ``DEMONYM_STEM`` letters of the other language's names of the countries a
    people's or a language's name shares its first letters with ("German" -> Germany ->
    "alem", as "alemán" and "Alemania" start; "Swedish" -> "suec"): a memory in the other
    language names the people or the language in its own words ("Empiezo clases de alemán"
    for "German classes"), which share no letters with the asked name. () for a word that is
    no such name."""
    key = _key(word)
    if len(key) <= DEMONYM_STEM:
        return ()
    start = key[:DEMONYM_STEM]
    places = [name for name in _countries() if " " not in name and name.startswith(start)]
    return tuple(sorted({other[:DEMONYM_STEM] for name in places for other in translated(name)
                         if len(other) >= DEMONYM_STEM and other[:DEMONYM_STEM] != start}))

