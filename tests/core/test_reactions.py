"""Reaction windows and standing reactions: matching, answers read from mail, defaults."""

from __future__ import annotations

from pbem.core.reactions import (
    Choice,
    Impossible,
    StandingReaction,
    Window,
    choices_text,
    clears_standing,
    default_answer,
    impossible_part,
    read_answer,
    replace_standing,
    resolve,
    standing_answer,
)


def attack_window(attack: str = "sword") -> Window:
    return Window(
        id="t3-attack-1",
        seat="p2",
        trigger="dg.attack",
        facts={"attack": attack, "attacker": "p1"},
        choices=[Choice(key="pass", label="take the blow"), Choice(key="dodge", label="Dodge")],
        default="pass",
    )


def test_standing_reaction_matching_facts_answers_at_once() -> None:
    rule = StandingReaction(trigger="dg.attack", answer="dodge", when={"attack": "sword"})
    resolved = standing_answer(attack_window("sword"), [rule])
    assert resolved is not None
    assert (resolved.answer, resolved.how, resolved.seat) == ("dodge", "standing", "p2")


def test_standing_reaction_with_other_facts_or_trigger_does_not_cover() -> None:
    by_fact = StandingReaction(trigger="dg.attack", answer="dodge", when={"attack": "spear"})
    by_trigger = StandingReaction(trigger="dg.move", answer="dodge")
    assert standing_answer(attack_window("sword"), [by_fact, by_trigger]) is None


def test_standing_reaction_naming_an_illegal_choice_does_not_cover() -> None:
    rule = StandingReaction(trigger="dg.attack", answer="shield")
    assert standing_answer(attack_window(), [rule]) is None


def test_list_in_when_matches_any_value_and_first_rule_wins() -> None:
    rules = [
        StandingReaction(trigger="dg.attack", answer="dodge", when={"attack": ["spear", "sword"]}),
        StandingReaction(trigger="dg.attack", answer="pass"),
    ]
    resolved = standing_answer(attack_window("spear"), rules)
    assert resolved is not None and resolved.answer == "dodge"


def test_read_answer_accepts_bare_or_prefixed_choice_case_insensitively() -> None:
    window = attack_window()
    for text in ("DODGE", "react dodge", "\n  play Dodge\n", "hello\nanswer dodge"):
        resolved = read_answer(window, text)
        assert resolved is not None and resolved.answer == "dodge", text
    assert read_answer(window, "block it") is None


def test_default_and_choice_lines() -> None:
    window = attack_window()
    assert default_answer(window).how == "default"
    assert default_answer(window).answer == "pass"
    assert choices_text(window) == ["pass: take the blow (default)", "dodge: Dodge"]


def test_resolve_takes_a_legal_choice_and_falls_back_to_the_default() -> None:
    window = attack_window()
    assert (resolve(window, "Dodge").answer, resolve(window, "Dodge").how) == ("dodge", "answered")
    for missing in (None, "", "shield"):
        assert (resolve(window, missing).answer, resolve(window, missing).how) == (
            "pass",
            "default",
        )


def test_standing_lines_replace_the_set_and_a_message_without_any_keeps_it() -> None:
    dodge = StandingReaction(trigger="dg.attack", answer="dodge")
    duck = StandingReaction(trigger="dg.attack", answer="duck", when={"attack": "spear"})
    assert replace_standing([dodge], None) == [dodge]
    assert replace_standing([dodge], [duck]) == [duck]
    assert replace_standing([dodge], [duck, duck, dodge]) == [duck, dodge]
    assert replace_standing([dodge], []) == []
    assert clears_standing(["standing", "clear"]) and clears_standing(["standing", "none"])
    assert not clears_standing(["standing", "defend", "with", "dodge"])


def test_impossible_part_names_what_no_question_can_meet() -> None:
    answers = ("pass", "dodge", "duck")
    facts = {"attack": ("sword", "spear"), "attacker": ("p1",)}
    fits = StandingReaction(trigger="dg.attack", answer="Dodge", when={"attack": "SWORD"})
    assert impossible_part(fits, answers, facts) is None
    march = StandingReaction(trigger="dg.attack", answer="march")
    assert impossible_part(march, answers, facts) == Impossible("answer", "", "march")
    typo = StandingReaction(
        trigger="dg.attack", answer="dodge", when={"attack": ["sword", "swrod"]}
    )
    assert impossible_part(typo, answers, facts) == Impossible("fact", "attack", "swrod")
    unknown = StandingReaction(trigger="dg.attack", answer="dodge", when={"weather": "rain"})
    assert impossible_part(unknown, answers, facts) == Impossible("fact", "weather", "")
