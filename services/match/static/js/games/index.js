// The renderer of each game by name; any other game gets the generic one.

import exordium from "./exordium.js";
import exsilium from "./exsilium.js";
import generic from "./generic.js";
import tictactoe from "./tictactoe.js";

const RENDERERS = { exordium, exsilium, tictactoe };

export function rendererFor(game) {
  return RENDERERS[game] || generic;
}
