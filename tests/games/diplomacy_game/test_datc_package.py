"""Every DATC case the `diplomacy` package ships, run on pbem's adjudicator.

The cases are the package's own test methods, read from the installed package (the `datc`
extra) when the tests run: this class only replaces the engine they drive with pbem's.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.diplomacy_game.datc_adapter import (
    BOUNCE,
    CUT,
    DISBAND,
    DISLODGED,
    DISRUPTED,
    NO_CONVOY,
    OK,
    VOID,
    AdapterGame,
    as_list,
)

package_datc = pytest.importorskip("diplomacy.tests.test_datc")
results = pytest.importorskip("diplomacy.utils.order_results")
CODES = {OK: results.OK, NO_CONVOY: results.NO_CONVOY, BOUNCE: results.BOUNCE,
         VOID: results.VOID, CUT: results.CUT, DISLODGED: results.DISLODGED,
         DISRUPTED: results.DISRUPTED, DISBAND: results.DISBAND}


class TestPackageDatcOnPbem(package_datc.TestDATC):  # type: ignore[misc,name-defined]
    """The package's DATC cases, with pbem as the engine."""

    @staticmethod
    def create_game() -> AdapterGame:
        return AdapterGame(CODES)

    @staticmethod
    def clear_units(game: AdapterGame) -> None:
        game.state.units = []

    @staticmethod
    def clear_centers(game: AdapterGame) -> None:
        game.state.centres = {}

    @staticmethod
    def set_units(game: AdapterGame, power_name: str, units: Any) -> None:
        game.set_units(power_name, as_list(units))

    @staticmethod
    def set_centers(game: AdapterGame, power_name: str, centers: Any) -> None:
        game.set_centres(power_name, as_list(centers))

    @staticmethod
    def set_orders(game: AdapterGame, power_name: str, orders: Any) -> None:
        game.orders.setdefault(power_name, []).extend(as_list(orders))

    @staticmethod
    def process(game: AdapterGame) -> None:
        game.process()

    @staticmethod
    def owner_name(game: AdapterGame, unit: str) -> str | None:
        return game.owner(unit)

    @staticmethod
    def move_to_phase(game: AdapterGame, new_phase: str) -> None:
        game.set_phase(new_phase)

    @staticmethod
    def check_results(game: AdapterGame, unit: str, value: Any, phase: str = "M") -> bool:
        found = game.result.get(unit, [])
        if phase == "R":
            if value == results.VOID and results.VOID in found:
                return True
            if value == results.OK:
                return unit not in game.popped and found == []
            return unit in game.popped and value in found
        if phase == "A":
            return (value == results.VOID and results.VOID in found) or value == found
        if value == results.VOID:
            return results.VOID in found or unit not in game.ordered
        if unit not in game.command:
            return False
        if value == results.OK:
            return found == []
        return value in found
