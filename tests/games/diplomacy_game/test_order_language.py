"""The order language: every form players already write, in any case, read to one canonical
order; problems come with their line, their reason and the nearest reading."""

from __future__ import annotations

import pytest

from pbem.core.rng import SeededRng
from pbem.games.diplomacy import GAME
from pbem.games.diplomacy.inputs import DipOrders
from pbem.games.diplomacy.state import DipState, Dislodged, Unit
from pbem.wording import wording
from tests.games.diplomacy_game.play import orders, standard_game


def _one(state: DipState, seat: str, text: str) -> str:
    """The canonical text of the one order `text` reads to."""
    parsed = orders(state, seat, text)
    assert len(parsed.orders) == 1, parsed
    return GAME.canonical(state, seat, DipOrders(orders=parsed.orders)).splitlines()[0]


@pytest.mark.parametrize("text", ["A PAR-BUR", "A Par - Bur", "A Paris -> Burgundy",
                                  "A PAR MOVE BUR", "a par to bur", "Army Paris - Burgundy",
                                  "PAR-BUR", "A PAR => BUR", "France: A PAR - BUR",
                                  "A par moves to bur", "A PAR MOVE TO BUR", "A Par goes to Bur",
                                  "A Par - Bur;", "A PAR-BUR ;", "A PAR - BUR,", "A PAR - BUR ;;"])
def test_moves_in_every_form(text: str) -> None:
    assert _one(standard_game(), "p3", text) == "A PAR - BUR"


@pytest.mark.parametrize(("seat", "text", "canonical"), [
    ("p3", "A MAR S A PAR-BUR", "A MAR S A PAR - BUR"),
    ("p1", "A VIE SUPPORT BUD", "A VIE S A BUD"),
    ("p3", "A Marseilles supports Paris - Burgundy", "A MAR S A PAR - BUR"),
    ("p3", "A MAR S A PAR moves to BUR", "A MAR S A PAR - BUR"),
    ("p1", "A BUD H", "A BUD H"),
    ("p1", "a bud hold", "A BUD H"),
    ("p1", "Budapest HOLD", "A BUD H"),
    ("p2", "F LON - ENG", "F LON - ENG"),
    ("p2", "F Edinburgh - Norwegian Sea", "F EDI - NWG"),
    ("p2", "F EDI - NRG", "F EDI - NWG"),
    ("p6", "F SEV - Black Sea", "F SEV - BLA"),
    ("p6", "F St Petersburg (sc) - Gulf of Bothnia", "F STP/SC - BOT"),
    ("p6", "F STP/SC - GOB", "F STP/SC - BOT"),
    ("p7", "F ANK - CON", "F ANK - CON"),
])
def test_holds_supports_and_other_names(seat: str, text: str, canonical: str) -> None:
    assert _one(standard_game(), seat, text) == canonical


def _sea_game() -> DipState:
    """England with a fleet in the North Sea and armies in London and Yorkshire; France with a
    fleet in the Mid-Atlantic; Russia with a fleet in the Barents Sea."""
    state = standard_game()
    state.units = [Unit(power="england", kind="F", at="nth"),
                   Unit(power="england", kind="A", at="lon"),
                   Unit(power="england", kind="A", at="yor"),
                   Unit(power="france", kind="F", at="mao"),
                   Unit(power="russia", kind="F", at="bar")]
    return state


