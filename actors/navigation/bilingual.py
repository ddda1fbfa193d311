"""An English <-> Spanish reading of a question, word by word, for memories saved in the other
language.

A Spanish question shares no word with an English memory (and the full-text index compares
words), nor the reverse; the sentence model compares meaning across the two, but a reading in
the memory's own words still finds what it misses. A small general
lexicon of the words people use about their lives and their work (family, places, work, health,
home, leisure, time, software) gives the question a second reading in the other language;
names, numbers and identifiers pass through unchanged, except countries ("España" / "Spain",
``regions.translated``). It is a lexicon of common words, never of any memory's wording. Pure
data and functions; no I/O but the country names' first read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from actors.lazy_re import lazy_regex
from actors.navigation import conjugation, regions
from actors.navigation.stem import stem
from actors.navigation.verb_slot import verb_slot
from actors.text import STOPWORDS, fold

_PAIRS = """
sister hermana|brother hermano|mother madre mama|father padre papa|son hijo|daughter hija
wife esposa mujer|husband marido esposo|partner pareja|girlfriend novia|boyfriend novio
friend amigo amiga|family familia|parents padres|children hijos ninos|baby bebe
grandmother abuela|grandfather abuelo|aunt tia|uncle tio|cousin primo prima|neighbour vecino
neighbor vecino|colleague companero colega|boss jefe jefa|team equipo|people gente
dog perro|cat gato|pet mascota|name nombre|called llama|birthday cumpleanos
wedding boda casarse
house casa|home casa hogar|flat piso|apartment apartamento piso|rent alquiler|city ciudad
country pais|street calle|live vivo vive vivir|lived vivia vivi|moved mude mudo mudanza
move mudar mudarse|trip viaje|travel viajar viaje|holiday vacaciones|vacation vacaciones
flight vuelo|car coche|bike bicicleta|train tren|airport aeropuerto|beach playa
mountain montana|hotel hotel|ticket billete|work trabajo trabajar|job trabajo empleo
company empresa|office oficina|salary sueldo salario|meeting reunion|interview entrevista
project proyecto|client cliente|customer cliente|manager jefe|school colegio escuela
university universidad|course curso|class clase|teacher profesor profesora|student estudiante
doctor medico|dentist dentista|hospital hospital|nurse enfermera enfermero|medicine medicina
medication medicacion|pill pastilla|allergy alergia|allergic alergico|pain dolor|back espalda
headache cabeza|sick enfermo|health salud|appointment cita|surgery operacion|blood sangre
pressure presion|diet dieta|exercise ejercicio|gym gimnasio|run correr|running correr
food comida|breakfast desayuno|lunch comida almuerzo|dinner cena cene cenamos|had tuve
restaurant restaurante
coffee cafe|tea te|wine vino|beer cerveza|cook cocinar|recipe receta|vegetarian vegetariano
money dinero|bank banco|account cuenta|pay pagar|paid pague pago|price precio|buy comprar
bought compre|sold vendi|sell vender|shop tienda|gift regalo|book libro|read leer
movie pelicula|film pelicula|music musica|song cancion|concert concierto|game juego
language idioma|english ingles|spanish espanol|learn aprender|learning aprendiendo
phone telefono movil|computer ordenador|laptop portatil|password contrasena|email correo
day dia|week semana|month mes|year ano|morning manana|night noche|today hoy
yesterday ayer|tomorrow manana|weekend|monday lunes|tuesday martes|wednesday miercoles
thursday jueves|friday viernes|saturday sabado|sunday domingo|summer verano|winter invierno
spring primavera|autumn otono|time hora tiempo|hour hora|early temprano|late tarde
favourite favorito favorita|favorite favorito favorita|like gusta|love encanta|hate odio
prefer prefiero preferir|want quiero|need necesito|problem problema|idea idea|plan plan
decision decision|decided decidi decidimos|change cambio cambiar|changed cambie cambiamos
new nuevo nueva|old viejo antiguo|first primero primera|second segundo segunda
third tercero tercera tercer|last ultimo ultima|next proximo
start empezar|started empece empezamos|finish terminar|finished termine terminamos
database datos|server servidor|service servicio|deploy despliegue desplegar
deployment despliegue|release version|version version|bug error fallo|error error
test prueba|tests pruebas|code codigo|repository repositorio|branch rama|library libreria
backup copia|storage almacenamiento|file archivo fichero|folder carpeta|key clave|rule regla
invoice factura|invoices facturas|billing facturacion|payment pago|payments pagos
user usuario|users usuarios|search busqueda|report informe|customer cliente|order pedido
cost coste|budget presupuesto|security seguridad|alert alerta|alerts alertas|log registro
weather tiempo|rain lluvia|garden jardin|plant planta|kitchen cocina|room habitacion
wrote escribi|said dijo|told dijo|asked pregunto|answer respuesta|question pregunta
note nota|hospital hospital|nurse enfermera|works trabaja|cost cuesta
hobby aficion hobby|sport deporte|recommend recomendar recomendo|recommended recomendo
chess ajedrez|climbing escalada|sailing vela|pottery ceramica|photography fotografia
painting pintura|dance bailar baile|dancing baile|swimming natacion nadar|swim nadar
cycling ciclismo|hiking senderismo|fishing pesca|gardening jardineria|football futbol
tennis tenis|basketball baloncesto|knitting punto|singing cantar|choir coro|guitar guitarra
drums bateria|lesson clase|lessons clases|practise practicar|practice practicar|teach ensenar
breed raza|puppy cachorro|kitten gatito|vet veterinario veterinaria|walk paseo pasear
weight peso|heavy pesado pesada|kilos kilos|tall alto alta|height altura|size talla tamano
christmas navidad|easter semana santa|anniversary aniversario|holidays vacaciones fiestas
party fiesta|celebrate celebrar celebramos|present regalo|gave regale|guests invitados
kilometres kilometros|kilometers kilometros|miles millas|distance distancia|race carrera
marathon maraton|training entrenamiento entreno|coach entrenador entrenadora|match partido
desk escritorio|chair silla|table mesa|bed cama|sofa sofa|window ventana|door puerta
furniture muebles|fridge nevera frigorifico|washing lavadora|dishwasher lavavajillas
price precio|expensive caro cara|cheap barato barata|costs cuesta|cost costo costaron
spent gaste gastamos|spend gastar|euros euros|pounds libras|dollars dolares|bill factura
flights vuelos|flew vole volamos|booked reserve reservamos|booking reserva|luggage maleta
passport pasaporte|visa visado|abroad extranjero|island isla|lake lago|river rio|sea mar
museum museo|castle castillo|church iglesia|market mercado|bridge puente|village pueblo
breakfast desayuno|fish pescado|meat carne|chicken pollo|rice arroz|bread pan|cheese queso
fruit fruta|vegetables verduras|soup sopa|cake tarta pastel|chocolate chocolate|milk leche
vegan vegano vegana|drink bebida beber|water agua|juice zumo|sugar azucar|salt sal
knee rodilla|shoulder hombro|arm brazo|leg pierna|foot pie|hand mano|eye ojo|ear oido oreja
wrist muneca|ankle tobillo|elbow codo|neck cuello|hip cadera|finger dedo|chest pecho
throat garganta|lungs pulmones|forearm antebrazo|bowl cuenco bol|plate plato|vase jarron
pool piscina|tattoo tatuaje|yoga yoga|pilates pilates|piano piano|violin violin|skiing esqui esquiar
tooth diente muela|stomach estomago|heart corazon|skin piel|fever fiebre|cold resfriado
flu gripe|injury lesion|physio fisio fisioterapeuta|therapy terapia|sleep dormir sueno
tired cansado cansada|stress estres|anxiety ansiedad|happy feliz contento|sad triste
nephew sobrino|niece sobrina|grandson nieto|granddaughter nieta|twins gemelos mellizos
fiance prometido prometida|married casado casada|divorced divorciado divorciada
engaged prometido prometida comprometido comprometida|pregnant embarazada|born nacio
died murio|funeral funeral
boyfriend novio|roommate companero|landlord casero casera|owner dueno duena
bought compre compramos|buy compra|ordered pedi pedimos|delivered entregaron|arrived llego
returned devolvi|broke rompi rompio|broken roto rota|fixed arregle arreglo|repair reparar
lost perdi perdio|found encontre encontro|forgot olvide|remember recuerdo recordar
watched vi vimos|series serie|podcast podcast|news noticias
newspaper periodico|magazine revista|novel novela|author autor autora|writer escritor
painter pintor|artist artista|exhibition exposicion|theatre teatro|theater teatro
cinema cine|museum museo|festival festival|tickets entradas|band grupo banda|album disco
app aplicacion|website web|screen pantalla|keyboard teclado|mouse raton|battery bateria
charger cargador|cable cable|headphones auriculares|camera camara|printer impresora
goal objetivo meta|lens objetivo lente|glasses gafas lentes|contacts lentillas
sunglasses gafas|photo foto|photos fotos
tablet tableta|watch reloj|internet internet|wifi wifi|network red|update actualizacion
exam examen|grade nota|degree carrera titulo|master master|thesis tesis|homework deberes
scholarship beca|graduated gradue|graduate graduarse|studied estudie|study estudiar
hired contrataron|fired despidieron|promoted ascendieron|promotion ascenso|raise subida
resigned dimiti|quit deje|retired jubilado jubilada|contract contrato|boss jefe
colleague companera|startup startup|remote remoto|commute trayecto|scooter patinete
bus autobus|metro metro|taxi taxi|plane avion|ship barco|boat barco|driving conducir
license carne permiso|parking aparcamiento|garage garaje|road carretera|traffic trafico
use usar utilizar|send enviar mandar|build construir|install instalar|write escribir
open abrir|close cerrar|keep guardar mantener|save guardar ahorrar|store almacenar guardar
delete borrar eliminar|migrate migrar|upgrade actualizar|host alojar|rotate rotar
truck camion camioneta|van furgoneta|motorbike moto|canoe canoa|electrical electrico electrica
motorcycle moto motocicleta
wiring cableado instalacion|electrician electricista|plumber fontanero|builder albanil
married caso casaron casamos casarse|proposed propuso pidio|proposal pedida
dating saliendo salir|date cita|studied estudio estudiaron|know sabemos saber|made hizo hice
mug taza|cup taza|bakery panaderia|baker panadero panadera|chef cocinero cocinera
"""

_VERBS = """
grow crecer crezco|join unirse unir|adopt adoptar|meet conocer conozco|visit visitar|arrive llegar
return volver vuelvo vuelve regresar|marry casarse casar
propose proponer propuse propuso pedir pido pide pidio matrimonio|win ganar|break romper
hurt lastimar doler duele|climb escalar subir|hike caminar senderismo|sail navegar|paint pintar
sing cantar|bake hornear|drive manejar conducir|fly volar vuelo vuela|listen escuchar
enjoy disfrutar|miss extranar|decide decidir|wake despertar|fix arreglar|clean limpiar|wash lavar
borrow pedir|lend prestar|sign firmar|hire contratar|apply aplicar solicitar
retire jubilarse jubilar|die morir murio muerto|operate operar|injure lastimar|sprain torcer
recover recuperar|heal sanar curar|rehearse ensayar|record grabar|compose componer|draw dibujar
foster acoger cuidar|rescue rescatar|feed alimentar|invite invitar|cancel cancelar|play tocar
"""
"""English verbs and their Spanish infinitives (each conjugated by ``conjugation.forms``:
"grow" reads "crecí", "creció"), with the irregular forms a chat uses beside them. Verbs of
what happens in a life, not the light ones ("take", "get", "make", "stay": "take pottery
classes" read as every "tomo" and "llevo" made the question a rival of anything), and "play"
as an instrument is played ("tocar": "jugar" would read every "juego", so "Which board games
does the user play?" found the user's games of pádel). Not "eat" either: "comer" reads
"comida", "comí", and a Spanish meal outranked "What did the user eat too much of on the
Portugal trip?" (conversation-d)."""

_MORE = """
instrument instrumento|orchestra orquesta|cello violonchelo chelo|flute flauta|trumpet trompeta
saxophone saxofon|harp arpa|clarinet clarinete|bass bajo|symphony sinfonia|rehearsal ensayo
animal animal|animals animales|bird pajaro ave|horse caballo|rabbit conejo|turtle tortuga
parrot loro perico|cow vaca|pig cerdo|sheep oveja|goat cabra|duck pato|whale ballena
dolphin delfin|bear oso|wolf lobo|fox zorro|deer venado ciervo|snake serpiente|greyhound galgo
cooking cocina|cuisine cocina gastronomia|online linea internet|machine maquina|oven horno
microwave microondas|toaster tostadora|kettle hervidor|blender licuadora batidora
profession profesion oficio trabajo|career carrera|architect arquitecto arquitecta
engineer ingeniero ingeniera|lawyer abogado abogada|accountant contador contadora contable
designer disenador disenadora|programmer programador programadora|developer desarrollador
journalist periodista|waiter mesero mesera camarero camarera|pilot piloto|farmer agricultor granjero
scientist cientifico cientifica|musician musico musica|firefighter bombero|police policia
neighbourhood barrio colonia|neighborhood barrio colonia|downtown centro|town pueblo ciudad
apartment departamento|eye ojo vista|eyes ojos vista|sight vista|surgery cirugia operacion
lesson leccion|classes clases|boat barco velero|engagement compromiso|ring anillo|wedding boda
fiancee prometida|girlfriend novia|degree maestria|masters maestria|job chamba
"""
"""Everyday things the pairs above leave out: instruments and music, animals, the kitchen,
professions, the city, the body, the milestones of a life (general words, Latin American forms
beside the Peninsular ones)."""


_WORK = """
credentials credenciales|credential credencial|secret secreto|secrets secretos
translation traduccion|translations traducciones
translate traducir traducen traduce|translated traducido traducidos|interface interfaz
ui interfaz|strings textos cadenas|text texto|texts textos|steps pasos|step paso
publish publicar publica publicamos|published publicado publicada|index indice
indexes indices|migration migracion|migrations migraciones|approve aprobar aprueba
approval aprobacion visto|reviewer revisor revisora|reviewers revisores|production produccion
environment entorno|query consulta|queries consultas|table tabla|tables tablas
column columna|columns columnas|field campo|fields campos|dependency dependencia
dependencies dependencias|warning aviso|failure fallo|outage caida|slow lento lenta
permissions permisos|permission permiso|docs documentacion|documentation documentacion
"""
"""The words of a team's software notes that the pairs above leave out: a Spanish-speaking
colleague's "las credenciales de la base de datos de prod están en ..." and "los textos de
la interfaz se traducen con i18next" were not found for "Where are the prod database
credentials kept?" and "Where do the UI translation strings go?" (probe-agent)."""


def _build() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]],
                      dict[str, tuple[str, ...]]]:
    en_es: dict[str, list[str]] = {}
    es_en: dict[str, list[str]] = {}
    generated: list[tuple[str, str]] = []  # (spanish form, english): never over a listed word
    for block, verbs in ((_PAIRS + _MORE + _WORK, False), (_VERBS, True)):
        for pair in block.replace("\n", "|").split("|"):
            words = pair.split()
            if len(words) < 2 or verbs and words[0] in en_es:  # a listed word keeps its reading
                continue
            english, spanish = words[0], words[1:]
            for word in spanish:
                for form in (conjugation.forms(word) if verbs else ()) or (word,):
                    if form != word and form in STOPWORDS:
                        continue  # "como" (comer) is "how" / "as", "para" (parar) "for"
                    if form not in en_es.setdefault(english, []):
                        en_es[english].append(form)
                    if form != word:
                        generated.append((form, english))
                    elif english not in es_en.setdefault(word, []):
                        es_en[word].append(english)
    conjugated: dict[str, list[str]] = {}
    for form, english in generated:  # "casa" stays "house", never "married" (casar)
        if form not in es_en and english not in conjugated.setdefault(form, []):
            conjugated[form].append(english)
    return ({k: tuple(v) for k, v in en_es.items()}, {k: tuple(v) for k, v in es_en.items()},
            {k: tuple(v) for k, v in conjugated.items()})


