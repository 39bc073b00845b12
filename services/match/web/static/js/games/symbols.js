// The pieces' own drawings: one small SVG symbol per kind of piece (a miniature, a Newaru, a
// ship, a fleet, a relic, an asteroid), drawn in a 20 x 20 box round (0, 0) and placed with a
// transform. Inline paths, not <symbol>/<use>: a page may show two boards (a match and its
// replay) and ids must stay unique.

import { s } from "../dom.js";

function star(points, outer, inner) {
  const out = [];
  for (let i = 0; i < points * 2; i += 1) {
    const r = i % 2 ? inner : outer, a = (Math.PI * i) / points - Math.PI / 2;
    out.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
  }
  return `M${out.join(" L")} Z`;
}

const PATHS = {
  // A standing figure: head, shoulders, body.
  miniature: "M0,-9.5 A3.3,3.3 0 1 1 -0.01,-9.5 Z M-4.5,-2.5 Q0,-4.5 4.5,-2.5 L6.5,9.5 L-6.5,9.5 Z",
  // A spiked burst of energy (the Newaru are "an accumulation of unknown energy").
  newaru: star(8, 10, 4.6),
  // A ship seen from above: a pointed hull with two fins.
  ship: "M0,-9 L3,-1 L8,5 L3,4 L2,8 L-2,8 L-3,4 L-8,5 L-3,-1 Z",
  // A fleet: three hulls in formation.
  fleet: "M0,-9 L3.5,-1 L0,-2.5 L-3.5,-1 Z M-5,-1 L-1.5,7 L-5,5.5 L-8.5,7 Z M5,-1 L8.5,7 L5,5.5 L1.5,7 Z",
  // A cut gem.
  relic: "M-7,-2 L-3.5,-7 L3.5,-7 L7,-2 L0,8 Z M-7,-2 L7,-2 M-3.5,-7 L0,-2 L3.5,-7",
  // A lumpy rock.
  asteroid: "M-7,-3 L-3,-7.5 L3,-7 L7.5,-2 L6,4.5 L1,7.5 L-5,6.5 L-8,2 Z",
};

export const SYMBOLS = Object.keys(PATHS);

/** A piece's symbol centred on (x, y), `size` px across; `cls` adds classes (a seat's). */
export function symbol(kind, x, y, size = 20, cls = "") {
  return s("g", { class: `sym sym-${kind}${cls ? ` ${cls}` : ""}`, transform: `translate(${x} ${y}) scale(${size / 20})` },
    s("path", { d: PATHS[kind] }));
}
