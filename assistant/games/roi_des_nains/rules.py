"""Le Roi des Nains rules as data: the 40 quest faces and the 14 special cards.

Read from ``boards/roi-des-nains.yaml`` by ``read_rules``, which reports
every problem of the file at once, each with its path. Each quest is one
scoring primitive and its spec (see ``scoring.SCORERS``).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from assistant.engine.errors import DataError, InputError
from assistant.engine.i18n import DEFAULT, N_, _, language, localized, ngettext, plurals
from assistant.engine.records import NamedTuple
from assistant.engine.words import join_names, key, shown
from assistant.games.roi_des_nains.cards import SUITS, Card, parse_rank_suit
from assistant.games.roi_des_nains.scoring import SCORERS, SEATING, both, describe_effect, english

EFFECTS = ("trick_winner", "next_trick", "last_trick", "per_face_in_trick", "doubles")
SPECIAL_KEYS = {"id", "name", "fr", "fr_verified", "suit", "rank", "magic", "effect", "aliases", "changes_hands",
                "hands", "play", "source", "sure", "chosen"}
HANDS = ("swap", "pass", "take")  # what a card's text moves between hands (see the data file)
# How a magic card plays: each key and the values it takes (see the data file).
PLAY = {"wins": ("always", "unless_ace"), "copies": ("previous_winner", "card_before"), "only_when_void": (True,),
        "not_in_first_trick": (True,), "not_leading_first_trick": (True,), "between_tricks": ("take_back",)}
SURE = ("HIGH", "MED", "GUESS")
SURE_SAID = {"HIGH": N_("sure: the rules or two sources"), "MED": N_("one secondary source"),
             "GUESS": N_("a guess, not sourced")}
PLAY_SAID = {
    ("wins", "always"): N_("wins its trick"),
    ("wins", "unless_ace"): N_("wins its trick unless an Ace is played: then the Ace of the suit led wins, "
                               "else the last Ace played"),
    ("copies", "previous_winner"): N_("plays as the card that won the trick before, its suit and value"),
    ("copies", "card_before"): N_("plays as the card played just before it, a little more"),
    ("only_when_void", True): N_("played only by a player with no card of the suit led"),
    ("not_in_first_trick", True): N_("not in the first trick"),
    ("not_leading_first_trick", True): N_("cannot lead the first trick"),
    ("between_tricks", "take_back"): N_("never played into a trick: between two tricks its holder puts it in the "
                                        "trick just played and takes back one of its cards (take-back NAME CARD)"),
}
HANDS_SAID = {
    "swap": N_("after its trick, whoever played it swaps hands with a player (swap NAME)"),
    "pass": N_("after its trick, every hand passes left or right (pass left|right)"),
}
# the red 11's count of cards is said through ngettext: its text is in ``said_play``
UNCONFIRMED = "(?)"  # beside a French card name the box has not confirmed (boards/roi-des-nains.yaml: fr_verified)
UNCONFIRMED_SAID = N_("(?): a French name the tool chose, not confirmed from the box yet")


# FACTS.md: the quest faces come from a public, unfinished online version (MED); French names known for two
QUESTS_SOURCE = N_("The quest faces come from one secondary source (a public, unfinished online version of the "
                   "game), so they are not sure; French names are known for two faces only. Check them against "
                   "your tiles.")


def unconfirmed(french: str, verified: bool) -> str:
    """A French name, flagged '(?)' unless the rule book confirms it (kept with its name when a line wraps)."""
    return french if verified else f"{french}\u00a0{UNCONFIRMED}"


class Quest(NamedTuple):
    id: str  # tile number and face: '13A'
    name: str
    fr: str | None
    primitive: str
    spec: Any
    fr_verified: bool = False  # the French rule book itself names the face so; else the name is the tool's choice

    @property
    def tile(self) -> str:
        """The tile's number: '13A' and '13B' are the two faces of tile '13'."""
        return self.id[:-1]

    @property
    def needs(self) -> str:
        """What a summary must give to score this quest: counts, order, cards or every card."""
        return SCORERS[self.primitive].needs(self.spec)

    @property
    def title(self) -> str:
        """'13A Capture the Kings': the canonical title (exports, JSON)."""
        return f"{self.id} {self.name}"

    @property
    def shown(self) -> str:
        """The face's name as the player reads it: in French its French name, flagged '(?)' where the rule
        book has not confirmed it (the tool chose it: boards/roi-des-nains.yaml, fr_verified), else the
        official English name."""
        return localized({"fr": unconfirmed(self.fr, self.fr_verified)} if self.fr else {}, self.name)

    @property
    def said(self) -> str:
        """'3A De trois quarts' in French, '3B From 6 to 7' where no French name is known."""
        return f"{self.id} {self.shown}"

    def scores(self, face_value: int, tr=english) -> str:
        """What this face scores, in words: canonical English, or ``tr=_`` in the player's language."""
        return SCORERS[self.primitive].describe(self.spec, face_value, tr)