EN_ES, ES_EN, _CONJUGATED = _build()
"""English -> Spanish, Spanish -> English as listed, and the Spanish verb forms the lexicon
generates (read only after every listed form failed: "empezó" stays "started")."""
_INFINITIVES: dict[str, tuple[str, ...]] = {
    spanish: (english,) for english, forms in EN_ES.items() for spanish in forms
    if conjugation.forms(spanish)[:1] == (spanish,) and spanish not in ES_EN}
_INFINITIVES.update((spanish, english) for spanish, english in ES_EN.items()
                    if conjugation.forms(spanish))
"""Each Spanish infinitive the lexicon knows -> its English ("beber" -> "drink", "casar" ->
"marry"), for a question's verb read apart from a noun it folds into."""
_EN_STEMS = {stem(english): spanish for english, spanish in sorted(EN_ES.items(), reverse=True)}
"""The English words by their stem ("grew", "played", "proposing" are looked up as "grow",
"play", "propose"), the shortest word of a stem winning."""
_WORD = lazy_regex(r"[^\W_]+(?:['’.-][^\W_]+)*")
"""A word of a question: letters and digits, with inner apostrophes, dots and hyphens."""


def words_of(text: str) -> list[str]:
    """The words of ``text`` (``_WORD``) as written, as ``other_reading`` reads them."""
    return _WORD.findall(text)


