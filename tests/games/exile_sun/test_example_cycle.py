"""The rulebook's example cycle (p16-17), James (seat 0), Jared (seat 1) and Brett (seat 2):
the battles' claims as the engine plays them. The budget results are in test_rules.py.

The example's battle counts contradict themselves (RULES_NOTES.md), so each test sets up
the last round of a battle as the claims describe it and checks the claims: "Jared claims 1
VP on the Track for destroying a Medium Fleet in the first Battle. James claims 1 VP on the
Track for destroying two Frigates in the first Battle. Brett Claims Jared's Flagship card as a
Trophy [...] to be counted as an additional Private VP."
"""
from shared.games.exile_sun.scoring import private_vp
from shared.games.exile_sun.state import BATTLE, TACTICS_STEP, Battle, replace
from tests.games.exile_sun.tables import first_move_phase, play, with_fleets


def _table(fleets, battle, agendas):
    state = with_fleets(first_move_phase(3), *fleets)
    players = tuple(replace(p, techs=(), agendas=agendas[p.seat],
                            supply=(("decoy", 2), ("heavy", 1), ("light", 3), ("medium", 3),
                                    ("scout", 10)))
                    for p in state.players)
    planets = tuple((p, 1 if p.startswith("s1.") else o) for p, o in state.planets)
    return replace(state, players=players, planets=planets, phase=BATTLE, order=(0, 1, 2),
                   battle=battle, battles=())


def _repairs_passed(events, state):
    """After a round with losses each side that lost a ship may use Repair Bots (p13); a
    side without them passes (asking only holders would tell everyone who holds one)."""
    from shared.games.exile_sun import GAME
    while state.battle is not None and state.battle.step == "repairs":
        more, state = play(state, GAME.to_act(state)[0], {"type": "pass"})
        events = events + more
    return events, state


def _tactics(*columns):
    return {"type": "tactics", "columns": [{"role": r, "ship": s, "power": n}
                                           for r, s, n in columns]}


def test_first_battle_jared_holds_his_planet_and_both_claim_agendas():
    """Given James's Medium fleet on Jared's planet against Jared's Heavy fleet, in a last
    round where James destroys both of Jared's Frigates and Jared destroys James's last ships,
    then Jared wins with a Cruiser and 2 Destroyers (his Heavy token becomes a Light), Jared
    claims 1 VP for destroying a Medium fleet and James 1 VP for destroying two Frigates."""
    battle = Battle(space="s1.p1", fleets=("james", "jared"), seats=(0, 1),
                    tokens=("medium", "heavy"), step=TACTICS_STEP,
                    ships=((("battleship-1", 3), ("frigate-1", 1)),
                           (("cruiser-1", 0), ("destroyer-1", 0), ("destroyer-2", 0),
                            ("frigate-1", 1), ("frigate-2", 1))),
                    destroyed=(("battleship-2", "strike_craft-1"), ("cruiser-2",)))
    state = _table([("james", 0, "medium", "s1.p1"), ("jared", 1, "heavy", "s1.p1"),
                    ("brett", 2, "light", "s2.n1")], battle,
                   {0: ("two_frigates-1", "foothold-1"), 1: ("destroy_medium-1", "foothold-2"),
                    2: ("behead-1", "foothold-3")})
    _, state = play(state, 0, _tactics(("attack", "frigate-1", 3), ("attack", "frigate-2", 3)))
    events, state = play(state, 1, _tactics(("attack", "battleship-1", 8),
                                            ("attack", "frigate-1", 8),
                                            ("defend", "destroyer-1", 6)))
    events, state = _repairs_passed(events, state)
    ended = next(e["data"] for e in events if e["type"] == "BattleEnded")
    assert ended["winner"] == 1 and ended["survivors"] == [[], ["cruiser-1", "destroyer-1",
                                                                "destroyer-2"]]
    claims = {(e["data"]["seat"], e["data"]["card"], e["data"]["vp"])
              for e in events if e["type"] == "AgendaCompleted"}
    assert claims == {(1, "destroy_medium-1", 1), (0, "two_frigates-1", 1)}
    assert [f.kind for f in state.fleets if f.id == "jared"] == ["light"]
    assert not [f for f in state.fleets if f.id == "james"]
    assert dict(state.planets)["s1.p1"] == 1          # Jared kept his planet: no capture


