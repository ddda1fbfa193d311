"""The English <-> Spanish word pairs of everyday life and work, as listed: one table, read by
the question's other reading (``navigation.bilingual``, which adds the Spanish verbs it
conjugates) and by the fact keys that must not depend on the language a thing was named in
(``facts.keys.preference_pair``: "el té" and "tea" are one side of a preference). A line holds
pairs separated by "|": the English word first, then its Spanish words. Pure data; no I/O.
It lives beside ``text`` because both packages read it (``actors.facts`` may not import
``actors.navigation``).
"""

from __future__ import annotations

PAIRS = """
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
pressure presion|diet dieta|exercise ejercicio|gym gimnasio rocodromo|run correr|running correr
food comida|breakfast desayuno|lunch comida almuerzo|dinner cena cene cenamos|had tuve
restaurant restaurante
coffee cafe|tea te|wine vino|beer cerveza|cook cocinar|recipe receta|vegetarian vegetariano
money dinero|bank banco|account cuenta|pay pagar|paid pague pago|price precio|buy comprar
fee cuota tarifa|bought compre|sold vendi|sell vender|shop tienda|gift regalo|book libro|read leer
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

MORE = """
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


WORK = """
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


LISTED = PAIRS + MORE + WORK
"""Every pair above, as one block."""


def pairs_of(block: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each pair of a block written as above ("sister hermana|brother hermano"): its English
    word and its Spanish words, in the block's order; a part with fewer than two words is
    no pair. Read here and by ``navigation.bilingual`` (its verbs' block too)."""
    out = []
    for pair in block.replace("\n", "|").split("|"):
        words = pair.split()
        if len(words) >= 2:
            out.append((words[0], tuple(words[1:])))
    return out


def _first_readings() -> tuple[frozenset[str], dict[str, str]]:
    english: set[str] = set()
    spanish: dict[str, str] = {}
    for first, others in pairs_of(LISTED):
        english.add(first)
        for word in others:
            spanish.setdefault(word, first)
    return frozenset(english), spanish


ENGLISH_LISTED, SPANISH_TO_ENGLISH = _first_readings()
"""The English words listed, and each Spanish word with its first English word ("te" ->
"tea", "cocina" -> "kitchen"), as ``navigation.bilingual.ES_EN`` reads it first."""