def other_reading(text: str) -> list[tuple[str, tuple[str, ...]]] | None:
    """Each word of the question with its reading in the other language (unknown words, such
    as names, numbers and identifiers, read as themselves), or None when no word of it is in
    the lexicon."""
    out: list[tuple[str, tuple[str, ...]]] = []
    translated = 0
    spanish = reads_spanish(text)
    words = words_of(text)
    for index, word in enumerate(words):
        key = fold(word)  # "grandmother's" is looked up as "grandmother"
        key = key[:-2] if key.endswith(("'s", "’s")) else key
        # "¿Qué bebe el usuario?" drinks (beber), never "bebé"; "se casa" marries
        verb = _verb_read(key) if spanish and verb_slot(words, index) else None
        found = verb or _lookup(key, EN_ES, ES_EN) or (
            regions.translated(word) if word[:1].isupper()  # "Tomás" is a name, not "tomar"
            else _CONJUGATED.get(key) or _EN_STEMS.get(stem(key))
            or (_lookup_present(key, ES_EN) if spanish else None))
        if found:
            translated += 1
        out.append((word, found or (word,)))
    return out if translated else None


def _lookup(key: str, *tables: dict[str, tuple[str, ...]]) -> tuple[str, ...] | None:
    """The other language's words for ``key`` in the first of ``tables`` that knows it, or for
    its singular masculine form or infinitive when the lexicon lists only that one ("gatos",
    "alérgica", "drinks", "desplegamos")."""
    for form in _spanish_forms(key):
        for table in tables:
            found = table.get(form)
            if found:
                return found
    return None


