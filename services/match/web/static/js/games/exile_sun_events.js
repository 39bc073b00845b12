// Every Exile Sun event in the game's words (rulebook terms: Systems, Keys, fleets, Initiative,
// Budget, Agendas, battles), in English and Spanish. Cards, colonies and techs are named by the
// glossary (x.name); a space by what it is and where (x.space below), never by its id.

const KINDS = {
  en: { planet: "planet", military_zone: "military zone", trade_route: "trade route", gateway: "gateway",
        asteroid_field: "asteroid field", normal: "open space", border: "border" },
  es: { planet: "planeta", military_zone: "zona militar", trade_route: "ruta comercial", gateway: "portal",
        asteroid_field: "campo de asteroides", normal: "espacio abierto", border: "frontera" },
};
const SYSTEM_KINDS = { p: "planet", m: "military_zone", t: "trade_route", g: "gateway", a: "asteroid_field", n: "normal", e: "border" };
const KEY_KINDS = { a: "normal", b: "asteroid_field", c: "trade_route", g: "gateway", h: "normal" };
const TOKENS = {
  en: { heavy: "heavy fleet", medium: "medium fleet", light: "light fleet", shipyard: "shipyard", decoy: "decoy", scout: "scouts" },
  es: { heavy: "flota pesada", medium: "flota media", light: "flota ligera", shipyard: "astillero", decoy: "señuelo", scout: "exploradores" },
};
const CATEGORIES = {
  en: ["Overhead", "Fuel", "Ships", "Tech"],
  es: ["Gastos generales", "Combustible", "Naves", "Tecnología"],
};
const PHASES = {
  en: { place_system: "placing the Systems", choose_colony: "choosing colonies", place_fleets: "placing fleets",
        draft: "the Initiative draft", allocate: "budgeting", shift: "moving a Budget point", build: "building ships",
        move: "movement", battle: "battles", regroup: "regrouping", over: "the end" },
  es: { place_system: "colocar los Sistemas", choose_colony: "elegir colonias", place_fleets: "colocar las flotas",
        draft: "el reparto de Iniciativa", allocate: "el presupuesto", shift: "mover un punto de presupuesto", build: "construir naves",
        move: "el movimiento", battle: "las batallas", regroup: "reagruparse", over: "el final" },
};
const STEPS = {
  en: { ships: "choosing ships", tactics_round: "a round of tactics", repairs: "repairs", over: "its end" },
  es: { ships: "elegir naves", tactics_round: "una ronda de tácticas", repairs: "las reparaciones", over: "su final" },
};
const ENDINGS = {
  en: { five_planets: "a colony holds five planets", victory_points: "the victory points were reached",
        agenda_deck_empty: "the Agenda deck ran out", no_fleets: "a colony has no fleets left", cycle_limit: "the cycle limit was reached" },
  es: { five_planets: "una colonia tiene cinco planetas", victory_points: "se alcanzaron los puntos de victoria",
        agenda_deck_empty: "se acabó el mazo de Agendas", no_fleets: "a una colonia no le quedan flotas", cycle_limit: "se llegó al límite de ciclos" },
};

/** A phase of the cycle in words. */
export function phaseName(lang, phase) { return (PHASES[lang] || PHASES.en)[phase] || (lang === "es" ? "el siguiente paso" : "the next step"); }

/** A battle step in words. */
export function stepName(lang, step) { return (STEPS[lang] || STEPS.en)[step] || ""; }

/** A space in words: "planet 2 of System 1", "the border after System 2", "trade route of Key 1". */
export function space(lang, name) {
  if (!name) return lang === "es" ? "un espacio" : "a space";
  const kinds = KINDS[lang];
  let m = /^s(\d+)\.([a-z])(\d?)$/.exec(name);
  if (m) {
    const kind = kinds[SYSTEM_KINDS[m[2]]] || kinds.normal;
    return lang === "es" ? `${kind}${m[3] ? ` ${m[3]}` : ""} del Sistema ${Number(m[1]) + 1}`
                         : `${kind}${m[3] ? ` ${m[3]}` : ""} of System ${Number(m[1]) + 1}`;
  }
  m = /^x(\d+)$/.exec(name);
  if (m) return lang === "es" ? `la frontera tras el Sistema ${Number(m[1]) + 1}` : `the border after System ${Number(m[1]) + 1}`;
  m = /^k(\d+)\.([a-z])(\d?)$/.exec(name);
  if (m) {
    const kind = kinds[KEY_KINDS[m[2]]] || kinds.normal;
    return lang === "es" ? `${kind} de la Llave ${Number(m[1]) + 1}` : `${kind} of Key ${Number(m[1]) + 1}`;
  }
  return lang === "es" ? "un espacio" : "a space";
}