@pytest.mark.parametrize(("seat", "text", "canonical"), [
    ("p2", "F NTH C A LON-NWY", "F NTH C A LON - NWY"),
    ("p2", "F North Sea convoys Army London - Norway", "F NTH C A LON - NWY"),
    ("p2", "F NTH C A LON moves to NWY", "F NTH C A LON - NWY"),
    ("p2", "A LON moves to NWY via convoy", "A LON - NWY VIA CONVOY"),
    ("p2", "A LON-NWY VIA CONVOY", "A LON - NWY VIA CONVOY"),
    ("p2", "A LON - NTH - NWY", "A LON - NWY VIA CONVOY"),
    ("p2", "A LON-NWY", "A LON - NWY"),
    ("p3", "F MAO - SPA/NC", "F MAO - SPA/NC"),
    ("p3", "F MID - SPA(NC)", "F MAO - SPA/NC"),
    ("p3", "F Mid-Atlantic Ocean - Spain north coast", "F MAO - SPA/NC"),
    ("p3", "F MAT - spa nc", "F MAO - SPA/NC"),
    ("p3", "F MAO - SPA (south coast)", "F MAO - SPA/SC"),
    ("p3", "F MAO - NAT", "F MAO - NAO"),
    ("p3", "F MAO - ENG", "F MAO - ENG"),
    ("p6", "F BAR - STP", "F BAR - STP/NC"),
    ("p3", "F mao - spa/n", "F MAO - SPA/NC"),
    ("p3", "F MAO - SPA(n)", "F MAO - SPA/NC"),
    ("p3", "F MAO - spa (S)", "F MAO - SPA/SC"),
    ("p3", "F MAO - SPA/S;", "F MAO - SPA/SC"),
    ("p6", "F BAR - STP/N", "F BAR - STP/NC"),
])
def test_convoys_and_coasts(seat: str, text: str, canonical: str) -> None:
    assert _one(_sea_game(), seat, text) == canonical


def _retreat_game() -> DipState:
    state = standard_game()
    state.step = "retreat"
    state.units = [u for u in state.units if u.at != "mun"]
    state.dislodged = [Dislodged(power="germany", kind="A", at="mun", attacker="bur",
                                 retreats=["boh", "sil", "tyr"])]
    return state


@pytest.mark.parametrize("text", ["A MUN R BOH", "A MUN-BOH", "A MUN RETREAT BOH",
                                  "a munich retreats bohemia"])
def test_retreats_in_every_form(text: str) -> None:
    assert _one(_retreat_game(), "p4", text) == "A MUN R BOH"


@pytest.mark.parametrize("text", ["A MUN D", "Disband A MUN", "DISBAND MUN", "A MUN DISBAND"])
def test_disbands_in_every_form(text: str) -> None:
    assert _one(_retreat_game(), "p4", text) == "DISBAND A MUN"


def _winter_game(builds: int) -> DipState:
    state = standard_game()
    state.season, state.step = "winter", "adjustment"
    if builds > 0:
        state.units = [u for u in state.units if u.power != "russia"]
    state.adjust = {"russia": builds}
    return state


@pytest.mark.parametrize(("text", "canonical"), [
    ("Build A MOS", "BUILD A MOS"), ("BUILD F STP/NC", "BUILD F STP/NC"),
    ("build fleet St Petersburg north coast", "BUILD F STP/NC"), ("Build WAR", "BUILD A WAR"),
    ("A WAR B", "BUILD A WAR"), ("Waive", "WAIVE"), ("NO BUILD", "WAIVE"),
])
def test_builds_in_every_form(text: str, canonical: str) -> None:
    assert _one(_winter_game(2), "p6", text) == canonical


@pytest.mark.parametrize("text", ["Remove A MOS", "Disband A MOS", "REMOVE MOS", "A MOS D"])
def test_removals_in_every_form(text: str) -> None:
    assert _one(_winter_game(-1), "p6", text) == "REMOVE A MOS"


def test_votes_and_concessions_read_and_write_back() -> None:
    state = standard_game()
    parsed = orders(state, "p1", "DRAW\nconcede to France\nA VIE H")
    assert (parsed.draw, parsed.concede) == (True, "france")
    again = GAME.parse(state, "p1", GAME.canonical(state, "p1", parsed))
    assert again.orders == parsed
    assert orders(state, "p1", "NO DRAW\nCONCEDE NONE").model_dump(include={"draw", "concede"}) \
        == {"draw": False, "concede": ""}


def test_the_canonical_form_names_every_unit_without_an_order() -> None:
    state = standard_game()
    text = GAME.canonical(state, "p1", orders(state, "p1", "A BUD - SER"))
    assert text.splitlines() == ["A BUD - SER", "# F TRI: no order, holds",
                                 "# A VIE: no order, holds"]


def _problem(state: DipState, seat: str, text: str) -> tuple[int, str, str | None]:
    parsed = GAME.parse(state, seat, text)
    (problem,) = parsed.errors
    return problem.line, problem.code, problem.suggestion