class Special(NamedTuple):
    id: str
    name: str
    fr: str  # its French name: every card has one, so no French line names a card by its English id
    card: Card
    effect: dict
    aliases: tuple[str, ...] = ()
    changes_hands: bool = False  # its text moves cards between hands: what a player showed before no longer holds
    fr_verified: bool = False  # the French rule book itself names the card so; else the name is the tool's choice
    hands: str | None = None  # what its text moves between hands: swap, pass or take (see HANDS)
    take: int = 0  # hands 'take': how many cards
    play: dict = {}  # a magic card: how it plays (see PLAY)
    source: str = ""  # where its text comes from
    sure: str = ""  # how sure that is: HIGH, MED or GUESS
    chosen: str = ""  # what the rules leave open and the tool decides

    @property
    def shown(self) -> str:
        """Its name as the player reads it: 'Flag Bearer', in French 'Porte-étendard'."""
        return localized({"fr": self.fr}, self.name)

    @property
    def said(self) -> str:
        """The card named in a message: its id ('flag-bearer'), in French its French name ('Bricoleur')."""
        return localized({"fr": self.fr}, self.id)

    @property
    def marked(self) -> str:
        """``shown``, flagged '(?)' in French where the box has not confirmed the French name (``quest list``,
        the pad): a French table knows which names to check against its cards."""
        return self.shown if language() == DEFAULT else unconfirmed(self.shown, self.fr_verified)

    def scores(self, tr=english) -> str:
        """What it scores in words: canonical English, or ``tr=_`` in the player's language."""
        return describe_effect(self.effect, tr) or tr(N_("no points (its text changes the play)"))

    def plays(self, tr=english) -> str:
        """How its text changes the play, in words ('' for none): a magic card's play, a hand change."""
        said = [tr(PLAY_SAID[name, value]) for name, value in self.play.items()]
        if self.hands == "take":
            said.append(plurals(tr).ngettext(
                "whoever holds it takes {count} card from a player's hand and gives {count} back; the rule text "
                "leaves the timing open: after its trick, by whoever played it, or before the first trick, as the "
                "online version plays it (take NAME CARD... --back CARD,... [--by NAME])",
                "whoever holds it takes {count} cards from a player's hand and gives {count} back; the rule text "
                "leaves the timing open: after its trick, by whoever played it, or before the first trick, as the "
                "online version plays it (take NAME CARD... --back CARD,... [--by NAME])", self.take)
                        .format(count=self.take))
        elif self.hands:
            said.append(tr(HANDS_SAID[self.hands]).format(count=self.take))
        return both(said, tr)

    def words(self) -> tuple[str, ...]:
        """Every word it goes by, id first (French name folded to plain letters): what is read back."""
        return tuple(dict.fromkeys([self.id, slug(self.fr), *self.aliases]))

    @property
    def typed(self) -> str:
        """The one word a player types for it: its id, in French its French name as one word, accents kept
        ('porte-étendard', '11-bleu-qui-fait-tourner-les-mains')."""
        return word_of(self.fr) if language() != DEFAULT else self.id


