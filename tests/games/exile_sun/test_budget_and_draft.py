"""The budget phase's turn order and Initiative abilities, Given/When/Then (rulebook p8, p15):
the draft from #4's holder clockwise, Booster Rockets choosing first by their Initiative
number, the last mover first without #4, #5's one-point move, #6's agenda review."""
from shared.games.exile_sun import GAME
from shared.games.exile_sun.state import ALLOCATE, REGROUP, replace
from tests.games.exile_sun.tables import first_move_phase, play


def _end_of_cycle(initiatives, boosters=()):
    """Four colonies at the end of a cycle holding `initiatives`; `boosters` hold Booster
    Rockets."""
    state = first_move_phase(4)
    players = tuple(replace(p, initiative=initiatives[p.seat], discard_choice=None,
                            techs=("booster_rockets-1",) if p.seat in boosters else ())
                    for p in state.players)
    return replace(state, players=players, phase=REGROUP, order=(0, 1, 2, 3), turn=0,
                   battles=(), battle=None)


def _next_draft(state, boosters=()):
    for seat in range(4):
        command = {"type": "regroup", "discard_hand": False}
        if seat in boosters:
            command["booster"] = "booster_rockets-1"
        events, state = play(state, seat, command)
    began = next(e["data"] for e in events if e["type"] == "StepBegan")
    assert began["phase"] == "draft"
    return began["order"], state


def test_the_holder_of_4_chooses_first_then_clockwise():
    """p8: "Players choose cards in clockwise order starting with the player who had
    Initiative card '#4' the last cycle"."""
    order, state = _next_draft(_end_of_cycle({0: 2, 1: 6, 2: 4, 3: 1}))
    assert order == [2, 3, 0, 1]
    assert GAME.to_act(state) == (2,)


def test_booster_rockets_choose_first_by_their_initiative_number():
    """p8: "If two or more players use a Tech card at the same time the number on the card
    determines who may choose first, then second and so on, then the order proceeds
    clockwise in the original rotation"."""
    order, _ = _next_draft(_end_of_cycle({0: 3, 1: 6, 2: 4, 3: 1}, boosters=(0, 3)),
                           boosters=(0, 3))
    assert order == [3, 0, 2, 1]


def test_without_4_the_last_mover_chooses_first():
    """p8: "If the #4 Initiative card was not chosen, the player who went last during the
    last cycle has the first choice of Initiative"."""
    order, _ = _next_draft(_end_of_cycle({0: 2, 1: 6, 2: 5, 3: 1}))
    assert order == [1, 2, 3, 0]


def test_5_moves_one_revealed_budget_point_of_any_player():
    """p8: "the player with Initiative card #5 may move any single Budget Point from any one
    category to another. After this, bonuses are determined and awarded"."""
    state = first_move_phase(4)
    players = tuple(replace(p, initiative=n, allocation=None, budget_tech=None, techs=(),
                            colony="kepler")   # a colony whose ability is not a budget one
                    for p, n in zip(state.players, (5, 1, 2, 3)))
    state = replace(state, players=players, phase=ALLOCATE, order=(0, 1, 2, 3), turn=0)
    allocations = {0: (2, 2, 1, 1), 1: (1, 2, 1, 1), 2: (0, 4, 1, 1), 3: (3, 2, 1, 0)}
    for seat, (overhead, fuel, ships, tech) in allocations.items():
        _, state = play(state, seat, {"type": "allocate", "overhead": overhead, "fuel": fuel,
                                      "ships": ships, "tech": tech})
    assert state.phase == "shift" and GAME.to_act(state) == (0,)
    events, state = play(state, 0, {"type": "shift_budget", "seat": 3, "source": "overhead",
                                    "target": "tech"})
    resolved = next(e["data"] for e in events if e["type"] == "BudgetResolved")
    assert resolved["allocations"][3] == [2, 2, 1, 1]
    # overhead 2/1/0/2: two tied for most, +1 each; tech 1/1/1/1: four tied, nothing
    assert [items[0] for items in resolved["items"]] == [3, 1, 0, 3]
    assert [items[3] for items in resolved["items"]] == [1, 1, 1, 1]


def test_6_reviews_two_agendas_before_the_battle_phase():
    """p15: "The ability on Initiative #6 regarding drawing new Agenda Cards must be used
    before the battle phase"; p17: "draw 2 more agenda cards and then put any 2 under the
    agenda deck"."""
    state = first_move_phase(4)
    six = 0
    players = tuple(replace(p, initiative=n) for p, n in zip(state.players, (6, 1, 2, 3)))
    state = replace(state, players=players, order=(0, 1, 2, 3), turn=0)
    assert {"type": "review_agendas"} in GAME.legal_commands(state, six)
    _, state = play(state, six, {"type": "review_agendas"})
    assert len(state.players[six].agendas) == 4
    assert {c["type"] for c in GAME.legal_commands(state, six)} == {"return_agenda"}
    for _ in range(2):
        _, state = play(state, six, GAME.legal_commands(state, six)[0])
    assert len(state.players[six].agendas) == 2
    assert {"type": "review_agendas"} not in GAME.legal_commands(state, six)