def english_of(word: str) -> str:
    """The English for a Spanish word the lexicon lists (its first reading: "hermana" ->
    "sister", "compañero" -> "colleague", "vecina" -> "neighbour"), else ``word`` as written
    (an English word, or one the lexicon does not know)."""
    found = _lookup(fold(word).lower(), ES_EN)
    return found[0] if found else word


def translatable(word: str) -> bool:
    """Whether the lexicon knows ``word`` (either language): when it does not, a memory of
    the other language may name the thing in words no reading of the question holds."""
    key = fold(word)
    return key in EN_ES or key in ES_EN or key in _CONJUGATED


_VERB_ENDINGS = (("amos", "ar"), ("emos", "er"), ("imos", "ir"), ("ando", "ar"),
                 ("iendo", "er"), ("iendo", "ir"), ("yendo", "er"), ("yendo", "ir"),
                 ("ado", "ar"), ("ido", "er"), ("ido", "ir"))
"""Spanish verb endings read back to the infinitive the lexicon lists ("desplegamos" ->
"desplegar", "guardado" -> "guardar"): the forms a question about what we do uses. A stem
ending in a vowel takes "-yendo" ("leyendo" -> "leer", "construyendo" -> "construir"), and
such stems are short, so any of ``conjugation.MIN_STEM`` letters is read."""


