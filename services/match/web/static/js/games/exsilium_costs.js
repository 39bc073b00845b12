// What an Exsilium move costs and does, under its button: the card it uses up, the faction
// tokens it pays, what it buys and what happens. Everything is read from the seat's own view
// (its hand, tokens, terminal tokens, ability slots; the public upgrade row), so nothing is
// said that the seat may not see. Costs follow the engine (shared/games/exsilium/actions.py,
// factions.py, evolve.py): a card action uses one card; tokens pay for the special actions.

import { language } from "../i18n.js";
import { list } from "./common.js";

const WORDS = {
  en: {
    costs: "Costs", does: "Does", free: "nothing", card: (c) => `the card ${c}`, tokens: (n) => (n === 1 ? "1 faction token" : `${n} faction tokens`),
    activate: (m, n) => `brings miniature ${m} from your board onto node ${n}`,
    move: (m, n) => `moves miniature ${m} to node ${n}`, hologram: "a hologram stays where the miniature was",
    control: "leaves a faction token on the terminal you leave: it is yours",
    drop: { up: (n) => `lays the card face up on node ${n}`, down: (n) => `lays the card face down on node ${n}, hidden from the others`, supply: (n) => `puts the card in the supply deck, a marker on node ${n}` },
    remove: "removes the card from the game", terminal: (m, n) => `brings miniature ${m} from your board onto your terminal at node ${n}`,
    access: "opens the upgrades row: buy cards with your hand's strength", leave: "closes the upgrades row",
    cycleOne: (c) => `discards ${c} from the row for a new card`, cycleAll: "discards the whole row for new cards",
    buy: (cost, value, terminals) => `${cost} strength; you pay ${value}${terminals ? `, ${terminals} of it from your terminal tokens` : ""}`,
    bought: (cards) => `takes ${cards} into your hand; the cards paid go to your discard pile`,
    slotFirst: "fills your first ability slot", slotSecond: (f) => `fills your second ability slot and unleashes the ${f} ability`,
    bid: "a secret bid for the turn order: the highest bid plays first; a tie bids again", start: "your miniatures enter the board on this tile",
    commit: (n) => `strength ${n} in the combat`, place: "placed face down for the combat", discard: "the cards go to your discard pile",
    endTurn: "ends your turn: the next player plays",
  },
  es: {
    costs: "Coste", does: "Efecto", free: "nada", card: (c) => `la carta ${c}`, tokens: (n) => (n === 1 ? "1 token de facción" : `${n} tokens de facción`),
    activate: (m, n) => `lleva la miniatura ${m} de tu tablero al nodo ${n}`,
    move: (m, n) => `mueve la miniatura ${m} al nodo ${n}`, hologram: "un holograma queda donde estaba la miniatura",
    control: "deja un token de facción en el terminal que abandonas: pasa a ser tuyo",
    drop: { up: (n) => `deja la carta boca arriba en el nodo ${n}`, down: (n) => `deja la carta boca abajo en el nodo ${n}, oculta a los demás`, supply: (n) => `pone la carta en el mazo de suministros, con un marcador en el nodo ${n}` },
    remove: "elimina la carta de la partida", terminal: (m, n) => `lleva la miniatura ${m} de tu tablero a tu terminal del nodo ${n}`,
    access: "abre la fila de mejoras: compra cartas con la fuerza de tu mano", leave: "cierra la fila de mejoras",
    cycleOne: (c) => `descarta ${c} de la fila por una carta nueva`, cycleAll: "descarta toda la fila por cartas nuevas",
    buy: (cost, value, terminals) => `${cost} de fuerza; pagas ${value}${terminals ? `, ${terminals} con tus tokens de terminal` : ""}`,
    bought: (cards) => `añade ${cards} a tu mano; las cartas pagadas van a tu descarte`,
    slotFirst: "llena tu primera casilla de habilidad", slotSecond: (f) => `llena tu segunda casilla de habilidad y desata la habilidad ${f}`,
    bid: "una apuesta secreta por el orden de turno: la más alta juega primero; un empate apuesta de nuevo", start: "tus miniaturas entran en el tablero por esta loseta",
    commit: (n) => `fuerza ${n} en el combate`, place: "colocada boca abajo para el combate", discard: "las cartas van a tu descarte",
    endTurn: "termina tu turno: juega el siguiente jugador",
  },
};

