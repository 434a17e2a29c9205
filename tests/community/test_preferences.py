"""Diplomacy power preferences given at SIGNON decide the powers when the campaign starts:
first come first served in sign-up order, the rest by the seeded lot; kept for replays."""

from __future__ import annotations

from sqlmodel import Session

from pbem.ledger import queries
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state, setup_of
from pbem.services.community.openings import NewOpening, create_opening
from pbem.services.community.starting import start_full
from pbem.services.turns.replay import replay
from tests.community.test_desk import _send

WANTS = {"ann": "France England", "ben": "france, germany, russia", "cy": "", "dee": "Turkish",
         "eve": "Turkey Italy Austria"}  # fmt: skip


def test_signon_preferences_give_the_powers_at_the_start(rt: Runtime) -> None:
    create_opening(rt, NewOpening("europe", "diplomacy", seats=5, seed=8))
    for who, line in WANTS.items():
        assert _send(rt, f"{who}@x.org", f"SIGNON europe {line}".strip()) == {
            "community.signed_on": 1}  # fmt: skip
    assert start_full(rt) == ["europe"]
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "europe")
        seat_of = {p.address: p.seat for p in queries.players_of(session, campaign)}
        powers = current_state(session, campaign).powers
        kept = setup_of(campaign).preferences
    mine = {who: powers[seat_of[f"{who}@x.org"]] for who in WANTS}
    # Germany and Italy stand aside with five players; Turkey went to Dee, who came first
    assert mine == {"ann": "france", "ben": "russia", "cy": "england", "dee": "turkey",
                    "eve": "austria"}  # fmt: skip
    assert kept == {seat_of[f"{who}@x.org"]: line for who, line in WANTS.items() if line}
    assert replay(rt, "europe").ok  # the opening rebuilds from the kept lines
