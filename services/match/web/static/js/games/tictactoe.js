// Tic-tac-toe: a 3x3 grid; each empty cell is the button for its "mark" command.

import { s } from "../dom.js";
import { EVENTS } from "./tictactoe_events.js";
import { language } from "../i18n.js";
import { sayEvent, targetAttributes } from "./common.js";

const SIZE = 100;

export default {
  name: "tictactoe",
  draw(view, ctx) {
    const svg = s("svg", { viewBox: `0 0 ${SIZE * 3} ${SIZE * 3}`, class: "board ttt", role: "group",
                           "aria-label": "Tic-tac-toe" });
    const last = ctx.lastEvents.filter((e) => e.type === "CellMarked").map((e) => e.data.cell);
    view.board.forEach((mark, cell) => {
      const x = (cell % 3) * SIZE, y = Math.floor(cell / 3) * SIZE;
      const name = `${language() === "es" ? "Casilla" : "Cell"} ${cell + 1}${mark ? ` ${mark}` : ""}`;
      const g = s("g", { "data-cell": cell, ...targetAttributes(ctx, `cell:${cell}`, name) });
      g.append(s("rect", { x: x + 4, y: y + 4, width: SIZE - 8, height: SIZE - 8, rx: 8,
                           class: `cell${last.includes(cell) ? " last" : ""}` }));
      if (mark) {
        g.append(s("text", { x: x + SIZE / 2, y: y + SIZE / 2 + 22, class: `mark mark-${mark}`,
                             "text-anchor": "middle" }, mark));
      }
      svg.append(g);
    });
    return svg;
  },
  targets(command) { return command.type === "mark" ? [`cell:${command.cell}`] : []; },
  label(command) { return `${language() === "es" ? "Marcar casilla" : "Mark cell"} ${command.cell + 1}`; },
  valueLabel(key, value) {
    if (key === "type") return language() === "es" ? "Marcar casilla" : "Mark cell";
    return key === "cell" ? String(value + 1) : String(value);
  },
  describe(event, ctx) { return sayEvent(EVENTS, event, ctx); },
  events: EVENTS,

};
