// The words for every game's creation options and their choices, in English and Spanish.
// GET /v1/games gives each option's name, kind, default and a maintainer's description; a
// player reads these labels instead. An option here marked `setBy` is set by another part of
// the platform (a battle group, a campaign's next battle) and is shown folded away.

const OPTIONS = {
  exile_sun: {
    victory: {
      en: ["Victory", { standard: "Standard game: first to 10 VP", long_war: "The Long War: first to 15 VP" }],
      es: ["Victoria", { standard: "Partida normal: gana quien llegue a 10 PV", long_war: "La Guerra Larga: gana quien llegue a 15 PV" }],
    },
    missing: {
      en: ["Tactics naming a ship not in the battle", { error_stands: "Those points are wasted", redo_round: "Refused: the round's tactics are set again" }],
      es: ["Tácticas que nombran una nave ausente de la batalla", { error_stands: "Esos puntos se pierden", redo_round: "Se rechazan: se vuelven a fijar las tácticas de la ronda" }],
    },
    scout_fleets: { en: ["Groups of 3, 4 or 5 Scouts may become a Light, Medium or Heavy fleet"], es: ["Los grupos de 3, 4 o 5 Exploradores pueden convertirse en una flota Ligera, Media o Pesada"] },
    shipyard_moves: { en: ["The Shipyard token moves, scans and attacks like a fleet"], es: ["La ficha del Astillero se mueve, escanea y ataca como una flota"] },
  },
  exsilium: {
    language: {
      en: ["Language of the match", { en: "English", es: "Spanish" }],
      es: ["Idioma de la partida", { en: "Inglés", es: "Español" }],
    },
    scenario: {
      en: ["Scenario", { null: "As the player count says (short game; the 2-player map for 2)", "4_short": "4 players, short", "4_long": "4 players, long", "3_short": "3 players, short", "3_long": "3 players, long", 2: "2 players" }],
      es: ["Escenario", { null: "Según el número de jugadores (partida corta; el mapa de 2 para 2)", "4_short": "4 jugadores, corta", "4_long": "4 jugadores, larga", "3_short": "3 jugadores, corta", "3_long": "3 jugadores, larga", 2: "2 jugadores" }],
    },
    plus_two: { en: ["Goal raised by 2 Baralytas"], es: ["Objetivo aumentado en 2 Baralytas"] },
    upgrade_discard: {
      en: ["Upgrades board: each visit discards", { one: "1 of the 4 cards (English book)", all: "all 4 cards (Spanish book)" }],
      es: ["Tablero de mejoras: cada visita descarta", { one: "1 de las 4 cartas (libro inglés)", all: "las 4 cartas (libro español)" }],
    },
    keber_corners: { en: ["Keber's ability also reaches the 4 corner tiles (Spanish book)"], es: ["La habilidad de Keber alcanza también las 4 losetas de las esquinas (libro español)"] },
    keber_strike: {
      en: ["Keber's strike hits", { both: "its own tile and the chosen one (both books)" }],
      es: ["El golpe de Keber alcanza", { both: "su loseta y la elegida (los dos libros)" }],
    },
    winner_discard: {
      en: ["A combat's winner discards", { table: "by the table both books print (1 of 4, 1 of 5, 2 of 6-8)", quarter_up: "by the text both books give: a quarter of the hand, rounded up" }],
      es: ["Quien gana un combate descarta", { table: "según la tabla de los dos libros (1 de 4, 1 de 5, 2 de 6-8)", quarter_up: "según el texto de los dos libros: una cuarta parte de la mano, redondeando hacia arriba" }],
    },
    newaru_trigger: {
      en: ["Newaru move on tiles where a miniature", { moves: "moved from, through or to (English book)", ends: "ended its move (Spanish book)" }],
      es: ["Los Newaru se mueven en las losetas donde una miniatura", { moves: "salió, pasó o llegó (libro inglés)", ends: "terminó su movimiento (libro español)" }],
    },
    newaru_target: {
      en: ["Newaru move toward", { nearest: "the nearest miniature (English book)", active: "the nearest miniature of the player in turn (Spanish book)" }],
      es: ["Los Newaru van hacia", { nearest: "la miniatura más cercana (libro inglés)", active: "la miniatura más cercana del jugador en turno (libro español)" }],
    },
    baralytas_return: {
      en: ["Losing to a Newaru returns a Baralytas to the deposit closest to", { newaru: "the Newaru", fallen: "where the miniature fell" }],
      es: ["Perder contra un Newaru devuelve un Baralytas al yacimiento más cercano a", { newaru: "el Newaru", fallen: "donde cayó la miniatura" }],
    },
    max_rounds: { en: ["The match ends after this many rounds"], es: ["La partida termina tras este número de rondas"] },
  },
  nexum: {
    sector: {
      en: ["Sector of the Galaxy Atlas", { tabula: "Tabula", ihx: "IHX", limit: "Limit" }],
      es: ["Sector del Atlas Galáctico", { tabula: "Tabula", ihx: "IHX", limit: "Límite" }],
    },
    mode: {
      en: ["Rules", { asteroids: "Asteroids expansion (technology, asteroids, events)", core: "Core game with events", eventless: "Core game without events or AI" }],
      es: ["Reglas", { asteroids: "Expansión Asteroides (tecnología, asteroides, eventos)", core: "Juego básico con eventos", eventless: "Juego básico sin eventos ni IA" }],
    },
    ai: {
      en: ["AI civilisations", { auto: "As the rules say (one unless 4 seats play)", 0: "None", 1: "One", 2: "Two", 3: "Three" }],
      es: ["Civilizaciones de la IA", { auto: "Según las reglas (una salvo con 4 asientos)", 0: "Ninguna", 1: "Una", 2: "Dos", 3: "Tres" }],
    },
    aggressiveness: { en: ["AI aggressiveness (3 event cards a round per level)"], es: ["Agresividad de la IA (3 cartas de evento por ronda y nivel)"] },
    max_rounds: { en: ["The match ends after this many rounds"], es: ["La partida termina tras este número de rondas"] },
    exotic_exploration: { en: ["Exploration research and exotic systems"], es: ["Investigación de exploración y sistemas exóticos"] },
    civilization_cards: { en: ["Asymmetrical civilizations (Psycon, Biontes, Clonyx, Gnomicon)"], es: ["Civilizaciones asimétricas (Psycon, Biontes, Clonyx, Gnomicon)"] },
    flip: {
      en: ["Systems shown on their exotic face", { none: "None" }],
      es: ["Sistemas en su cara exótica", { none: "Ninguno" }],
    },
    multi_battle: { setBy: true, en: ["Multi-battle table (set by a battle group)"], es: ["Mesa de multibatalla (la fija un grupo de batalla)"] },
    battle_tables: { setBy: true, en: ["Tables in the battle group"], es: ["Mesas del grupo de batalla"] },
    battle_table: { setBy: true, en: ["This match's table"], es: ["Mesa de esta partida"] },
    campaign: { setBy: true, en: ["A battle of a campaign"], es: ["Una batalla de una campaña"] },
    campaign_first_player: { setBy: true, en: ["Campaign: the seat that picked this sector"], es: ["Campaña: el asiento que eligió este sector"] },
    campaign_sector: {
      setBy: true,
      en: ["Campaign: the sector's type", { none: "None", energetic: "Energetic", mining: "Mining", ice: "Ice", scorching: "Scorching", destroyed: "Destroyed" }],
      es: ["Campaña: tipo del sector", { none: "Ninguno", energetic: "Energético", mining: "Minero", ice: "Helado", scorching: "Abrasador", destroyed: "Destruido" }],
    },
    campaign_owner: {
      setBy: true,
      en: ["Campaign: the seat controlling this sector", { none: "Nobody", 0: "Seat 1", 1: "Seat 2", 2: "Seat 3", 3: "Seat 4" }],
      es: ["Campaña: el asiento que controla este sector", { none: "Nadie", 0: "Asiento 1", 1: "Asiento 2", 2: "Asiento 3", 3: "Asiento 4" }],
    },
    campaign_withheld_0: { setBy: true, en: ["Campaign: ships seat 1 keeps off its reserve"], es: ["Campaña: naves que el asiento 1 no tiene en reserva"] },
    campaign_withheld_1: { setBy: true, en: ["Campaign: ships seat 2 keeps off its reserve"], es: ["Campaña: naves que el asiento 2 no tiene en reserva"] },
    campaign_withheld_2: { setBy: true, en: ["Campaign: ships seat 3 keeps off its reserve"], es: ["Campaña: naves que el asiento 3 no tiene en reserva"] },
    campaign_withheld_3: { setBy: true, en: ["Campaign: ships seat 4 keeps off its reserve"], es: ["Campaña: naves que el asiento 4 no tiene en reserva"] },
  },
};

function entry(game, name, lang) {
  const option = (OPTIONS[game] || {})[name];
  return option ? (option[lang] || option.en) : null;
}

/** The option's label in `lang`, or null when none is written (a test checks there is one). */
export function optionLabel(game, name, lang) {
  const e = entry(game, name, lang);
  return e ? e[0] : null;
}

/** A choice of an option in words; several systems (Nexum's `flip`) read as their letters. */
export function choiceLabel(game, name, value, lang) {
  const e = entry(game, name, lang);
  const words = e && e[1];
  if (words && String(value) in words) return words[String(value)];
  if (game === "nexum" && name === "flip") return String(value).split(",").join(lang === "es" ? " y " : " and ");
  return null;
}

/** Options set by another part of the platform, not by a player creating a match. */
export function setElsewhere(game, name) {
  return Boolean(((OPTIONS[game] || {})[name] || {}).setBy);
}

export const OPTION_WORDS = OPTIONS;
