// The interface's words in English and Spanish. A match's own `language` option (Exsilium)
// decides the words on its page; elsewhere the player's choice, first guessed from the browser.

const WORDS = {
  en: {
    language: "Language", signIn: "Sign in", signOut: "Sign out", yourName: "Your name",
    signInHelp: "Pick a name to play under. Your key stays in this browser only.",
    signedInAs: "Signed in as {name}", yourId: "Your player id (give it to friends so they can seat you)",
    copy: "Copy", yourTurn: "Your turn", noTurn: "Nothing waits for you.",
    myMatches: "My matches", noMatches: "No matches yet.", newMatch: "New match",
    game: "Game", seats: "Seats", seat: "Seat", you: "You", bot: "Bot", friend: "Friend (player id)",
    level: "Level", options: "Options", clock: "Clock", noClock: "No clock",
    perMove: "Per move", bank: "Bank", seconds: "seconds", hours: "hours", days: "days",
    onTimeout: "When time runs out", create: "Create match", open: "Open",
    findMatch: "Find a match", players: "Players", mode: "Mode", ranked: "Ranked",
    casual: "Casual", allowBots: "Bots may fill empty seats", maxWait: "Wait at most (seconds)",
    search: "Search", ticket: "Ticket", cancel: "Cancel", status: "Status",
    vacation: "Vacation", onVacation: "On vacation until {until}", notOnVacation: "Not on vacation.",
    daysLeft: "{n} day(s) left this year", startVacation: "Start vacation", endVacation: "End vacation",
    watch: "Watch a match", matchId: "Match id", go: "Go",
    toAct: "To act", waitingFor: "Waiting for {who}.", yourMove: "Your move",
    chooseMove: "Choose your move", startOver: "Start over", back: "Back",
    moreChoices: "{n} moves", noMoves: "You have nothing to do now.",
    resign: "Resign", confirmResign: "Resign this match?", abort: "Abort", reclaim: "Take back my seat",
    replay: "Replay", live: "Live", backToLive: "Back to live", first: "First", previous: "Previous",
    next: "Next", last: "Last", version: "Move", history: "What happened",
    spectator: "You are watching", finished: "Finished", aborted: "Aborted", active: "In play",
    invited: "Invited", declined: "Declined", winner: "Winner", score: "Score", draw: "Draw",
    refused: "Refused", connection: "Live", reconnecting: "Reconnecting…", connected: "Connected",
    accept: "Accept", decline: "Decline", invitations: "Invitations", home: "Home",
    paused: "paused", timeLeft: "time left", botPlays: "a bot plays this seat",
    moved: "The match moved on; here is where it stands now.", rank: "Rank",
    view: "Table (everything your seat may see)", board: "Board", hand: "Hand",
    deck: "Deck", discard: "Discard", upgrades: "Upgrades", combat: "Combat", tokens: "Tokens",
    points: "Points", round: "Round", phase: "Phase", faction: "Faction", pending: "Owed",
    stack: "Tile stack", nodes: "nodes", sent: "Sent.", decidedBy: "Decided by",
    signInToPlay: "Sign in to play.", gameOptionsNone: "This game has no options.",
    created: "Created.", loading: "Loading…", matched: "Matched", waiting: "Waiting",
    expired: "Expired", cancelled: "Cancelled", moreActions: "Other actions",
    actionCards: "Action cards", faceUp: "face up", faceDown: "face down", drones: "Drones",
    resources: "Resources", outposts: "Outposts", top: "top", endTriggers: "Game end",
    miniatures: "Miniatures", baralytas: "Baralytas", markers: "Markers", newaru: "Newaru",
    terminals: "Terminals", controlled: "controlled", combatStage: "stage", foe: "foe",
    committed: "committed", enemyAction: "enemy action", asText: "Show the table as text",
    awaitingAccept: "Waiting for {who} to accept.",
    matchOver: "The match is over.", howToPlay: "How to play", yes: "yes", no: "no", playersRange: "{min} to {max} players.", yourMoves: "What you can do", movesInEnglish: "The moves below are described in English.", toWatch: "Matches to watch", nothingToWatch: "No match to watch yet.", notifyMe: "Tell me when it is my turn", notifyTitle: "Orrery: your turn", notifyBody: "A {game} match waits for your move.", analysis: "Analysis", analysisPending: "The bots are looking at this match…", analysisUnavailable: "No analysis of this match yet.", noMistakes: "No move gave up more than a tenth of a win chance.", mistakes: "Mistakes", mistakeLine: "{who} gave up {loss}% of a win chance.", played: "Played", better: "Better", evaluationGraph: "Each seat's chance to win, move by move", somethingHappened: "The match moved on.", defaultLevel: "default",
    bot_mcts: "Bot: searches ahead (mcts)", bot_greedy: "Bot: best next move (greedy)", bot_random: "Bot: random moves",
    optionsElsewhere: "Set by battle groups and campaigns",
    timeout_bot: "A bot plays the turn", timeout_skip: "The turn is passed", timeout_forfeit: "The seat loses",
  },
  es: {
    language: "Idioma", signIn: "Entrar", signOut: "Salir", yourName: "Tu nombre",
    signInHelp: "Elige un nombre para jugar. Tu clave se queda sólo en este navegador.",
    signedInAs: "Has entrado como {name}", yourId: "Tu id de jugador (dáselo a tus amigos para que te sienten)",
    copy: "Copiar", yourTurn: "Te toca", noTurn: "Nada te espera.",
    myMatches: "Mis partidas", noMatches: "Aún no hay partidas.", newMatch: "Nueva partida",
    game: "Juego", seats: "Asientos", seat: "Asiento", you: "Tú", bot: "Bot", friend: "Amigo (id de jugador)",
    level: "Nivel", options: "Opciones", clock: "Reloj", noClock: "Sin reloj",
    perMove: "Por jugada", bank: "Banco", seconds: "segundos", hours: "horas", days: "días",
    onTimeout: "Cuando se acaba el tiempo", create: "Crear partida", open: "Abrir",
    findMatch: "Buscar partida", players: "Jugadores", mode: "Modo", ranked: "Clasificatoria",
    casual: "Amistosa", allowBots: "Los bots pueden ocupar asientos vacíos", maxWait: "Esperar como mucho (segundos)",
    search: "Buscar", ticket: "Solicitud", cancel: "Cancelar", status: "Estado",
    vacation: "Vacaciones", onVacation: "De vacaciones hasta {until}", notOnVacation: "Sin vacaciones.",
    daysLeft: "Quedan {n} día(s) este año", startVacation: "Empezar vacaciones", endVacation: "Terminar vacaciones",
    watch: "Ver una partida", matchId: "Id de partida", go: "Ir",
    toAct: "Le toca", waitingFor: "Esperando a {who}.", yourMove: "Tu jugada",
    chooseMove: "Elige tu jugada", startOver: "Empezar de nuevo", back: "Atrás",
    moreChoices: "{n} jugadas", noMoves: "Ahora no tienes nada que hacer.",
    resign: "Rendirse", confirmResign: "¿Rendirte en esta partida?", abort: "Anular", reclaim: "Recuperar mi asiento",
    replay: "Repetición", live: "En directo", backToLive: "Volver al directo", first: "Primera", previous: "Anterior",
    next: "Siguiente", last: "Última", version: "Jugada", history: "Qué ha pasado",
    spectator: "Estás mirando", finished: "Terminada", aborted: "Anulada", active: "En juego",
    invited: "Invitada", declined: "Rechazada", winner: "Ganador", score: "Puntos", draw: "Empate",
    refused: "Rechazada", connection: "En directo", reconnecting: "Reconectando…", connected: "Conectado",
    accept: "Aceptar", decline: "Rechazar", invitations: "Invitaciones", home: "Inicio",
    paused: "en pausa", timeLeft: "tiempo restante", botPlays: "un bot juega este asiento",
    moved: "La partida ha avanzado; así está ahora.", rank: "Puesto",
    view: "Mesa (todo lo que tu asiento puede ver)", board: "Tablero", hand: "Mano",
    deck: "Mazo", discard: "Descarte", upgrades: "Mejoras", combat: "Combate", tokens: "Tokens",
    points: "Puntos", round: "Ronda", phase: "Fase", faction: "Facción", pending: "Pendiente",
    stack: "Pila de losetas", nodes: "nodos", sent: "Enviada.", decidedBy: "Decidida por",
    signInToPlay: "Entra para jugar.", gameOptionsNone: "Este juego no tiene opciones.",
    created: "Creada.", loading: "Cargando…", matched: "Emparejada", waiting: "Esperando",
    expired: "Caducada", cancelled: "Cancelada", moreActions: "Otras acciones",
    actionCards: "Cartas de acción", faceUp: "boca arriba", faceDown: "boca abajo", drones: "Drones",
    resources: "Recursos", outposts: "Puestos", top: "arriba", endTriggers: "Fin de partida",
    miniatures: "Miniaturas", baralytas: "Baralytas", markers: "Marcadores", newaru: "Newaru",
    terminals: "Terminales", controlled: "controlado", combatStage: "fase", foe: "rival",
    committed: "comprometidas", enemyAction: "acción enemiga", asText: "Mostrar la mesa como texto",
    awaitingAccept: "Esperando a que {who} acepte.",
    matchOver: "La partida ha terminado.", howToPlay: "Cómo se juega", yes: "sí", no: "no", playersRange: "De {min} a {max} jugadores.", yourMoves: "Qué puedes hacer", movesInEnglish: "Las jugadas de abajo se describen en inglés.", toWatch: "Partidas para ver", nothingToWatch: "Aún no hay partidas para ver.", notifyMe: "Avísame cuando me toque", notifyTitle: "Orrery: te toca", notifyBody: "Una partida de {game} espera tu jugada.", analysis: "Análisis", analysisPending: "Los bots están mirando esta partida…", analysisUnavailable: "Aún no hay análisis de esta partida.", noMistakes: "Ninguna jugada perdió más de una décima de probabilidad de ganar.", mistakes: "Errores", mistakeLine: "{who} perdió un {loss}% de probabilidad de ganar.", played: "Jugó", better: "Mejor", evaluationGraph: "Probabilidad de ganar de cada asiento, jugada a jugada", somethingHappened: "La partida avanzó.", defaultLevel: "por defecto",
    bot_mcts: "Bot: busca por delante (mcts)", bot_greedy: "Bot: la mejor jugada inmediata (greedy)", bot_random: "Bot: jugadas al azar",
    optionsElsewhere: "Las fijan los grupos de batalla y las campañas",
    timeout_bot: "Un bot juega el turno", timeout_skip: "Se pasa el turno", timeout_forfeit: "El asiento pierde",
  },
};

export const LANGUAGES = Object.keys(WORDS);
const CHOSEN_KEY = "orrery.lang";
let current = chosen();

/** The player's own choice, else the browser's language when we have its words. */
export function chosen() {
  const stored = localStorage.getItem(CHOSEN_KEY);
  if (stored && WORDS[stored]) return stored;
  const browser = (navigator.language || "en").slice(0, 2);
  return WORDS[browser] ? browser : "en";
}

export function choose(lang) {
  if (WORDS[lang]) localStorage.setItem(CHOSEN_KEY, lang);
  setLanguage(lang);
}

export function setLanguage(lang) {
  const before = current;
  current = WORDS[lang] ? lang : "en";
  if (before !== current) window.dispatchEvent(new Event("orrery:language"));
  document.documentElement.lang = current;
  const select = document.getElementById("lang-select");
  if (select) select.value = current;
  const label = document.getElementById("lang-label");
  if (label) label.textContent = t("language");
}

export function language() { return current; }

/** The word for `key` in the current language, with {placeholders} filled from `vars`. */
export function t(key, vars = {}) {
  const text = WORDS[current][key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}