def _spanish_forms(key: str) -> tuple[str, ...]:
    """The word and its singular masculine forms ("gatos" -> "gato", "alergica" ->
    "alergico"), and the infinitive of a verb form ("desplegamos" -> "desplegar"): the
    lexicon lists one form of most words."""
    forms = [key]
    if key.endswith("es") and len(key) > 4:
        forms.append(key[:-2])
    if key.endswith("s") and len(key) > 3:
        forms.append(key[:-1])
    forms.extend(form[:-1] + "o" for form in list(forms) if form.endswith("a") and len(form) > 4)
    forms.extend(key[:-len(ending)] + infinitive for ending, infinitive in _VERB_ENDINGS
                 if key.endswith(ending) and len(key) >= len(ending) + conjugation.MIN_STEM)
    # "compró", "vendió": a third person's past, asked about a user in the third person, as
    # the first person's the lexicon lists ("compré", "vendí")
    for ending, first in _THIRD_PERSON_PAST:
        if key.endswith(ending) and len(key) >= len(ending) + 3:
            forms.append(key[:-len(ending)] + first)
            break
    return tuple(forms)


_PRESENT_ENDINGS = (("an", "ar"), ("en", "er"), ("en", "ir"), ("a", "ar"), ("e", "er"),
                    ("e", "ir"))