def word_of(name: str) -> str:
    """'Porte-étendard' -> 'porte-étendard': a name as one word to type, accents kept (read back folded)."""
    return "-".join(name.lower().replace("'", " ").split())


def slug(name: str) -> str:
    """'Porte-étendard' -> 'porte-etendard': a name as one plain word to type."""
    return word_of(unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode())


class Rules(NamedTuple):
    quests: tuple[Quest, ...]
    specials: tuple[Special, ...]
    face_value: int  # what J, Q, K, A count in card sums (uncertain: a setting)

    def printed(self) -> dict:
        """What the printed pad shows under its rows (``print pad``): what each quest face scores and where the
        faces come from, each special card and its effect, and what '(?)' beside a name means."""
        return {"quests": [(quest.id, quest.shown, quest.scores(self.face_value, _)) for quest in self.quests],
                "quests_source": _(QUESTS_SOURCE),
                "specials": [(special.marked, special_said(special)) for special in self.specials],
                "specials_note": _(UNCONFIRMED_SAID) if any(special.marked != special.shown
                                                            for special in self.specials) else ""}

    def quest(self, text: str) -> Quest:
        """A quest by id ('13a'), English or French name; unknown -> InputError."""
        wanted = key(text)
        for quest in self.quests:
            if wanted and wanted in (key(quest.id), key(quest.name), key(quest.fr or "")):
                return quest
        raise InputError(_("unknown quest {quest}: give its tile and face (1A-20B) or its name "
                           "(see assistant quest list)").format(quest=shown(text)))

    def special_of(self, card: Card) -> Special:
        """The special card a Card of the deck is ('dragon' -> the Dragon)."""
        return next(special for special in self.specials if special.card == card)

    def special(self, text: str, shuffled_in: Special | None = None) -> Special:
        """A special card by name (English, French, alias) or as printed ('1g', '11r').

        A printed 11 names one of two cards of its colour: ``shuffled_in``, the
        special card of the deal at hand, says which one."""
        wanted = key(text)
        for special in self.specials:
            if wanted and wanted in (key(word) for word in (*special.words(), special.name)):
                return special
        rank_suit = parse_rank_suit(text)
        matches = [s for s in self.specials if rank_suit and (s.card.rank, s.card.suit) == rank_suit]
        if shuffled_in is not None and shuffled_in in matches:
            return shuffled_in
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise InputError(_("{card} is one of two cards: name it ({names})").format(
                card=shown(text), names=join_names([s.said for s in matches])))
        raise InputError(_("unknown special card {card}: expected one of {names}").format(
            card=shown(text), names=", ".join(s.said for s in self.specials)))


NEEDS_SAID = {"counts": N_("counts"), "order": N_("order"), "cards": N_("cards"), "every card": N_("every card")}


def listing(rules: Rules) -> list[str]:
    """``quest list`` in the player's language: the seats, each face (its name, what it scores, what a
    summary needs), then the special cards. Names the rules give in French are shown in French."""
    lines = [_("seats: {seating}").format(seating=_(SEATING))]
    known = sum(1 for quest in rules.quests if quest.fr and quest.fr_verified)
    if language() != DEFAULT:  # FACTS.md: the French names of the quests are not public
        lines.append(ngettext("quest names: the rule book gives the French name of {known} face of {count}; the "
                              "others are the tool's translations, marked (?)",
                              "quest names: the rule book gives the French names of {known} faces of {count}; the "
                              "others are the tool's translations, marked (?)", known).format(
            known=known, count=len(rules.quests)))
    for quest in rules.quests:
        # English shows the French name the rule book gives beside the official one; French shows its own alone.
        beside = f" ({quest.fr})" if quest.fr and quest.fr_verified else ""
        name = quest.shown if quest.shown != quest.name else quest.name + beside
        lines.append(_("{id:>4}  {name}: {scores}  [needs: {needs}]").format(
            id=quest.id, name=name, scores=quest.scores(rules.face_value, _), needs=_(NEEDS_SAID[quest.needs])))
    lines.append(_("special cards (one per deal; --special takes any of the names):"))
    for special in rules.specials:
        lines.append("  " + _("{names}: {scores}").format(names=special_named(special), scores=special_said(special)))
    if any(special.marked != special.shown for special in rules.specials):
        lines.append(_(UNCONFIRMED_SAID))
    return lines


