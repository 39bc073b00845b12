// Every Exsilium event in the book's words, in English and Spanish (the match's `language`
// option decides which): factions, miniatures, Newaru, Baralytas, terminals, holes, the
// upgrade row and combats. Factions, card types and enemy actions are named by the
// glossary (x.name); a card in this seat's sight by its name (x.card).

const ABILITIES = {
  en: { syl_drone: "the SYL drone", keber_strike: "the Keber strike", wardun_web: "the Wardun web", vinsan_hole: "a Vinsan hole" },
  es: { syl_drone: "el dron SYL", keber_strike: "el golpe Keber", wardun_web: "la red Wardun", vinsan_hole: "un socavón Vinsan" },
};
const ENDINGS = {
  en: { goal: "the Baralytas goal was reached", round_limit: "the round limit was reached" },
  es: { goal: "se alcanzó el objetivo de Baralytas", round_limit: "se llegó al límite de rondas" },
};

const mini = (l, m) => (l === "es" ? `la miniatura ${Number(m) + 1}` : `miniature ${Number(m) + 1}`);
const count = (l, n, one, many) => `${n} ${n === 1 ? one : many}`;
const cards = (l, d) => {
  const n = Array.isArray(d.cards) ? d.cards.length : d.count ?? d.cards_count ?? 0;
  return l === "es" ? count(l, n, "carta", "cartas") : count(l, n, "card", "cards");
};
/** A card by name when it can be told (its card type from the id of a basic card). */
function card(l, x, id) {
  if (id === null || id === undefined) return l === "es" ? "una carta" : "a card";
  const seen = x.card ? x.card(id) : null;
  if (seen) return seen;
  const basic = /^p\d+-([a-z]+)-\d+$/.exec(String(id));
  if (basic) return x.name(basic[1]);
  return l === "es" ? "una carta mejorada" : "an upgraded card";
}
const who = (x, d) => x.who(d.seat);
const E = (en, es) => ({ en: (d, x) => en("en", d, x), es: (d, x) => es("es", d, x) });
const plainly = (en, es) => E(() => en, () => es);
const seatSays = (en, es) => E((l, d, x) => `${who(x, d)} ${en}.`, (l, d, x) => `${who(x, d)} ${es}.`);

