"""Evolve for the civilization-card and campaign events (merged into evolve.py's table): one small
function per event type; trusts the event, never fails."""
from __future__ import annotations

from shared.games.kit.frozen import replace
from shared.games.nexum import vocabulary as V
from shared.games.nexum.state import set_at, with_key


def _civilization_chosen(state, d):
    civs = set_at(state.civs, d["faction"], d["civ"])
    return replace(state, civs=civs, queue=tuple(d["queue"]),
                   stage="civilize" if d["queue"] else "choose")


def _civilization_evolved(state, d):
    f = d["faction"]
    kept = tuple(a for a in state.loaded[f] if a[0] not in d["asteroids"])
    return replace(state, generation=set_at(state.generation, f, 2),
                   loaded=set_at(state.loaded, f, kept),
                   pool=tuple(sorted(state.pool + tuple(d["crystals"]))))


def _skill_used(state, d):
    f = d["faction"]
    affinity = state.affinity
    if d["skill"] == "nexum_affinity":
        affinity = with_key(affinity, f, d["target"])
    return replace(state, skill=(d["skill"], d["target"], False), affinity=affinity,
                   energy=set_at(state.energy, f, d["energy"]))


def _markers_removed(state, d):
    name = "no_manage" if d["kind"] == "no_management" else "no_move"
    return replace(state, **{name: with_key(getattr(state, name), d["planet"], None, drop_if=None)})


def _planet_revived(state, d):
    return replace(state, dead=state.dead - {d["planet"]},
                   no_manage=with_key(state.no_manage, d["planet"], None, drop_if=None),
                   energy=set_at(state.energy, d["faction"], d["energy"]))


def _deck_top_seen(state, d):
    return replace(state, deck_top=tuple(d["cards"]), top_seen=(d["faction"], tuple(d["shown"])))


def _campaign_asteroid_given(state, d):
    f = d["faction"]
    pool = list(state.pool)
    pool.remove(d["crystals"])
    return replace(state, pool=tuple(pool), next_asteroid=state.next_asteroid + 1,
                   loaded=set_at(state.loaded, f, state.loaded[f] + ((d["asteroid"], d["crystals"]),)))


def _campaign_marker_played(state, d):
    return replace(state, campaign_marker_used=True,
                   campaign_markers=state.campaign_markers + ((d["planet"], d["kind"], d["round"]),))


def _campaign_marker_expired(state, d):
    name = "no_manage" if d["kind"] == "no_management" else "no_move"
    count = getattr(state, name).get(d["planet"], 0) - 1
    left = tuple(m for m in state.campaign_markers if m[:2] != (d["planet"], d["kind"]))
    return replace(state, campaign_markers=left,
                   **{name: with_key(getattr(state, name), d["planet"], max(0, count), drop_if=0)})


APPLY = {
    V.CAMPAIGN_ASTEROID_GIVEN.name: _campaign_asteroid_given,
    V.CAMPAIGN_MARKER_PLAYED.name: _campaign_marker_played,
    V.CAMPAIGN_MARKER_EXPIRED.name: _campaign_marker_expired,
    V.CIVILIZATION_CHOSEN.name: _civilization_chosen,
    V.CIVILIZATION_EVOLVED.name: _civilization_evolved,
    V.SKILL_USED.name: _skill_used,
    V.MARKERS_REMOVED.name: _markers_removed,
    V.PLANET_REVIVED.name: _planet_revived,
    V.DECK_TOP_SEEN.name: _deck_top_seen,
}