@pytest.mark.parametrize(("seat", "text", "expected"), [
    ("p3", "A PAR - BUR\nA MAR - Burgandy", (2, "dip.E_NEAR_PLACE", "A MAR - BUR")),
    ("p3", "# comment\n\nA PAR - BUL", (3, "dip.E_NO_ROUTE", "A PAR - BUR")),
    ("p3", "F BRE - PAR", (1, "dip.E_NOT_ADJACENT", None)),
    ("p3", "F BRE - Picardie", (1, "dip.E_NEAR_PLACE", "F BRE - PIC")),
    ("p3", "A PAR - BUR\nF BRE - MAO\nA MUN - BUR", (3, "dip.E_NOT_YOURS", None)),
    ("p3", "F PAR - BUR", (1, "dip.E_WRONG_KIND", "A PAR")),
    ("p3", "A GAS - BUR", (1, "dip.E_NO_UNIT", None)),
    ("p2", "A LVP - NWY", (1, "dip.E_NO_ROUTE", None)),
    ("p2", "A LVP - IRI", (1, "dip.E_ARMY_AT_SEA", None)),
    ("p1", "A VIE S A BUD - GRE", (1, "dip.E_SUPPORT_REACH", None)),
    ("p1", "A VIE S A WAR", (1, "dip.E_SUPPORT_REACH", None)),
    ("p1", "F TRI C A VIE - VEN", (1, "dip.E_CONVOY_COAST", None)),
    ("p3", "A PAR - BUR\nWe attack at dawn", (2, "dip.E_WORD", None)),
    ("p3", "A PAR - BUR please", (1, "dip.E_WORD", None)),
    ("p3", "Italy: A ROM - APU", (1, "dip.E_OTHER_POWER", None)),
])
def test_problems_name_their_line_reason_and_nearest_reading(
    seat: str, text: str, expected: tuple[int, str, str | None]
) -> None:
    assert _problem(standard_game(), seat, text) == expected


def test_a_coast_must_be_named_where_both_are_possible() -> None:
    assert _problem(_sea_game(), "p3", "F MAO - SPA") == (1, "dip.E_COAST_NEEDED",
                                                         "F MAO - SPA/NC")


def test_a_retreat_only_where_the_unit_may_go() -> None:
    line, code, near = _problem(_retreat_game(), "p4", "A MUN R BUR")
    assert (line, code) == (1, "dip.E_RETREAT_TO")
    line, code, near = _problem(_retreat_game(), "p4", "A MUN R Bohemai")
    assert (code, near) == ("dip.E_NEAR_PLACE", "A MUN R BOH")


def test_too_many_builds_and_a_build_away_from_home_are_refused() -> None:
    state = _winter_game(2)
    parsed = GAME.parse(state, "p6", "BUILD A MOS\nBUILD A BER\nBUILD A WAR\nBUILD F SEV")
    assert [(p.line, p.code) for p in parsed.errors] == [(2, "dip.E_NOT_HOME"),
                                                         (4, "dip.E_TOO_MANY")]
    assert [o.at for o in parsed.orders.orders] == ["mos", "war"]
    assert _problem(state, "p6", "BUILD F STP") == (1, "dip.E_COAST_NEEDED", "BUILD F STP/NC")
    assert _problem(state, "p6", "BUILD F MOS")[1] == "dip.E_FLEET_INLAND"


def test_a_second_order_for_a_unit_replaces_the_first_with_a_warning() -> None:
    state = standard_game()
    parsed = GAME.parse(state, "p3", "A PAR - BUR\nA PAR - PIC")
    assert parsed.errors == []
    (warning,) = parsed.problems
    assert (warning.line, warning.code, warning.severity) == (1, "dip.W_REPLACED", "warning")
    assert [o.to for o in parsed.orders.orders] == ["pic"]


def test_a_mail_with_nothing_readable_is_not_orders() -> None:
    parsed = GAME.parse(standard_game(), "p3", "Dear France, shall we ally?")
    assert parsed.orders is None and parsed.errors


def test_a_mail_of_comments_only_is_all_holds() -> None:
    parsed = GAME.parse(standard_game(), "p3", "# nothing this turn\n")
    assert parsed.orders == DipOrders() and parsed.problems == []