def special_named(special: Special) -> str:
    """A special card as ``quest list`` names it: in English every word it is read by ('tinkerer,
    bricoleur'); in French its name, flagged where unconfirmed, with the word to type where that is not
    the name itself ('11 bleu qui fait tourner les mains (?) (11-bleu-qui-fait-tourner-les-mains)'). A French
    line never shows an English id."""
    if language() == DEFAULT:
        return ", ".join(special.words())
    typed = special.typed
    return special.marked if key(typed) == key(special.fr) and " " not in special.fr else \
        f"{special.marked} ({typed})"


def special_said(special: Special) -> str:
    """A special card's effect in the player's language: what it scores, how it changes the play, and how
    sure its text is (``quest list`` and the printed pad)."""
    said = special.scores(_)
    if special.plays():
        said = both((said, special.plays(_)), _)
    if special.sure:
        said = _("{said} [{sure}]").format(said=said, sure=_(SURE_SAID[special.sure]))
    return said


def read_rules(data: object, source: str) -> Rules:
    """Validate the quests-and-specials file; DataError lists every problem with its path."""
    problems: list[str] = []
    if not isinstance(data, dict):
        raise DataError(_("{source}: expected a mapping with quests, specials, settings").format(source=source))
    settings = data.get("settings") or {}
    face_value = settings.get("face_value_in_sums", 0) if isinstance(settings, dict) else None
    if isinstance(face_value, bool) or not isinstance(face_value, int):
        problems.append(_("{source}: settings.face_value_in_sums: expected a whole number (got {got})")
                        .format(source=source, got=repr(face_value)))
        face_value = 0
    quests = _read_quests(data.get("quests"), source, problems)
    specials = _read_specials(data.get("specials"), source, problems)
    if problems:
        raise DataError(problems)
    return Rules(tuple(quests), tuple(specials), face_value)


def _entries(value: object, path: str, problems: list[str]) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        problems.append(_("{path}: expected a list").format(path=path))
        return []
    return value


def _read_quests(value: object, source: str, problems: list[str]) -> list[Quest]:
    quests = []
    seen: set[str] = set()
    for position, entry in enumerate(_entries(value, f"{source}: quests", problems)):
        path = f"{source}: quests[{position}]"
        if (not isinstance(entry, dict) or not isinstance(entry.get("id"), str)
                or not isinstance(entry.get("name"), str)):
            problems.append(_("{path}: expected id, name and rule").format(path=path))
            continue
        if key(entry["id"]) in seen:
            problems.append(_("{path}.id: {id} is listed twice").format(path=path, id=entry["id"]))
        seen.add(key(entry["id"]))
        rule = entry.get("rule")
        if not isinstance(rule, dict) or len(rule) != 1 or next(iter(rule)) not in SCORERS:
            problems.append(_("{path}.rule: expected one of {names}").format(
                path=path, names=", ".join(sorted(SCORERS))))
            continue
        primitive, spec = next(iter(rule.items()))
        problems.extend(f"{path}.rule.{primitive}: {p}" for p in SCORERS[primitive].check(spec))
        fr, verified = entry.get("fr"), entry.get("fr_verified", False)
        if not isinstance(verified, bool):
            problems.append(_("{path}.fr_verified: expected true or false (got {got})").format(
                path=path, got=shown(verified)))
        quests.append(Quest(entry["id"].upper(), entry["name"], fr if isinstance(fr, str) else None, primitive, spec,
                            verified is True))
    return quests


