// Every Nexum event in the game's words (the rulebooks' terms: factions, systems, planets,
// stars, the Action Row, phase cards, asteroids, relics, technologies), in English and Spanish.
// A faction is a seat's, or the AI's when no seat plays it; techs, relics, event kinds and
// civilization skills are named by the glossary (x.name).

const PHASES = { en: { movement: "Movement", management: "Management" }, es: { movement: "Movimiento", management: "Gestión" } };
const ENDINGS = {
  en: { round_limit: "the round limit was reached", victory_points: "victory points", relics: "relics", last_standing: "the last faction standing" },
  es: { round_limit: "se llegó al límite de rondas", victory_points: "puntos de victoria", relics: "reliquias", last_standing: "la última facción en pie" },
};
const MARKERS = { en: { no_movement: "No Movement", no_management: "No Management" }, es: { no_movement: "Sin Movimiento", no_management: "Sin Gestión" } };
const LOSSES = {
  en: { ionized: "an ionized atmosphere", ambush: "an ambush", sacrifice: "a sacrifice", black_hole: "a black hole", solar: "a solar flare" },
  es: { ionized: "una atmósfera ionizada", ambush: "una emboscada", sacrifice: "un sacrificio", black_hole: "un agujero negro", solar: "una erupción solar" },
};

/** The faction's player, or the AI for a faction no seat plays. */
function faction(l, x, f) {
  if (f === null || f === undefined) return l === "es" ? "nadie" : "nobody";
  if (x.seats && f >= x.seats) return l === "es" ? "la IA" : "the AI";
  return x.who(f);
}

/** A planet ("E2"), a star ("A*") or an exotic planet ("d1") in words. */
function place(l, p) {
  if (!p) return l === "es" ? "un lugar" : "a place";
  if (p === "cloud") return l === "es" ? "la Nube de Asteroides" : "the Asteroid Cloud";
  if (p === "wormhole") return l === "es" ? "el agujero de gusano" : "the wormhole";
  if (p.endsWith("*")) return l === "es" ? `la estrella ${p[0].toUpperCase()}` : `star ${p[0].toUpperCase()}`;
  return l === "es" ? `el planeta ${p}` : `planet ${p}`;
}

const phaseCard = (l, card) => String(card || "").split("_").map((p) => PHASES[l][p] || p).join(" + ");
const n = (l, count, one, many) => `${count} ${count === 1 ? one : many}`;
const ships = (l, c) => (l === "es" ? n(l, c, "nave", "naves") : n(l, c, "ship", "ships"));
const cardsOf = (l, d) => (Array.isArray(d.cards) ? d.cards.length : d.cards_count ?? 0);
const E = (en, es) => ({ en: (d, x) => en("en", d, x), es: (d, x) => es("es", d, x) });

