"""Every DATC case the `diplomacy` package ships, run on pbem's adjudicator.

The cases are the package's own test methods, read from the installed package (the `datc`
extra) when the tests run: this class only replaces the engine they drive with pbem's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pbem.games.diplomacy.state import Rules
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
    """The package's DATC cases, with pbem as the engine, by the DATC's current preferences
    (the 2023 rules) except where a case below says the package expects an older option."""

    rules: Rules = "2023"

    def create_game(self) -> AdapterGame:
        return AdapterGame(CODES, self.rules)

    def _older_option(self, case: Callable[[], None]) -> None:
        """A package case written for an older option: it fails by the 2023 rules, and passes
        under the campaign setting `rules = 2000` that keeps the older options."""
        with pytest.raises(AssertionError):
            case()
        self.rules = "2000"
        try:
            case()
        finally:
            self.rules = "2023"

    def test_6_b_9(self) -> None:
        """DATC 4.B.4: the package counts a support naming the other coast (the older option);
        by the 2023 preference it fails and Italy enters (cases/coasts.txt K7)."""
        self._older_option(super().test_6_b_9)

    def test_6_g_8(self) -> None:
        """DATC 4.A.3: the package lets `via convoy` fall back to the land route (the 2000
        preference); by the 2023 one the army stays (cases/convoys.txt C9, C10)."""
        self._older_option(super().test_6_g_8)

    def test_6_j_3(self) -> None:
        """DATC 4.D.8: the package measures civil disorder to home centres, a fleet by sea
        only (the older rules); by the 2023 rules it is to owned centres, over land and sea
        for any unit (cases/adjustments.txt W7-W9). So for 6.J.4-6.J.7 and 6.K.1."""
        self._older_option(super().test_6_j_3)

    def test_6_j_4(self) -> None:
        """DATC 4.D.8, as 6.J.3: the package expects the older distance."""
        self._older_option(super().test_6_j_4)

    def test_6_j_5(self) -> None:
        """DATC 4.D.8, as 6.J.3: the package expects the older distance."""
        self._older_option(super().test_6_j_5)

    def test_6_j_6(self) -> None:
        """DATC 4.D.8, as 6.J.3: the package expects the older distance."""
        self._older_option(super().test_6_j_6)

    def test_6_j_7(self) -> None:
        """DATC 4.D.8, as 6.J.3: the package expects the older distance."""
        self._older_option(super().test_6_j_7)

    def test_6_k_1(self) -> None:
        """DATC 4.D.8, as 6.J.3: the package's own case expects the older distance."""
        self._older_option(super().test_6_k_1)

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