def _read_specials(value: object, source: str, problems: list[str]) -> list[Special]:
    specials = []
    for position, entry in enumerate(_entries(value, f"{source}: specials", problems)):
        path = f"{source}: specials[{position}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            problems.append(_("{path}: expected id, name, suit and rank (or magic: true)").format(path=path))
            continue
        extra = sorted(set(map(str, entry)) - SPECIAL_KEYS)
        if extra:
            problems.append(_("{path}.{key}: unknown key (expected some of {keys})").format(
                path=path, key=extra[0], keys=", ".join(sorted(SPECIAL_KEYS))))
        effect = entry.get("effect") or {}
        if not isinstance(effect, dict) or any(name not in EFFECTS for name in effect):
            problems.append(_("{path}.effect: expected some of {names}").format(path=path, names=", ".join(EFFECTS)))
            effect = {}
        if entry.get("magic") is True:
            card = Card(entry["id"], None, 0, True)
        elif entry.get("suit") in SUITS and entry.get("rank") in (1, 11):
            card = Card(entry["id"], entry["suit"], entry["rank"], True)
        else:
            problems.append(_("{path}: expected suit (green, blue, red) and rank (1 or 11), or magic: true")
                            .format(path=path))
            continue
        hands, take = _read_hands(entry.get("hands"), path, problems)
        play = entry.get("play") or {}
        if not isinstance(play, dict) or any(PLAY.get(name) is None or value not in PLAY[name]
                                             for name, value in play.items()) or (play and not card.magic):
            problems.append(_("{path}.play: a magic card's play, expected some of {names}").format(
                path=path, names=", ".join(f"{name}: {'|'.join(map(str, values))}" for name, values in PLAY.items())))
            play = {}
        sure = entry.get("sure", "")
        if sure not in ("", *SURE):
            problems.append(_("{path}.sure: expected one of {names} (got {got})").format(
                path=path, names=", ".join(SURE), got=shown(sure)))
        aliases = entry.get("aliases") or []
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            problems.append(_("{path}.aliases: expected a list of names").format(path=path))
            aliases = ()
        fr = entry.get("fr")
        if not isinstance(fr, str) or not fr.strip():  # a French line never falls back on the English id
            problems.append(_("{path}.fr: expected the card's French name (got {got})").format(
                path=path, got=shown(fr)))
            fr = str(entry.get("name", entry["id"]))
        verified = entry.get("fr_verified", False)
        if not isinstance(verified, bool):
            problems.append(_("{path}.fr_verified: expected true or false (got {got})").format(
                path=path, got=shown(verified)))
        specials.append(Special(entry["id"], str(entry.get("name", entry["id"])), fr,
                                card, effect, tuple(aliases), entry.get("changes_hands") is True or hands is not None,
                                verified is True, hands, take, play,
                                *(str(entry.get(name) or "") for name in ("source", "sure", "chosen"))))
    return specials


def _read_hands(value: object, path: str, problems: list[str]) -> tuple[str | None, int]:
    """``hands: swap`` / ``pass`` / ``{take: 2}`` -> (kind, cards taken)."""
    if value is None:
        return None, 0
    if value in ("swap", "pass"):
        return str(value), 0
    if isinstance(value, dict) and list(value) == ["take"] and isinstance(value["take"], int) \
            and not isinstance(value["take"], bool) and value["take"] > 0:
        return "take", value["take"]
    problems.append(_("{path}.hands: expected swap, pass or {{take: N}} (got {got})").format(
        path=path, got=shown(value)))
    return None, 0