def test_last_battle_brett_takes_jareds_flagship_as_a_trophy():
    """Given Brett's fleet of 2 Battleships against Jared's last ship, his Flagship, when
    Brett destroys it and loses one Battleship, then Brett wins with 1 Battleship (one Scout
    token where his fleet was), Jared's Flagship card is Brett's trophy: +1 private VP for
    Brett, and Jared no longer counts his own Flagship."""
    battle = Battle(space="x1", fleets=("brett", "jared"), seats=(2, 1),
                    tokens=("medium", "heavy"), step=TACTICS_STEP,
                    ships=((("battleship-1", 0), ("battleship-2", 3)), (("flagship-1", 0),)),
                    destroyed=(("cruiser-1", "cruiser-2"),
                               ("cruiser-3", "destroyer-1", "destroyer-2", "frigate-1")))
    state = _table([("brett", 2, "medium", "x1"), ("jared", 1, "heavy", "x1"),
                    ("james", 0, "light", "s0.n1")], battle,
                   {0: ("foothold-1", "expansion-1"), 1: ("foothold-2", "expansion-2"),
                    2: ("behead-1", "foothold-3")})
    before = [private_vp(state, s) for s in range(3)]
    _, state = play(state, 2, _tactics(("attack", "flagship-1", 8), ("defend", "battleship-1", 8)))
    events, state = _repairs_passed(*play(state, 1, _tactics(("attack", "battleship-2", 8))))
    ended = next(e["data"] for e in events if e["type"] == "BattleEnded")
    assert ended["winner"] == 0 and ended["survivors"] == [["battleship-1"], []]
    assert ("flagship", 1) in state.players[2].trophies
    after = [private_vp(state, s) for s in range(3)]
    assert after[2] == before[2] + 1 and after[1] == before[1] - 1
    brett = [f for f in state.fleets if f.owner == 2 and f.space == "x1"]
    assert [(f.kind, f.count) for f in brett] == [("scout", 1)]
    assert (2, "behead-1", 1) in {(e["data"]["seat"], e["data"]["card"], e["data"]["vp"])
                                  for e in events if e["type"] == "AgendaCompleted"}


def test_destroying_a_heavy_fleet_pays_what_the_examples_medium_fleet_pays():
    """The book prints one value for destroying a fleet: "Jared claims 1 VP on the Track for
    destroying a Medium Fleet" (p17); a Heavy fleet is one ship more ("Heavy fleets = 5 Ship
    cards, Medium Fleets = 4", p10). Given James holding Destroy a Heavy fleet, when he
    destroys the last ship of Jared's Heavy fleet, then he claims 1 VP, as Destroy a Medium
    fleet pays."""
    battle = Battle(space="x1", fleets=("james", "jared"), seats=(0, 1),
                    tokens=("medium", "heavy"), step=TACTICS_STEP,
                    ships=((("battleship-1", 0), ("cruiser-1", 0)), (("frigate-1", 1),)),
                    destroyed=((), ("cruiser-2", "destroyer-1", "destroyer-2", "frigate-2")))
    state = _table([("james", 0, "medium", "x1"), ("jared", 1, "heavy", "x1"),
                    ("brett", 2, "light", "s2.n1")], battle,
                   {0: ("destroy_heavy-1", "foothold-1"), 1: ("foothold-2", "expansion-2"),
                    2: ("behead-1", "foothold-3")})
    _, state = play(state, 0, _tactics(("attack", "frigate-1", 8), ("defend", "battleship-1", 8),
                                       ("defend", "cruiser-1", 4)))
    events, state = _repairs_passed(*play(state, 1, _tactics(("attack", "cruiser-1", 2))))
    ended = next(e["data"] for e in events if e["type"] == "BattleEnded")
    assert ended["winner"] == 0 and ended["survivors"] == [["battleship-1", "cruiser-1"], []]
    claims = [(e["data"]["seat"], e["data"]["card"], e["data"]["vp"])
              for e in events if e["type"] == "AgendaCompleted"]
    assert claims == [(0, "destroy_heavy-1", 1)]
