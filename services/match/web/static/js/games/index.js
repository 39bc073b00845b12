// The renderer of each game by name; any other game gets the generic one.

import exileSun from "./exile_sun.js";
import exordium from "./exordium.js";
import exsilium from "./exsilium.js";
import generic from "./generic.js";
import nexum from "./nexum.js";
import tictactoe from "./tictactoe.js";

const RENDERERS = { exile_sun: exileSun, exordium, exsilium, nexum, tictactoe };

export function rendererFor(game) {
  return RENDERERS[game] || generic;
}

const TITLES = { exile_sun: "Exile Sun", exordium: "Exordium", exsilium: "Exsilium", nexum: "Nexum", tictactoe: "Tic-tac-toe" };

/** A game's title as players know it. */
export function titleOf(game) { return TITLES[game] || String(game).replace(/_/g, " "); }