def test_orders_move_the_units_they_name() -> None:
    state = standard_game()
    given = {"p3": orders(state, "p3", "A Paris -> Burgundy\nF Brest - Mid-Atlantic Ocean")}
    after = GAME.advance(state, given, SeededRng(1)).state
    assert {u.at for u in after.units_of("france")} == {"bur", "mao", "mar"}


def test_a_split_province_before_a_support_keeps_its_s() -> None:
    state = _sea_game()
    state.units = [*state.units, Unit(power="france", kind="F", at="spa/sc")]
    assert _one(state, "p3", "F SPA S F MAO - POR") == "F SPA/SC S F MAO - POR"
    assert _one(state, "p3", "F SPA/S S F MAO") == "F SPA/SC S F MAO"


def test_dias_is_a_draw_vote() -> None:
    state = standard_game()
    assert orders(state, "p1", "DIAS").draw is True
    assert orders(state, "p1", "No DIAS").draw is False


def test_several_orders_on_a_line_split_by_semicolons() -> None:
    parsed = orders(standard_game(), "p3", "A PAR - BUR; A MAR - SPA; F BRE - MAO;")
    assert [o.to for o in parsed.orders] == ["mao", "spa", "bur"]


def test_an_error_never_echoes_the_punctuation() -> None:
    problem = GAME.parse(standard_game(), "p3", "A PAR - BUR, A MAR H;").errors[0]
    assert problem.code == "dip.E_TRAILING" and "," not in problem.params["rest"]


def _spoken(text: str) -> list[tuple[int, str, str]]:
    parsed = GAME.parse(standard_game(), "p3", text)
    assert parsed.errors == [], parsed.errors
    assert isinstance(parsed.orders, DipOrders) and [o.to for o in parsed.orders.orders] == ["bur"]
    return [(p.line, p.code, p.severity) for p in parsed.problems]


@pytest.mark.parametrize("text", [
    "Hi GM\nA PAR - BUR\nThanks",
    "Hello everyone, here are my orders:\nA PAR - BUR\nGood luck!",
    "Dear GM,\nA PAR - BUR\nThanks for running this.",
    "Hi GM\nA PAR - BUR\nCheers,\nAnna Schmidt",
])
def test_a_greeting_or_sign_off_is_ignored_text_not_a_problem(text: str) -> None:
    lines = text.splitlines()
    found = _spoken(text)
    assert found == [(n, "dip.W_IGNORED_TEXT", "warning")
                     for n in range(1, len(lines) + 1) if n != 2]


def test_ignored_text_says_what_was_ignored() -> None:
    problem = GAME.parse(standard_game(), "p3", "Hi GM\nA PAR - BUR").problems[0]
    assert "Hi GM" in wording(problem.code, problem.params)


@pytest.mark.parametrize("text", [
    "Hi GM\nThanks",  # nothing to order: not orders at all
    "Please A PAR - BUR",  # an order after the greeting is not chat
    "Thanks\nA PAR - Burgandy",
])
def test_chat_never_hides_an_order(text: str) -> None:
    parsed = GAME.parse(standard_game(), "p3", text)
    assert parsed.errors, parsed


@pytest.mark.parametrize(("seat", "text", "near"), [
    ("p1", "A BDU-SER", "A BUD - SER"),
    ("p1", "A BUD-SRE", "A BUD - SER"),
    ("p1", "F TRE-ADR", "F TRI - ADR"),
    ("p1", "A VEI - GAL", "A VIE - GAL"),
    ("p6", "A MSO - UKR", "A MOS - UKR"),
    ("p2", "F LON - Norht Sea", "F LON - NTH"),
    ("p2", "A LVP - Bugundy", None),  # too far either way: the name alone
])
def test_a_misspelt_province_suggests_the_order_it_most_likely_means(
        seat: str, text: str, near: str | None) -> None:
    problem = GAME.parse(standard_game(), seat, text).errors[0]
    assert problem.code == "dip.E_NEAR_PLACE"
    if near is not None:
        assert problem.suggestion == near
    assert problem.params["near"] in wording(problem.code, problem.params)


def test_a_misspelt_order_word_suggests_the_whole_order() -> None:
    problem = GAME.parse(standard_game(), "p1", "A VIE suport A BUD").errors[0]
    assert (problem.code, problem.suggestion) == ("dip.E_WORD", "A VIE S A BUD")
