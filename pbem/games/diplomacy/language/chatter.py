"""Greetings, sign-offs and a name under them: the lines of a mail that are not orders and are
not meant to be. Such a line is answered as text ignored, not as a problem, so that "Hi GM"
or "Thanks" never holds the phase. A line naming any province is never taken for chat: an
order in it must not be lost quietly.
"""

from __future__ import annotations

from pbem.games.diplomacy.language.lexicon import Lexicon, words

GREETINGS = frozenset({
    "hi", "hello", "hey", "hiya", "dear", "greetings", "howdy", "morning", "afternoon",
    "evening", "gm", "here", "my", "orders", "ok", "okay", "please", "sorry", "hallo", "bonjour",
})
SIGN_OFFS = frozenset({
    "thanks", "thank", "thx", "ty", "cheers", "regards", "best", "sincerely", "yours", "bye",
    "ciao", "cya", "see", "good", "kind", "many", "warm", "love", "merci", "danke", "gruss",
})


def names_a_place(lex: Lexicon, tokens: list[str]) -> bool:
    """Whether any run of the tokens names a province of the board."""
    return any(lex.place_at(tokens, index) is not None for index in range(len(tokens)))


class Chatter:
    """Tells, line by line, whether an unreadable line is chat: a greeting or sign-off, or
    any line without a province after a sign-off (the writer's name)."""

    def __init__(self, lex: Lexicon) -> None:
        self.lex, self.signed_off = lex, False

    def is_chat(self, line: str) -> bool:
        """Whether this unreadable line is chat, to be ignored."""
        tokens = [t for t in words(line) if t not in (",", ":", "-")]
        if not tokens or names_a_place(self.lex, tokens):
            return False
        if tokens[0] in SIGN_OFFS:
            self.signed_off = True
        return self.signed_off or tokens[0] in GREETINGS