export const EVENTS = {
  SectorLaidOut: E((l, d) => `The sector is laid out: ${d.seats} player(s)${(d.kinds || []).includes("ai") ? " and the AI" : ""}, at most ${d.max_rounds} rounds.`,
                   (l, d) => `Se despliega el sector: ${d.seats} jugador(es)${(d.kinds || []).includes("ai") ? " y la IA" : ""}, como mucho ${d.max_rounds} rondas.`),
  OptionalRulesChosen: E(() => "The optional rules are set.", () => "Se fijan las reglas opcionales."),
  AsteroidsPlaced: E(() => "Asteroids were placed on the planets.", () => "Se colocaron asteroides en los planetas."),
  ExoticAsteroidsPlaced: E(() => "Asteroids were placed on the exotic planets.", () => "Se colocaron asteroides en los planetas exóticos."),
  DeckReshuffled: E(() => "The event deck was reshuffled.", () => "Se barajó el mazo de eventos."),
  DeckTopSeen: E((l, d, x) => `${faction(l, x, d.faction)} looked at the next cards of the deck.`, (l, d, x) => `${faction(l, x, d.faction)} miró las próximas cartas del mazo.`),
  ActionRowDrawn: E((l, d) => `The Action Row is dealt: ${(d.cards || []).length} cards.`, (l, d) => `Se reparte la Fila de acción: ${(d.cards || []).length} cartas.`),
  RowDiscarded: E(() => "The Action Row was discarded.", () => "Se descartó la Fila de acción."),
  CardsDrawn: E((l, d, x) => `${faction(l, x, d.faction)} drew ${cardsOf(l, d)} card(s).`, (l, d, x) => `${faction(l, x, d.faction)} robó ${cardsOf(l, d)} carta(s).`),
  CardsDiscarded: E((l, d, x) => `${faction(l, x, d.faction)} discarded ${cardsOf(l, d)} card(s) over the hand limit.`, (l, d, x) => `${faction(l, x, d.faction)} descartó ${cardsOf(l, d)} carta(s) por encima del límite de mano.`),
  PhaseChosen: E((l, d, x) => `${faction(l, x, d.faction)} chose a phase card${d.card ? `: ${phaseCard(l, d.card)}` : ""}${d.bid !== undefined ? `, bidding ${d.bid}` : ""}.`,
                 (l, d, x) => `${faction(l, x, d.faction)} eligió una carta de fase${d.card ? `: ${phaseCard(l, d.card)}` : ""}${d.bid !== undefined ? `, pujando ${d.bid}` : ""}.`),
  PhasesRevealed: E((l, d, x) => `Phase cards revealed: ${x.list((d.choices || []).map(([f, card, bid]) => `${faction(l, x, f)} ${phaseCard(l, card)} (${bid})`))}.`,
                    (l, d, x) => `Se revelan las cartas de fase: ${x.list((d.choices || []).map(([f, card, bid]) => `${faction(l, x, f)} ${phaseCard(l, card)} (${bid})`))}.`),
  TurnStarted: E((l, d, x) => `${faction(l, x, d.faction)}'s turn: ${x.list((d.phases || []).map((p) => PHASES.en[p] || p))}.`,
                 (l, d, x) => `Turno de ${faction(l, x, d.faction)}: ${x.list((d.phases || []).map((p) => PHASES.es[p] || p))}.`),
  PhaseStarted: E((l, d, x) => `${faction(l, x, d.faction)} begins ${PHASES.en[(d.phases || [])[0]] || "the phase"}.`,
                  (l, d, x) => `${faction(l, x, d.faction)} empieza ${PHASES.es[(d.phases || [])[0]] || "la fase"}.`),
  TurnEnded: E((l, d, x) => `${faction(l, x, d.faction)} ended the turn.`, (l, d, x) => `${faction(l, x, d.faction)} terminó su turno.`),
  RoundEnded: E((l, d) => `Round ${d.round} is over.`, (l, d) => `Termina la ronda ${d.round}.`),
  EnergyExtracted: E((l, d, x) => `${faction(l, x, d.faction)} extracted ${d.amount} energy (now ${d.energy}).`, (l, d, x) => `${faction(l, x, d.faction)} extrajo ${d.amount} de energía (ahora ${d.energy}).`),
  FleetMoved: E((l, d, x) => `${faction(l, x, d.faction)} moved ${ships(l, d.ships)} from ${place(l, d.origin)} to ${place(l, d.to)}${d.cost ? ` for ${d.cost} energy` : ""}.`,
                (l, d, x) => `${faction(l, x, d.faction)} movió ${ships(l, d.ships)} de ${place(l, d.origin)} a ${place(l, d.to)}${d.cost ? ` por ${d.cost} de energía` : ""}.`),
  ShipReplicated: E((l, d, x) => `${faction(l, x, d.faction)} replicated a ship on ${place(l, d.planet)}.`, (l, d, x) => `${faction(l, x, d.faction)} replicó una nave en ${place(l, d.planet)}.`),
  BattleWon: E((l, d, x) => `${faction(l, x, d.attacker)} won the battle for ${place(l, d.planet)} against ${faction(l, x, d.defender)} (${d.attack} to ${d.defence}).`,
               (l, d, x) => `${faction(l, x, d.attacker)} ganó la batalla por ${place(l, d.planet)} contra ${faction(l, x, d.defender)} (${d.attack} a ${d.defence}).`),
  ShipsDestroyed: E((l, d, x) => `${faction(l, x, d.faction)} lost ${ships(l, d.count)} on ${place(l, d.place)}${LOSSES.en[d.reason] ? ` to ${LOSSES.en[d.reason]}` : ""}.`,
                    (l, d, x) => `${faction(l, x, d.faction)} perdió ${ships(l, d.count)} en ${place(l, d.place)}${LOSSES.es[d.reason] ? ` por ${LOSSES.es[d.reason]}` : ""}.`),
  ShipsRecovered: E((l, d, x) => `${faction(l, x, d.faction)} got ${ships(l, d.count)} back into the reserve.`, (l, d, x) => `${faction(l, x, d.faction)} recuperó ${ships(l, d.count)} en la reserva.`),
  StarLost: E((l, d, x) => `${faction(l, x, d.faction)} lost ${place(l, d.star)}.`, (l, d, x) => `${faction(l, x, d.faction)} perdió ${place(l, d.star)}.`),
  PlanetDestroyed: E((l, d) => `${place(l, d.planet)} was destroyed.`, (l, d) => `${place(l, d.planet)} fue destruido.`),
  PlanetDied: E((l, d) => `${place(l, d.planet)} died.`, (l, d) => `${place(l, d.planet)} murió.`),
  PlanetRevived: E((l, d, x) => `${place(l, d.planet)} came back to life.`, (l, d, x) => `${place(l, d.planet)} volvió a la vida.`),
  AsteroidCaptured: E((l, d, x) => `${faction(l, x, d.faction)} captured an asteroid on ${place(l, d.planet)}.`, (l, d, x) => `${faction(l, x, d.faction)} capturó un asteroide en ${place(l, d.planet)}.`),
  AsteroidsDiscarded: E((l, d, x) => `${faction(l, x, d.faction)} discarded ${(d.asteroids || []).length} asteroid(s).`, (l, d, x) => `${faction(l, x, d.faction)} descartó ${(d.asteroids || []).length} asteroide(s).`),
  TechResearched: E((l, d, x) => `${faction(l, x, d.faction)} researched ${x.name(d.tech)}.`, (l, d, x) => `${faction(l, x, d.faction)} investigó ${x.name(d.tech)}.`),
  EventCardPlayed: E((l, d, x) => `${faction(l, x, d.faction)} played an event card.`, (l, d, x) => `${faction(l, x, d.faction)} jugó una carta de evento.`),
  EventPassed: E((l, d, x) => `${faction(l, x, d.faction)} passed on events.`, (l, d, x) => `${faction(l, x, d.faction)} pasó en los eventos.`),
  EventResolved: E((l, d, x) => ((d.planets || []).length ? `A ${x.name(d.kind)} event struck ${x.list(d.planets.map((p) => place(l, p)))}.` : `A ${x.name(d.kind)} event struck no planet.`),
                   (l, d, x) => ((d.planets || []).length ? `Un evento ${x.name(d.kind)} afectó a ${x.list(d.planets.map((p) => place(l, p)))}.` : `Un evento ${x.name(d.kind)} no afectó a ningún planeta.`)),
  MarkerPlaced: E((l, d) => `A ${MARKERS.en[d.kind] || "marker"} marker on ${place(l, d.planet)} (${d.count}).`, (l, d) => `Un marcador ${MARKERS.es[d.kind] || ""} en ${place(l, d.planet)} (${d.count}).`),
  MarkersRemoved: E((l, d) => `${MARKERS.en[d.kind] || "The"} markers left ${place(l, d.planet)}.`, (l, d) => `Los marcadores ${MARKERS.es[d.kind] || ""} dejaron ${place(l, d.planet)}.`),
  AiCardResolved: E((l, d, x) => `The AI struck ${place(l, d.planet)}${d.landed ? `, landing ${ships(l, d.landed)}` : ""}${d.destroyed ? `, destroying ${ships(l, d.destroyed)}` : ""}.`,
                    (l, d, x) => `La IA atacó ${place(l, d.planet)}${d.landed ? `, desembarcando ${ships(l, d.landed)}` : ""}${d.destroyed ? `, destruyendo ${ships(l, d.destroyed)}` : ""}.`),
  ExplorationStarted: E((l, d, x) => `${faction(l, x, d.faction)} set out to explore from ${place(l, d.origin)}.`, (l, d, x) => `${faction(l, x, d.faction)} salió a explorar desde ${place(l, d.origin)}.`),
  ExplorationCardDrawn: E((l, d, x) => `${faction(l, x, d.faction)} drew an exploration card (cost ${d.cost}).`, (l, d, x) => `${faction(l, x, d.faction)} robó una carta de exploración (coste ${d.cost}).`),
  ExplorationFailed: E((l, d, x) => `${faction(l, x, d.faction)}'s exploration failed${d.lost ? ": the explorer is lost" : ""}.`, (l, d, x) => `La exploración de ${faction(l, x, d.faction)} fracasó${d.lost ? ": se pierde el explorador" : ""}.`),
  ExoticSystemPlaced: E((l, d, x) => `${faction(l, x, d.faction)} found exotic system ${String(d.system || "").toUpperCase()}.`, (l, d, x) => `${faction(l, x, d.faction)} encontró el sistema exótico ${String(d.system || "").toUpperCase()}.`),
  QuanticCardsDrawn: E((l, d) => `Quantic Instability struck system ${d.system}.`, (l, d) => `La Inestabilidad Cuántica golpeó el sistema ${d.system}.`),
  RelicPickedUp: E((l, d, x) => `${faction(l, x, d.faction)} picked up a ${x.name(d.relic)} relic on ${place(l, d.place)}.`, (l, d, x) => `${faction(l, x, d.faction)} recogió una reliquia ${x.name(d.relic)} en ${place(l, d.place)}.`),
  RelicMoved: E((l, d, x) => `A ${x.name(d.relic)} relic drifted to the Asteroid Cloud.`, (l, d, x) => `Una reliquia ${x.name(d.relic)} fue a la Nube de Asteroides.`),
  ShipCloaked: E((l, d, x) => `${faction(l, x, d.faction)} cloaked a ship.`, (l, d, x) => `${faction(l, x, d.faction)} ocultó una nave.`),
  ShipUncloaked: E((l, d, x) => `A cloaked ship of ${faction(l, x, d.faction)} appeared on ${place(l, d.place)}.`, (l, d, x) => `Una nave oculta de ${faction(l, x, d.faction)} apareció en ${place(l, d.place)}.`),
  CivilizationChosen: E((l, d, x) => `${faction(l, x, d.faction)} leads the ${x.name(d.civ)}.`, (l, d, x) => `${faction(l, x, d.faction)} dirige a los ${x.name(d.civ)}.`),
  CivilizationEvolved: E((l, d, x) => `${faction(l, x, d.faction)} reached the 2nd Generation.`, (l, d, x) => `${faction(l, x, d.faction)} alcanzó la 2.ª Generación.`),
  SkillUsed: E((l, d, x) => `${faction(l, x, d.faction)} used ${x.name(d.skill)}.`, (l, d, x) => `${faction(l, x, d.faction)} usó ${x.name(d.skill)}.`),
  WormholeOpened: E((l, d) => `This is table ${d.table + 1} of ${d.tables}, linked by a wormhole.`, (l, d) => `Esta es la mesa ${d.table + 1} de ${d.tables}, unidas por un agujero de gusano.`),
  FleetDeparted: E((l, d, x) => `${faction(l, x, d.faction)} sent ${ships(l, d.ships)} through the wormhole.`, (l, d, x) => `${faction(l, x, d.faction)} envió ${ships(l, d.ships)} por el agujero de gusano.`),
  FleetArrived: E((l, d, x) => `${faction(l, x, d.faction)}'s fleet arrived through the wormhole from table ${(d.from_table ?? 0) + 1}: ${ships(l, d.ships ?? 0)}.`,
                  (l, d, x) => `La flota de ${faction(l, x, d.faction)} llegó por el agujero de gusano desde la mesa ${(d.from_table ?? 0) + 1}: ${ships(l, d.ships ?? 0)}.`),
  WormholeCrossed: E((l, d, x) => `${faction(l, x, d.faction)}'s fleet came out of the wormhole on ${place(l, d.to)}.`, (l, d, x) => `La flota de ${faction(l, x, d.faction)} salió del agujero de gusano en ${place(l, d.to)}.`),
  CampaignAsteroidGiven: E((l, d, x) => `${faction(l, x, d.faction)} got an asteroid from the Mining Sector.`, (l, d, x) => `${faction(l, x, d.faction)} recibió un asteroide del Sector Minero.`),
  CampaignMarkerPlayed: E((l, d, x) => `${faction(l, x, d.faction)} played a campaign marker on ${place(l, d.planet)}.`, (l, d, x) => `${faction(l, x, d.faction)} jugó un marcador de campaña en ${place(l, d.planet)}.`),
  CampaignMarkerExpired: E((l, d) => `The campaign marker on ${place(l, d.planet)} expired.`, (l, d) => `Caducó el marcador de campaña de ${place(l, d.planet)}.`),
  GameWon: E((l, d, x) => (d.winner === null || d.winner === undefined ? `The game is over (${ENDINGS.en[d.reason] || "it ended"}): a tie.` : `${faction(l, x, d.winner)} won (${ENDINGS.en[d.reason] || "by the rules"}).`),
             (l, d, x) => (d.winner === null || d.winner === undefined ? `La partida ha terminado (${ENDINGS.es[d.reason] || "llegó su fin"}): empate.` : `${faction(l, x, d.winner)} ganó (${ENDINGS.es[d.reason] || "según las reglas"}).`)),
};