/** A card this seat may see: in a hand it holds, a discard pile or the upgrade row. */
export function cardById(view, id) {
  for (const p of (view && view.players) || []) {
    for (const c of [...(p.hand || []), ...(p.discard || [])]) if (c.id === id) return c;
  }
  return ((view && view.upgrades) || []).find((c) => c && c.id === id) || null;
}

function named(view, id) {
  const c = cardById(view, id);
  return c ? `${c.name} (${c.strength})` : null;
}

/** "Costs: …. Does: …." for one command; "" when there is nothing worth saying. */
export function explain(command, ctx) {
  const view = ctx.view || {};
  const words = WORDS[language()] || WORDS.en;
  const me = (view.players || [])[view.you] || {};
  const costs = [], does = [];
  const card = typeof command.card === "string" ? cardById(view, command.card) : null;
  const useCard = () => { if (card) costs.push(words.card(named(view, command.card))); };
  const nextMini = () => ((me.player_board || [])[0] ?? 0) + 1;
  const path = Array.isArray(command.path) ? command.path : [];
  switch (command.type) {
    case "choose_faction": return (ctx.text && ctx.text(command.faction)) || "";
    case "bid": costs.push(words.tokens(command.amount)); does.push(words.bid); break;
    case "choose_start": does.push(words.start); break;
    case "activate": useCard(); does.push(words.activate(nextMini(), command.node)); break;
    case "move": {
      const hologram = command.action && card && card.key === "hologram";
      useCard();
      const tokens = (hologram ? 1 : 0) + (command.control ? 1 : 0);
      if (tokens) costs.push(words.tokens(tokens));
      if (path.length) does.push(words.move(command.mini + 1, path[path.length - 1]));
      if (command.action && card && card.text) does.push(card.text.replace(/\.$/, ""));
      if (hologram) does.push(words.hologram);
      if (command.control) does.push(words.control);
      break;
    }
    case "drop": useCard(); costs.push(words.tokens(command.face === "up" ? 1 : 2)); does.push((words.drop[command.face] || words.drop.up)(command.node)); break;
    case "remove_card": useCard(); does.push(words.remove); break;
    case "activate_terminal": costs.push(words.tokens(1)); does.push(words.terminal(nextMini(), command.node)); break;
    case "access_upgrades": costs.push(words.tokens(1)); does.push(words.access); break;
    case "leave_upgrades": does.push(words.leave); break;
    case "cycle_upgrades": {
      const row = view.upgrades || [];
      const one = typeof command.slot === "number" && row[command.slot] ? named(view, row[command.slot].id) : null;
      does.push(one ? words.cycleOne(one) : words.cycleAll);
      break;
    }
    case "buy": {
      const row = view.upgrades || [];
      const bought = (command.slots || []).map((slot) => row[slot]).filter(Boolean);
      const cost = bought.reduce((sum, c) => sum + c.cost, 0);
      const terminals = me.terminal_tokens || 0;
      const value = (command.paid || []).reduce((sum, id) => sum + ((cardById(view, id) || {}).strength || 0), 0) + terminals;
      costs.push(words.buy(cost, value, terminals));
      does.push(words.bought(list(bought.map((c) => c.name))));
      break;
    }
    case "ability": {
      if (command.card) useCard(); else costs.push(words.tokens(1));
      const faction = ctx.name && me.faction ? ctx.name(me.faction) : me.faction;
      does.push((me.ability_slots || 0) >= 1 ? words.slotSecond(faction) : words.slotFirst);
      break;
    }
    case "commit": {
      const cards = (command.cards || []).map((id) => cardById(view, id)).filter(Boolean);
      costs.push(cards.length ? list(cards.map((c) => c.name)) : words.free);
      does.push(words.commit(cards.reduce((sum, c) => sum + c.strength, 0)));
      break;
    }
    case "discard": {
      const cards = (command.cards || []).map((id) => cardById(view, id)).filter(Boolean);
      if (cards.length) costs.push(list(cards.map((c) => c.name)));
      does.push(words.discard);
      break;
    }
    case "place_card": useCard(); does.push(words.place); break;
    case "play": case "dodge": case "evade": case "favorable_zone": case "dive":
      useCard(); if (card && card.text) does.push(card.text.replace(/\.$/, "")); break;
    case "end_turn": does.push(words.endTurn); break;
    default: return "";
  }
  const parts = [];
  if (costs.length) parts.push(`${words.costs}: ${list(costs)}.`);
  if (does.length) parts.push(`${words.does}: ${does.join("; ")}.`);
  return parts.join(" ");
}
