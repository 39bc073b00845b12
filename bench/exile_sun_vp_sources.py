"""Where Exile Sun's victory points come from in self-play, and how many cycles a match runs.

The book plays in 120-180 minutes; a point source that comes too cheap ends matches in a few
cycles. Per (policy, seats) this plays match_endings' matches (its loop and seeds, so the two
agree match for match) and prints the mean points a seat
scored from each source over a match: planets captured (public, p14) in a battle won on them
or walked onto unoccupied ("Unoccupied planets remain under the control of the player who
occupied them last", p14), each agenda card kind (public, p15), and at the end the private
points (own Flagship and Shipyard cards, trophies, both home planets: p14-15), with the
winner's own mix, how the matches ended and their cycles and commands. `captures` counts the
planets that changed hands a match, by how, and those a colony took back (no VP).

    python -m bench.exile_sun_vp_sources [-n MATCHES] [--policies random,greedy:1]
        [--seats 2,4,6] [--first-seed 0]
"""
from __future__ import annotations

import argparse
import json
import time

from shared.games.exile_sun import GAME
from shared.games.exile_sun.components import agenda_kind
from shared.games.exile_sun.scoring import holds_home, lost_card, total_vp
from bench.match_endings import length, play_match, quantiles


def play(policy: str, seats: int, seed: int) -> dict:
    """One match (match_endings' loop and seeds); points per source per seat, the winner,
    cycles, the ending."""
    sources = [{} for _ in range(seats)]
    captures = {}
    fought_at = [None]     # the space of the battle that has just ended, until the next event

    def add(seat, source, vp):
        sources[seat][source] = sources[seat].get(source, 0) + vp

    def watch(event, state):
        kind, data = event["type"], event["data"]
        if kind == "PlanetCaptured":
            how = "battle" if fought_at[0] == data["space"] else "unoccupied"
            add(data["seat"], "planets:" + how, data["vp"])
            key = how if data["vp"] else "taken_back"
            captures[key] = captures.get(key, 0) + 1
        if kind == "BattleEnded":
            fought_at[0] = state.battle.space
        elif kind not in ("FleetRemoved", "FleetReduced"):
            fought_at[0] = None
        if kind == "AgendaCompleted":
            add(event["data"]["seat"], "agenda:" + agenda_kind(event["data"]["card"])["key"],
                event["data"]["vp"])

    state, commands, stuck = play_match("exile_sun", policy, seats, seed, watch)
    for s in range(seats):
        add(s, "own_flagship", int(not lost_card(state, s, "flagship")))
        add(s, "own_shipyard", int(not lost_card(state, s, "shipyard")))
        add(s, "trophies", len(state.players[s].trophies))
        add(s, "home_planets", int(holds_home(state, s)))
        assert sum(sources[s].values()) == total_vp(state, s), (sources[s], total_vp(state, s))
    result = GAME.outcome(state) or {"winner": None, "reason": "stuck"}
    return {"sources": sources, "winner": result["winner"], "reason": result["reason"],
            "cycles": length("exile_sun", state), "commands": commands, "captures": captures}


def summary(policy: str, seats: int, matches: int, first_seed: int) -> dict:
    started = time.monotonic()
    played = [play(policy, seats, seed) for seed in range(first_seed, first_seed + matches)]
    per_seat, winners, reasons, captures = {}, {}, {}, {}
    won = [m for m in played if m["winner"] is not None]
    for m in played:
        reasons[m["reason"]] = reasons.get(m["reason"], 0) + 1
        for how, count in m["captures"].items():
            captures[how] = captures.get(how, 0) + count
        for seat_sources in m["sources"]:
            for source, vp in seat_sources.items():
                per_seat[source] = per_seat.get(source, 0) + vp
        if m["winner"] is not None:
            for source, vp in m["sources"][m["winner"]].items():
                winners[source] = winners.get(source, 0) + vp
    cycles = sorted(m["cycles"] for m in played)
    return {"bench": "exile_sun_vp_sources", "policy": policy, "seats": seats,
            "matches": matches, "seeds": [first_seed, first_seed + matches - 1],
            "ended_by": dict(sorted(reasons.items())),
            "mean_cycles": round(sum(cycles) / matches, 2),
            "median_cycles": cycles[len(cycles) // 2],
            "cycles": quantiles(cycles),
            "commands": quantiles([m["commands"] for m in played]),
            "vp_per_seat": {k: round(v / (matches * seats), 2)
                            for k, v in sorted(per_seat.items(), key=lambda kv: -kv[1])},
            "vp_of_winner": {k: round(v / max(1, len(won)), 2)
                             for k, v in sorted(winners.items(), key=lambda kv: -kv[1])},
            "captures_per_match": {k: round(v / matches, 2) for k, v in sorted(captures.items())},
            "wall_seconds": round(time.monotonic() - started, 1)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="bench.exile_sun_vp_sources")
    parser.add_argument("-n", "--matches", type=int, default=20)
    parser.add_argument("--policies", default="random,greedy:1")
    parser.add_argument("--seats", default="2,4,6")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    for policy in args.policies.split(","):
        for seats in map(int, args.seats.split(",")):
            print(json.dumps(summary(policy, seats, args.matches, args.first_seed)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
