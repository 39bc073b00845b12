"""Tickets as values: which pool a request joins, and a ticket's record (pure)."""
from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Optional

from services.matchmaking.pairing import Ticket, clock_key

WAITING, FORMING, MATCHED, EXPIRED, CANCELLED = (
    "waiting", "forming", "matched", "expired", "cancelled")
# A ticket whose group is being turned into a match still shows as waiting.
SHOWN_STATUS = {FORMING: WAITING}
LIVE_SECONDS_PER_MOVE = 600          # up to 10 minutes a move: played in one sitting
DAILY_SECONDS_PER_MOVE = 2 * 86400   # up to 2 days a move: a daily game; beyond: correspondence
BANK_MOVES = 20                      # a bank clock is judged as if spread over 20 moves


def clock_class(clock: Optional[dict]) -> str:
    """untimed | live | daily | correspondence: how long a move may take."""
    if not clock:
        return "untimed"
    per_move = clock.get("per_move_seconds")
    if per_move is None:
        per_move = clock.get("increment_seconds", 0) + clock.get("bank_seconds", 0) / BANK_MOVES
    if per_move <= LIVE_SECONDS_PER_MOVE:
        return "live"
    return "daily" if per_move <= DAILY_SECONDS_PER_MOVE else "correspondence"


def pool_of(game: str, players: int, mode: str, clock: Optional[dict]) -> str:
    """The pool a ticket joins: one per game, player count, mode and clock class."""
    return f"{game}.{players}.{mode}.{clock_class(clock)}"


def pool_game(pool: str) -> str:
    """The game a pool's groups play."""
    return pool.split(".")[0]


def pool_size(pool: str) -> int:
    """The number of players a pool's groups seat."""
    return int(pool.split(".")[1])


def new_ticket_id(pool: str) -> str:
    return f"{pool}~{uuid.uuid4().hex}"


def pool_of_ticket(ticket_id: str) -> Optional[str]:
    """The pool a ticket id names, or None when the id is not one of ours."""
    pool, sep, tail = ticket_id.partition("~")
    parts = pool.split(".")
    if not sep or len(tail) != 32 or len(parts) != 4 or not parts[1].isdigit():
        return None
    return pool


def options_key(options: dict) -> str:
    """Equal for equal options, whatever their order."""
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class TicketRecord:
    """A ticket as stored: the request, its owner, and where it stands."""

    ticket_id: str
    player_id: str
    pool: str
    game: str
    players: int
    mode: str
    options: dict
    clock: Optional[dict]
    allow_bots: bool
    max_wait: int
    created_at: float
    status: str = WAITING
    match_id: Optional[str] = None
    reason: Optional[str] = None  # why an expired ticket was not matched
    accepted_clocks: tuple = ()   # other clocks the player also accepts (same clock class)

    @property
    def clocks(self) -> tuple:
        """Every clock this ticket accepts, its own first (as pairing compares them)."""
        keys = [clock_key(self.clock)]
        keys += [k for k in map(clock_key, self.accepted_clocks) if k not in keys]
        return tuple(keys)

    def fields(self) -> dict:
        """The Redis hash fields."""
        return {"ticket_id": self.ticket_id, "player_id": self.player_id, "pool": self.pool,
                "game": self.game, "players": self.players, "mode": self.mode,
                "options": json.dumps(self.options), "clock": json.dumps(self.clock),
                "allow_bots": int(self.allow_bots), "max_wait": self.max_wait,
                "created_at": repr(self.created_at), "status": self.status,
                "match_id": self.match_id or "",
                "accepted_clocks": json.dumps(list(self.accepted_clocks))}

    @classmethod
    def from_fields(cls, raw: dict) -> "TicketRecord":
        get = {(k.decode() if isinstance(k, bytes) else k):
               (v.decode() if isinstance(v, bytes) else v) for k, v in raw.items()}
        return cls(ticket_id=get["ticket_id"], player_id=get["player_id"], pool=get["pool"],
                   game=get["game"], players=int(get["players"]), mode=get["mode"],
                   options=json.loads(get["options"]), clock=json.loads(get["clock"]),
                   allow_bots=get["allow_bots"] == "1", max_wait=int(get["max_wait"]),
                   created_at=float(get["created_at"]), status=get["status"],
                   match_id=get.get("match_id") or None, reason=get.get("reason") or None,
                   accepted_clocks=tuple(json.loads(get.get("accepted_clocks") or "[]")))

    @property
    def shown_status(self) -> str:
        return SHOWN_STATUS.get(self.status, self.status)


def pairing_entry(record: TicketRecord, mu: float, sigma: float, reliability: float) -> str:
    """What pairing needs of a waiting ticket, as kept in the pool's waiting hash."""
    return json.dumps([record.player_id, mu, sigma, record.created_at, record.max_wait,
                       record.allow_bots, reliability, options_key(record.options),
                       list(record.clocks)], separators=(",", ":"))


def ticket_from_entry(ticket_id: str, entry) -> Ticket:
    player_id, mu, sigma, created, max_wait, bots, reliable, options, *rest = json.loads(entry)
    # An entry written before entries listed their clocks names none: it meets nobody, and
    # is completed with bots on its own clock or expires (services/matchmaking/pools.py).
    clocks = tuple(rest[0]) if rest else ()
    return Ticket(ticket_id=ticket_id, player_id=player_id, rating=mu, sigma=sigma,
                  created_at=created, max_wait=max_wait, allow_bots=bots,
                  reliability=reliable, options_key=options, clocks=clocks)