export const EVENTS = {
  MatchSetUp: E((l, d) => `The table is set for ${d.seats} factions.`, (l, d) => `La mesa está preparada para ${d.seats} facciones.`),
  FactionChosen: E((l, d, x) => `${who(x, d)} leads ${x.name(d.faction)}.`, (l, d, x) => `${who(x, d)} dirige a ${x.name(d.faction)}.`),
  BidPlaced: seatSays("placed a secret bid", "hizo su apuesta secreta"),
  BidsRevealed: E((l, d, x) => `Bids revealed: ${x.list(Object.entries(d.bids || {}).map(([s, b]) => `${x.who(Number(s))} ${b}`))}; ${x.who(d.first)} starts.`,
                  (l, d, x) => `Se revelan las apuestas: ${x.list(Object.entries(d.bids || {}).map(([s, b]) => `${x.who(Number(s))} ${b}`))}; empieza ${x.who(d.first)}.`),
  StartChosen: seatSays("chose a starting tile", "eligió su loseta inicial"),
  RoundStarted: E((l, d) => `Round ${d.round} begins.`, (l, d) => `Empieza la ronda ${d.round}.`),
  TurnStarted: E((l, d, x) => `${who(x, d)}'s turn.`, (l, d, x) => `Turno de ${who(x, d)}.`),
  TurnEnded: seatSays("ended the turn", "terminó su turno"),
  CardsDrawn: E((l, d, x) => `${who(x, d)} drew ${cards(l, d)}.`, (l, d, x) => `${who(x, d)} robó ${cards(l, d)}.`),
  DeckReshuffled: seatSays("reshuffled their deck", "barajó su mazo"),
  CardUsed: E((l, d, x) => `${who(x, d)} played ${card(l, x, d.card)}.`, (l, d, x) => `${who(x, d)} jugó ${card(l, x, d.card)}.`),
  CardsFatigued: E((l, d, x) => `${who(x, d)} tired ${cards(l, d)}.`, (l, d, x) => `${who(x, d)} fatigó ${cards(l, d)}.`),
  CardsDiscarded: E((l, d, x) => `${who(x, d)} discarded ${cards(l, d)}.`, (l, d, x) => `${who(x, d)} descartó ${cards(l, d)}.`),
  CardDropped: E((l, d, x) => `${who(x, d)} dropped ${card(l, x, d.card)} ${d.face === "down" ? "face down" : "face up"} on the board.`,
                 (l, d, x) => `${who(x, d)} soltó ${card(l, x, d.card)} ${d.face === "down" ? "boca abajo" : "boca arriba"} en el tablero.`),
  CardRemoved: E((l, d, x) => `${who(x, d)} removed ${card(l, x, d.card)} from the match.`, (l, d, x) => `${who(x, d)} eliminó ${card(l, x, d.card)} de la partida.`),
  CardSwapped: seatSays("swapped a card with the discard pile", "intercambió una carta con su descarte"),
  CardPlaced: seatSays("placed a card face down for the combat", "colocó una carta boca abajo para el combate"),
  CardsCommitted: E((l, d, x) => `${who(x, d)} committed ${cards(l, d)} to the combat.`, (l, d, x) => `${who(x, d)} comprometió ${cards(l, d)} al combate.`),
  CardConceded: seatSays("conceded to the winner", "cedió ante el ganador"),
  CardsBought: E((l, d, x) => `${who(x, d)} bought ${Array.isArray(d.cards) ? cards(l, d) : (l === "es" ? "mejoras" : "upgrades")}.`,
                 (l, d, x) => `${who(x, d)} compró ${Array.isArray(d.cards) ? cards(l, d) : "mejoras"}.`),
  UpgradeAccessed: seatSays("went to the upgrade row", "accedió a la fila de mejoras"),
  UpgradeCycled: seatSays("cycled the upgrade row", "renovó la fila de mejoras"),
  UpgradeLeft: seatSays("left the upgrade row", "salió de la fila de mejoras"),
  MiniatureActivated: E((l, d, x) => `${who(x, d)} brought ${mini(l, d.mini)} onto the board.`, (l, d, x) => `${who(x, d)} activó ${mini(l, d.mini)} en el tablero.`),
  MiniatureMoved: E((l, d, x) => `${who(x, d)} moved ${mini(l, d.mini)}.`, (l, d, x) => `${who(x, d)} movió ${mini(l, d.mini)}.`),
  MoveResumed: E((l, d, x) => `${who(x, d)} ${d.path ? "moved on" : "stopped"}.`, (l, d, x) => `${who(x, d)} ${d.path ? "siguió moviendo" : "se detuvo"}.`),
  MiniatureDisplaced: plainly("A miniature was pushed to another node.", "Se desplazó una miniatura a otro nodo."),
  MiniatureTrapped: plainly("A miniature was trapped in the Wardun web.", "Una miniatura quedó atrapada en la red Wardun."),
  MiniatureDefeated: E((l, d, x) => `${who(x, d)} lost ${mini(l, d.mini)}.`, (l, d, x) => `${who(x, d)} perdió ${mini(l, d.mini)}.`),
  FrontierBlocked: E((l, d, x) => `${who(x, d)} was stopped by a frontier of ${d.frontier}.`, (l, d, x) => `A ${who(x, d)} le detuvo una frontera de ${d.frontier}.`),
  TileRevealed: E((l, d) => `A tile was revealed${d.tile ? `: ${d.tile}` : ""}.`, (l, d) => `Se reveló una loseta${d.tile ? `: ${d.tile}` : ""}.`),
  HoleOpened: E((l, d) => `A hole opened, destroying ${count(l, (d.destroyed || []).length, "node", "nodes")}.`,
                (l, d) => `Se abrió un socavón que destruyó ${count(l, (d.destroyed || []).length, "nodo", "nodos")}.`),
  MineDetonated: plainly("A mine exploded.", "Explotó una mina."),
  HologramSet: seatSays("set a hologram", "colocó un holograma"),
  HologramResolved: plainly("The hologram was resolved.", "Se resolvió el holograma."),
  MarkerPickedUp: seatSays("picked up a marker", "recogió un marcador"),
  BaralytasCollected: E((l, d, x) => `${who(x, d)} collected Baralytas worth ${(d.values || []).reduce((a, b) => a + b, 0)}.`,
                        (l, d, x) => `${who(x, d)} recogió Baralytas por valor de ${(d.values || []).reduce((a, b) => a + b, 0)}.`),
  BaralytasGiven: seatSays("gave a Baralytas to the winner", "entregó un Baralytas al ganador"),
  BaralytasReturned: E((l, d, x) => `${who(x, d)} returned a Baralytas worth ${d.value} to a deposit.`, (l, d, x) => `${who(x, d)} devolvió un Baralytas de valor ${d.value} a un yacimiento.`),
  TerminalControlled: seatSays("took control of a connection terminal", "tomó el control de un terminal de conexión"),
  ControlWithdrawn: plainly("A terminal's control was cracked.", "Se rompió el control de un terminal."),
  TerminalTokenTaken: seatSays("took a terminal token", "tomó un token de terminal"),
  TerminalTokenGiven: E((l, d, x) => `${x.who(d.from)} gave a terminal token to ${x.who(d.to)}.`, (l, d, x) => `${x.who(d.from)} dio un token de terminal a ${x.who(d.to)}.`),
  TokensPaid: E((l, d, x) => `${who(x, d)} paid ${count(l, d.count, "faction token", "faction tokens")}.`, (l, d, x) => `${who(x, d)} pagó ${count(l, d.count, "token de facción", "tokens de facción")}.`),
  RewardTaken: seatSays("took a reward", "tomó una recompensa"),
  SlotFilled: seatSays("filled an ability slot", "llenó un hueco de habilidad"),
  AbilityReleased: seatSays("released the faction ability", "liberó la habilidad de facción"),
  AbilityUnleashed: E((l, d, x) => `${who(x, d)} unleashed ${ABILITIES.en[d.ability] || "the faction ability"}.`, (l, d, x) => `${who(x, d)} desató ${ABILITIES.es[d.ability] || "la habilidad de facción"}.`),
  NewaruSpawned: plainly("A Newaru appeared.", "Apareció un Newaru."),
  NewaruMoved: plainly("A Newaru moved.", "Un Newaru se movió."),
  NewaruRemoved: plainly("A Newaru left the board.", "Un Newaru salió del tablero."),
  CombatStarted: E((l, d, x) => `Combat! ${x.who(d.attacker)} against ${d.foe && d.foe[0] === "newaru" ? "a Newaru" : x.who((d.foe || [])[1])}.`,
                   (l, d, x) => `¡Combate! ${x.who(d.attacker)} contra ${d.foe && d.foe[0] === "newaru" ? "un Newaru" : x.who((d.foe || [])[1])}.`),
  EnemyActionRevealed: E((l, d, x) => `The Newaru's action: ${x.name(d.card)}.`, (l, d, x) => `Acción del Newaru: ${x.name(d.card)}.`),
  OutcomeDrawn: E((l, d) => `An Outcome card of ${d.value} was drawn.`, (l, d) => `Se robó una carta de Desenlace de ${d.value}.`),
  CombatRevealed: E((l, d) => `Combat cards revealed: strength ${(d.strengths || []).join(" against ")}.`, (l, d) => `Se revelan las cartas del combate: fuerza ${(d.strengths || []).join(" contra ")}.`),
  CombatWon: E((l, d, x) => (d.winner === null || d.winner === undefined ? `The Newaru won the combat.` : `${x.who(d.winner)} won the combat.`),
               (l, d, x) => (d.winner === null || d.winner === undefined ? `El Newaru ganó el combate.` : `${x.who(d.winner)} ganó el combate.`)),
  CombatAvoided: plainly("The combat was avoided.", "Se evitó el combate."),
  ChoiceOwed: E((l, d, x) => `${who(x, d)} must choose.`, (l, d, x) => `${who(x, d)} debe elegir.`),
  EscapeDecided: seatSays("decided whether to leave the conflict zone", "decidió si abandonar la zona de conflicto"),
  WardDecided: E((l, d, x) => `${who(x, d)} ${d.card ? "warded off the effect" : "endured the effect"}.`, (l, d, x) => `${who(x, d)} ${d.card ? "esquivó el efecto" : "asumió el efecto"}.`),
  MatchEnded: E((l, d, x) => {
    const r = d.result || {};
    return r.winner === null || r.winner === undefined ? `The match is over: ${ENDINGS.en[r.reason] || "it ended"}.` : `${x.who(r.winner)} wins: ${ENDINGS.en[r.reason] || "the match is over"}.`;
  }, (l, d, x) => {
    const r = d.result || {};
    return r.winner === null || r.winner === undefined ? `La partida ha terminado: ${ENDINGS.es[r.reason] || "llegó su fin"}.` : `Gana ${x.who(r.winner)}: ${ENDINGS.es[r.reason] || "la partida ha terminado"}.`;
  }),
};