"""A Spanish verb's present, third person (the user asked about: "¿cuánto paga?", "¿con quién
sale?", "¿qué vende?") -> the infinitive the lexicon lists beside a noun ("pay pagar", "dating
salir", "sell vender"): verbs listed there are not conjugated (``_VERBS`` are), and a question
in the present shared no word with the memory of the other language."""
_SPANISH_MARK = lazy_regex(r"¿|\b(?:el|la|los|las|del|que|qué|con|por|para|una|cómo|cuándo|"
                           r"dónde|cuánto|cuánta|cuántos|cuántas|quién)\b", re.IGNORECASE)
"""A question in Spanish: an English one's "sale" or "base" is no verb of the lexicon's."""


def reads_spanish(text: str) -> bool:
    """Whether ``text`` is written in Spanish, by its small words (``_SPANISH_MARK``)."""
    return bool(_SPANISH_MARK.search(text))


def _lookup_present(key: str, table: dict[str, tuple[str, ...]]) -> tuple[str, ...] | None:
    """The other language's words for a Spanish present form read as its infinitive, when
    the table knows that infinitive; None otherwise."""
    return next((found for verb in _present_infinitives(key) if (found := table.get(verb))),
                None)


def _verb_read(key: str) -> tuple[str, ...] | None:
    """The English of a Spanish present form read as its verb, the reflexive one's too ("se
    casa": "casar", "casarse"); None when the lexicon knows neither."""
    return next((tuple(dict.fromkeys(found)) for verb in _present_infinitives(key)
                 if (found := (*_INFINITIVES.get(verb, ()), *ES_EN.get(verb + "se", ())))),
                None)


def _present_infinitives(key: str) -> Iterator[str]:
    """The infinitives a Spanish present form may be of ("casa" -> "casar"), by its ending."""
    for ending, infinitive in _PRESENT_ENDINGS:
        if key.endswith(ending) and len(key) > len(ending) + 2:
            yield key[:-len(ending)] + infinitive


_THIRD_PERSON_PAST = (("zo", "ce"), ("go", "gue"), ("co", "que"), ("io", "i"), ("o", "e"))
"""A Spanish verb's third person singular past (folded, its accent gone) -> its first person
(the form the lexicon lists): "empezó" -> "empecé", "pagó" -> "pagué", "vendió" -> "vendí",
"compró" -> "compré". Tried only for a word the lexicon does not know as written."""
