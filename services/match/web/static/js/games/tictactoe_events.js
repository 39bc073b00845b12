// Tic-tac-toe's events in words, in English and Spanish.

export const EVENTS = {
  GameStarted: { en: () => "The grid is empty: X plays first.", es: () => "La cuadrícula está vacía: empieza X." },
  CellMarked: { en: (d, x) => `${x.who(d.seat)} marked cell ${d.cell + 1} with ${d.mark}.`,
                es: (d, x) => `${x.who(d.seat)} marcó la casilla ${d.cell + 1} con ${d.mark}.` },
};