const token = (lang, kind) => TOKENS[lang][kind] || (lang === "es" ? "una flota boca abajo" : "a face-down fleet");

/** Cards by name when this seat may see them, else how many. */
function cards(lang, x, d, key = "cards") {
  if (Array.isArray(d[key])) return d[key].length ? x.list(d[key].map((c) => x.name(c))) : (lang === "es" ? "nada" : "nothing");
  const n = d[`${key}_count`] ?? 0;
  return lang === "es" ? `${n} carta(s)` : `${n} card(s)`;
}

function owner(x, seat) { return seat === null || seat === undefined ? "—" : x.who(seat); }

const E = (en, es) => ({ en: (d, x) => en("en", d, x), es: (d, x) => es("es", d, x) });

export const EVENTS = {
  GameSetUp: E((l, d) => `${d.players} colonies set out; the first to ${d.victory} VP wins.`,
               (l, d) => `${d.players} colonias se ponen en marcha; gana quien llegue a ${d.victory} PV.`),
  StepBegan: E((l, d, x) => `Now: ${PHASES.en[d.phase] || "the next step"}${d.order && d.order.length ? `, in the order ${x.list(d.order.map((s) => x.who(s)))}` : ""}.`,
               (l, d, x) => `Ahora: ${PHASES.es[d.phase] || "el siguiente paso"}${d.order && d.order.length ? `, en el orden ${x.list(d.order.map((s) => x.who(s)))}` : ""}.`),
  SystemPlaced: E((l, d, x) => `${x.who(d.seat)} placed the ${d.tile} System as System ${d.slot + 1}.`,
                  (l, d, x) => `${x.who(d.seat)} colocó el Sistema ${d.tile} como Sistema ${d.slot + 1}.`),
  ColonyChosen: E((l, d, x) => `${x.who(d.seat)} leads the ${x.name(d.colony)}${d.tech ? ` with ${x.name(d.tech)}` : ""}.`,
                  (l, d, x) => `${x.who(d.seat)} dirige ${x.name(d.colony)}${d.tech ? ` con ${x.name(d.tech)}` : ""}.`),
  FleetPlaced: E((l, d, x) => `${x.who(d.seat)} placed ${d.token ? `${/^[aeiou]/.test(token(l, d.token)) ? "an" : "a"} ${token(l, d.token)}` : "a fleet face down"} on ${space(l, d.space)}.`,
                 (l, d, x) => `${x.who(d.seat)} colocó ${d.token ? `${["shipyard", "decoy"].includes(d.token) ? "un" : "una"} ${token(l, d.token)}` : "una flota boca abajo"} en ${space(l, d.space)}.`),
  TechDeckFormed: E(() => "The Tech deck was shuffled.", () => "Se barajó el mazo de Tecnología."),
  AgendasDealt: E((l, d, x) => `${x.who(d.seat)} was dealt Agendas: ${cards(l, x, d)}.`,
                  (l, d, x) => `${x.who(d.seat)} recibió Agendas: ${cards(l, x, d)}.`),
  TurnBegan: E((l, d) => `Turn ${d.turn}.`, (l, d) => `Turno ${d.turn}.`),
  InitiativeChosen: E((l, d, x) => `${x.who(d.seat)} took Initiative card ${d.card}${d.tech ? ` playing ${x.name(d.tech)}` : ""}.`,
                      (l, d, x) => `${x.who(d.seat)} tomó la carta de Iniciativa ${d.card}${d.tech ? ` jugando ${x.name(d.tech)}` : ""}.`),
  BudgetAllocated: E((l, d, x) => `${x.who(d.seat)} set a Budget face down.`, (l, d, x) => `${x.who(d.seat)} fijó su presupuesto boca abajo.`),
  BudgetsRevealed: E((l, d, x) => `Budgets revealed: ${x.list((d.allocations || []).map((a, s) => `${x.who(s)} ${a.map((n, i) => `${n} ${CATEGORIES.en[i]}`).join(", ")}`))}.`,
                     (l, d, x) => `Se revelan los presupuestos: ${x.list((d.allocations || []).map((a, s) => `${x.who(s)} ${a.map((n, i) => `${n} ${CATEGORIES.es[i]}`).join(", ")}`))}.`),
  BudgetShifted: E((l, d, x) => `${x.who(d.by)} moved a Budget point of ${x.who(d.seat)} from ${CATEGORIES.en[d.source]} to ${CATEGORIES.en[d.target]}.`,
                   (l, d, x) => `${x.who(d.by)} movió un punto del presupuesto de ${x.who(d.seat)} de ${CATEGORIES.es[d.source]} a ${CATEGORIES.es[d.target]}.`),
  BudgetResolved: E(() => "The Budgets were spent.", () => "Se gastaron los presupuestos."),
  OverheadPromoted: E((l, d, x) => `Overhead ships promoted: ${cards(l, x, d)}.`, (l, d, x) => `Naves de gastos generales ascendidas: ${cards(l, x, d)}.`),
  ShipsStocked: E((l, d, x) => `${x.who(d.seat)} stocked ships: ${cards(l, x, d, "drawn")}.`, (l, d, x) => `${x.who(d.seat)} almacenó naves: ${cards(l, x, d, "drawn")}.`),
  CardsDrawn: E((l, d, x) => `${x.who(d.seat)} drew ${cards(l, x, d)}.`, (l, d, x) => `${x.who(d.seat)} robó ${cards(l, x, d)}.`),
  MovesGained: E((l, d) => `A fleet gained ${d.amount} move(s).`, (l, d) => `Una flota ganó ${d.amount} movimiento(s).`),
  FleetMoved: E((l, d) => `A fleet moved ${(d.path || []).length > 1 ? `from ${space(l, d.path[0])} ` : ""}to ${space(l, (d.path || [])[d.path.length - 1])}${d.attack !== null && d.attack !== undefined ? ", attacking" : ""}.`,
                (l, d) => `Una flota se movió ${(d.path || []).length > 1 ? `de ${space(l, d.path[0])} ` : ""}a ${space(l, (d.path || [])[d.path.length - 1])}${d.attack !== null && d.attack !== undefined ? ", atacando" : ""}.`),
  FleetScanned: E((l, d, x) => `${x.who(d.seat)} scanned a fleet ${d.distance} space(s) away: ${d.success ? (d.token ? `a ${token(l, d.token)}` : "seen") : "nothing learned"}.`,
                  (l, d, x) => `${x.who(d.seat)} escaneó una flota a ${d.distance} espacio(s): ${d.success ? (d.token ? token(l, d.token) : "vista") : "no averiguó nada"}.`),
  FleetFormed: E((l, d, x) => `${owner(x, d.owner ?? d.seat)} formed a fleet from scouts.`, (l, d, x) => `${owner(x, d.owner ?? d.seat)} formó una flota con exploradores.`),
  FleetReduced: E((l, d, x) => `A fleet of ${owner(x, d.owner)} lost ${d.count} ${token(l, d.kind)}.`, (l, d, x) => `Una flota de ${owner(x, d.owner)} perdió ${d.count} ${token(l, d.kind)}.`),
  FleetRemoved: E((l, d, x) => `A fleet of ${owner(x, d.owner)} left the board.`, (l, d, x) => `Una flota de ${owner(x, d.owner)} salió del tablero.`),
  DecoysAnnounced: E((l, d, x) => `${x.who(d.seat)} revealed ${d.count} decoy(s).`, (l, d, x) => `${x.who(d.seat)} reveló ${d.count} señuelo(s).`),
  DecoyRemoved: E((l, d, x) => `A decoy of ${owner(x, d.owner)} was taken off the board.`, (l, d, x) => `Se retiró un señuelo de ${owner(x, d.owner)}.`),
  BattleBegan: E((l, d, x) => `Battle on ${space(l, d.space)}: ${x.list((d.seats || []).map((s) => x.who(s)))}.`,
                 (l, d, x) => `Batalla en ${space(l, d.space)}: ${x.list((d.seats || []).map((s) => x.who(s)))}.`),
  BattleStepBegan: E((l, d) => `The battle goes on to ${STEPS.en[d.step] || "its next step"}.`, (l, d) => `La batalla pasa a ${STEPS.es[d.step] || "su siguiente paso"}.`),
  ShipsCommitted: E((l, d, x) => `${x.who(d.seat)} committed ships face down.`, (l, d, x) => `${x.who(d.seat)} comprometió naves boca abajo.`),
  CommitsRevealed: E((l, d, x) => `Ships revealed: ${x.list((d.commits || []).map((c) => (c && Array.isArray(c[0]) ? x.list(c[0].map((id) => x.name(id))) : "—")))}.`,
                     (l, d, x) => `Se revelan las naves: ${x.list((d.commits || []).map((c) => (c && Array.isArray(c[0]) ? x.list(c[0].map((id) => x.name(id))) : "—")))}.`),
  TacticsSet: E((l, d, x) => `${x.who(d.seat)} set their tactics.`, (l, d, x) => `${x.who(d.seat)} fijó sus tácticas.`),
  RoundFought: E((l, d) => `Battle round ${d.round} was fought.`, (l, d) => `Se luchó la ronda de batalla ${d.round}.`),
  ShipRepaired: E((l, d, x) => `${x.who(d.seat)} repaired a ${x.name(d.ship)}${d.tech ? ` with ${x.name(d.tech)}` : ""}.`,
                  (l, d, x) => `${x.who(d.seat)} reparó su ${x.name(d.ship)}${d.tech ? ` con ${x.name(d.tech)}` : ""}.`),
  Passed: E((l, d, x) => `${x.who(d.seat)} passed on ${STEPS.en[d.what] || "this step"}.`, (l, d, x) => `${x.who(d.seat)} pasó en ${STEPS.es[d.what] || "este paso"}.`),
  BattleEnded: E((l, d, x) => (d.winner === null || d.winner === undefined ? "The battle ended without a winner." : `${x.who(d.winner)} won the battle.`),
                 (l, d, x) => (d.winner === null || d.winner === undefined ? "La batalla terminó sin ganador." : `${x.who(d.winner)} ganó la batalla.`)),
  PlanetCaptured: E((l, d, x) => `${x.who(d.seat)} captured ${space(l, d.space)}${d.vp ? ` (+${d.vp} VP)` : ""}.`,
                    (l, d, x) => `${x.who(d.seat)} capturó ${space(l, d.space)}${d.vp ? ` (+${d.vp} PV)` : ""}.`),
  AgendaCompleted: E((l, d, x) => `${x.who(d.seat)} completed the Agenda ${x.name(d.card)} (+${d.vp} VP).`,
                     (l, d, x) => `${x.who(d.seat)} cumplió la Agenda ${x.name(d.card)} (+${d.vp} PV).`),
  AgendaReturned: E((l, d, x) => `${x.who(d.seat)} put an Agenda under the deck.`, (l, d, x) => `${x.who(d.seat)} puso una Agenda bajo el mazo.`),
  ShipReturned: E((l, d, x) => `${x.who(d.seat)} returned a ship card.`, (l, d, x) => `${x.who(d.seat)} devolvió una carta de nave.`),
  TechPlayed: E((l, d, x) => `${x.who(d.seat)} played ${x.name(d.card)}.`, (l, d, x) => `${x.who(d.seat)} jugó ${x.name(d.card)}.`),
  TechDiscarded: E((l, d, x) => `${x.who(d.seat)} discarded a Tech card.`, (l, d, x) => `${x.who(d.seat)} descartó una carta de Tecnología.`),
  HandDiscarded: E((l, d, x) => `${x.who(d.seat)} discarded their hand.`, (l, d, x) => `${x.who(d.seat)} descartó su mano.`),
  Regrouped: E((l, d, x) => `${x.who(d.seat)} regrouped.`, (l, d, x) => `${x.who(d.seat)} se reagrupó.`),
  CycleEnded: E((l, d) => `Cycle ${d.cycle} is over.`, (l, d) => `Termina el ciclo ${d.cycle}.`),
  GameEnded: E((l, d) => `The game is over: ${ENDINGS.en[d.reason] || "it has ended"}.`, (l, d) => `La partida ha terminado: ${ENDINGS.es[d.reason] || "ha llegado a su fin"}.`),
};
