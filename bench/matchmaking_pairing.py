"""Matchmaking benchmarks, one JSON line per figure:
pairing pass time for 1,000 / 10,000 / 100,000 waiting tickets; a simulated day of Poisson
arrivals (time to match, rating spread of formed groups); rating updates per second.
`python -m bench.matchmaking_pairing`"""
import json
import random
import statistics
import time

from services.matchmaking.metrics import percentile
from services.matchmaking.pairing import Ticket, pair
from services.matchmaking.ratings import apply_result
from services.matchmaking.results import MatchResult, SeatResult

POPULATION_MU, POPULATION_SPREAD = 25.0, 6.0   # openskill mu across a real population, about


def population_ticket(rng, n, now, waited_up_to=600.0):
    return Ticket(ticket_id=f"t{n}", player_id=f"p{n}", rating=rng.gauss(POPULATION_MU, POPULATION_SPREAD),
                  sigma=rng.choice([8.3, 4.0, 2.0, 1.5]), created_at=now - rng.uniform(0, waited_up_to),
                  max_wait=86400, reliability=rng.betavariate(8, 1))


def pass_times():
    rng = random.Random(1)
    for n in (1_000, 10_000, 100_000):
        tickets = [population_ticket(rng, i, 1e6) for i in range(n)]
        runs = []
        for _ in range(3 if n < 100_000 else 1):
            started = time.perf_counter()
            result = pair(tickets, 1e6, 2)
            runs.append(time.perf_counter() - started)
        print(json.dumps({"bench": "pairing_pass", "tickets": n, "size": 2,
                          "best_ms": round(min(runs) * 1000, 1),
                          "groups": len(result.groups)}))


def simulated_day(per_hour=600, size=2, seed=2):
    """A day of arrivals, one pass a second (pairing only; no Redis)."""
    rng = random.Random(seed)
    now, waiting, n, waits, spreads = 0.0, [], 0, [], []
    next_arrival = rng.expovariate(per_hour / 3600)
    for second in range(86400):
        now = float(second)
        while next_arrival <= now:
            ticket = population_ticket(rng, n, next_arrival, waited_up_to=0)
            waiting.append(ticket)
            n += 1
            next_arrival += rng.expovariate(per_hour / 3600)
        if not waiting:
            continue
        result = pair(waiting, now, size)
        by_id = {t.ticket_id: t for t in waiting}
        for group in result.groups:
            members = [by_id[t] for t in group.ticket_ids]
            waits += [now - m.created_at for m in members]
            spreads.append(max(m.rating for m in members) - min(m.rating for m in members))
        left = set(result.waiting)
        waiting = [t for t in waiting if t.ticket_id in left]
    print(json.dumps({"bench": "simulated_day", "arrivals_per_hour": per_hour, "tickets": n,
                      "matched": len(waits), "still_waiting": len(waiting),
                      "wait_p50_s": round(percentile(waits, .5), 1),
                      "wait_p90_s": round(percentile(waits, .9), 1),
                      "wait_p99_s": round(percentile(waits, .99), 1),
                      "spread_mean_mu": round(statistics.mean(spreads), 2),
                      "spread_p90_mu": round(percentile(spreads, .9), 2),
                      "population_sd_mu": POPULATION_SPREAD}))


def rating_updates(n=5000):
    rng = random.Random(3)
    table, results = {}, []
    for i in range(n):
        players = rng.sample(range(500), 2)
        results.append(MatchResult(f"m{i}", "exordium", "ranked", f"{i:08d}", tuple(
            SeatResult(f"p{p}", None, r) for p, r in zip(players, rng.choice([[1, 2], [2, 1], [1, 1]])))))
    started = time.perf_counter()
    for result in results:
        table.update(apply_result(table, result))
    elapsed = time.perf_counter() - started
    print(json.dumps({"bench": "rating_updates", "matches": n, "per_second": round(n / elapsed)}))


def main(argv=None) -> int:
    pass_times()
    rating_updates()
    simulated_day(per_hour=60)
    simulated_day(per_hour=600)
    return 0


if __name__ == "__main__":
    main()
