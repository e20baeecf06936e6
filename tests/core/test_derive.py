"""The deriving machinery read from the types alone: texts, literals, unions, sets, fixed
tuples, defaults that may be left out, and the codec of a game that declares no form."""

from __future__ import annotations

import enum
from typing import Any, Literal

import attrs
import pytest

from rulespec.core import derive as d
from rulespec.core.errors import RecordError
from rulespec.plugin.codec import derived, kind


class Suit(enum.Enum):
    CUPS = "cups"
    COINS = "coins"


@attrs.frozen
class Mark:
    at: tuple[int, int]
    note: str = ""


@attrs.frozen
class Table:
    players: int
    seen: frozenset[int]
    owner: int | str | None
    marks: tuple[Mark, ...] = attrs.field(factory=tuple)
    level: Literal[1, 2] = 1
    trump: Suit | None = None
    extra: Any = None


@attrs.frozen
class Rules:
    cards: int = attrs.field(default=13, validator=attrs.validators.ge(1))
    suit: Suit = Suit.CUPS


@attrs.frozen
class PassTurn:
    player: int


@attrs.frozen
class TakeTwoCards:
    player: int
    cards: tuple[int, int]


def test_a_literal_refuses_a_value_of_another_type() -> None:
    level = d.choice((1, 2))
    assert level.decode(2, "level") == 2
    with pytest.raises(RecordError, match="level: expected one of 1, 2"):
        level.decode(True, "level")
    assert level.schema == {"enum": [1, 2]}
    assert d.choice(("a", "b")).schema == {"type": "string", "enum": ["a", "b"]}


def test_a_union_reads_the_first_member_that_fits_and_reports_the_last() -> None:
    owner = d.either(d.integer(), d.text())
    assert owner.decode(3, "owner") == 3
    assert owner.decode("bank", "owner") == "bank"
    with pytest.raises(RecordError, match=r"owner: expected a string, got 1\.5"):
        owner.decode(1.5, "owner")


def test_a_set_is_written_in_a_stable_order_and_read_back_as_a_set() -> None:
    seen = d.bunch(d.integer(0, 99))
    assert seen.encode(frozenset({12, 3, 7})) == [12, 3, 7]  # by repr: "12" < "3" < "7"
    assert seen.decode([7, 3, 12], "seen") == frozenset({3, 7, 12})
    with pytest.raises(RecordError, match=r"seen\[1\]: 100 is out of range 0 to 99"):
        seen.decode([1, 100], "seen")


def test_a_loose_record_writes_every_field_and_reads_the_defaults_left_out() -> None:
    form = d.record(Table, loose=True)
    table = Table(2, frozenset({1}), "bank", (Mark((0, 1)),), 2, Suit.COINS)
    data = form.encode(table)
    assert list(data) == ["players", "seen", "owner", "marks", "level", "trump", "extra"]
    assert data["marks"] == [{"at": [0, 1], "note": ""}] and data["trump"] == "coins"
    assert form.decode(data, "table") == table
    short = form.decode({"players": 2, "seen": [], "owner": None}, "table")
    assert short == Table(2, frozenset(), None)
    with pytest.raises(RecordError, match=r"table\.marks\[0\]\.at: more than 2 items"):
        form.decode({**data, "marks": [{"at": [0, 1, 2]}]}, "table")
    with pytest.raises(RecordError, match="table: missing key 'owner'"):
        form.decode({"players": 2, "seen": []}, "table")


def test_a_strict_record_still_requires_every_field() -> None:
    with pytest.raises(RecordError, match="table: missing key"):
        d.record(Table).decode({"players": 2, "seen": [], "owner": None}, "table")


def test_the_derived_codec_of_a_game_that_declares_no_form() -> None:
    game = derived(Table, [PassTurn, TakeTwoCards], Table, Rules)
    assert kind(TakeTwoCards) == "take-two-cards"
    assert game.encode_action(TakeTwoCards(1, (3, 4))) == {
        "type": "take-two-cards",
        "player": 1,
        "cards": [3, 4],
    }
    assert game.decode_action({"type": "pass-turn", "player": 0}) == PassTurn(0)
    with pytest.raises(RecordError, match=r"unknown action type 'draw' \(pass-turn, take-two"):
        game.decode_action({"type": "draw", "player": 0})
    assert game.encode_options(Rules()) == {}
    assert game.encode_options(Rules(cards=5, suit=Suit.COINS)) == {"cards": 5, "suit": "coins"}
    assert game.decode_options({"suit": "coins"}) == Rules(suit=Suit.COINS)
    with pytest.raises(RecordError, match=r"options\.suit: unknown suit 'swords'"):
        game.decode_options({"suit": "swords"})
    with pytest.raises(RecordError, match=r"^options: 'cards' must be >= 1"):
        game.decode_options({"cards": 0})
    state = Table(3, frozenset({2, 0}), 1)
    assert game.decode_state(game.encode_state(state)) == state


def test_a_class_that_is_not_attrs_is_written_but_never_read() -> None:
    game = derived(Table, [PassTurn], object, Rules)
    with pytest.raises(RecordError, match=r"^view: the game declares no JSON form for object"):
        game.decode_view({})


@attrs.frozen
class Pile:
    cards: list[int] = attrs.Factory(list)
    size: int = attrs.Factory(lambda self: len(self.cards), takes_self=True)


_LIST = d.mapped(d.many(d.integer()), lambda v, _: list(v), tuple)


def test_a_factory_default_is_made_for_each_value_and_one_taking_self_by_the_class() -> None:
    loose = d.record(Pile, {"cards": _LIST}, loose=True)
    first, second = loose.decode({}, "pile"), loose.decode({}, "pile")
    assert first == Pile([], 0) and type(first.size) is int
    assert first.cards is not second.cards
    assert loose.decode({"cards": [4, 5]}, "pile").size == 2
    assert loose.decode({"cards": [4], "size": 7}, "pile") == Pile([4], 7)
    options = d.options(Pile, {"cards": _LIST})
    assert options.encode(Pile([3])) == {"cards": [3], "size": 1}
    assert options.decode({"cards": [1, 2, 3]}, "options").size == 3
    assert options.decode({}, "options").cards is not options.decode({}, "options").cards


class Scratch:
    """A class with no JSON form."""


@attrs.frozen
class Noted:
    player: int
    notes: dict[str, int]
    pad: tuple[Scratch, ...] = ()


def _refuse(value: Any, where: str) -> Any:
    raise RecordError(where, "no form")


_UNREAD = d.Form(lambda v: v, _refuse, {})


def test_a_field_without_a_form_fails_a_strict_record_when_it_is_made() -> None:
    with pytest.raises(TypeError, match=r"^no JSON form for .*(dict|Scratch).*: declare one$"):
        d.record(Noted)


def test_a_derived_codec_writes_a_field_without_a_form_and_refuses_to_read_it() -> None:
    game = derived(Noted, [Noted], Noted, Rules)
    assert game.encode_state(Noted(1, {"a": 2})) == {"player": 1, "notes": {"a": 2}, "pad": []}
    said = "the game declares no JSON form for dict: it cannot be read"
    with pytest.raises(RecordError, match=rf"^state\.notes: {said}$"):
        game.decode_state({"player": 1, "notes": {}})
    pad = d.record(Noted, {"notes": d.Form(dict, lambda v, _: v, {})}, unknown=lambda k: _UNREAD)
    assert pad.decode({"player": 1, "notes": {}, "pad": []}, "at") == Noted(1, {})
    with pytest.raises(RecordError, match=r"^at\.pad\[0\]: no form"):
        pad.decode({"player": 1, "notes": {}, "pad": [{}]}, "at")


def test_an_error_of_a_field_form_is_not_taken_for_a_malformed_record() -> None:
    def broken(value: Any, where: str) -> int:
        raise TypeError("a bug in the decoder")

    faulty = d.Form(lambda v: v, broken, {})
    strict = d.record(PassTurn, {"player": faulty})
    loose = d.record(Pile, {"cards": faulty}, loose=True)
    for form, data in ((strict, {"player": 1}), (loose, {"cards": [1]})):
        with pytest.raises(TypeError, match="a bug in the decoder"):
            form.decode(data, "at")

    def checked(v: dict[str, Any], data: Any, where: str) -> None:
        raise TypeError("a bug in the check")

    with pytest.raises(TypeError, match="a bug in the check"):
        d.record(PassTurn, check=checked).decode({"player": 1}, "at")
    with pytest.raises(RecordError, match=r"^options: 'cards' must be >= 1"):
        d.options(Rules, at="options").decode({"cards": 0}, "options")


def test_a_codec_gives_its_eight_functions_in_their_named_order() -> None:
    import rulespec.canardage.codec as canardage
    import rulespec.duck_cover.codec as duck_cover
    import rulespec.duo.codec as duo

    names = (
        "encode_options",
        "decode_options",
        "encode_action",
        "decode_action",
        "encode_state",
        "decode_state",
        "encode_view",
        "decode_view",
    )
    game = derived(Table, [PassTurn], Table, Rules)
    assert list(game) == [getattr(game, n) for n in names]
    assert len(set(map(id, game))) == 8
    for module in (canardage, duck_cover, duo):
        codec = module.CODEC
        assert [getattr(module, n) for n in names] == [getattr(codec, n) for n in names]


def test_a_whole_number_without_bounds_is_read_within_the_largest_counter() -> None:
    counter = d.integer(0)
    assert counter.schema == {"type": "integer", "minimum": 0, "maximum": d.LARGEST}
    assert counter.decode(d.LARGEST, "round") == d.LARGEST
    with pytest.raises(RecordError, match=r"^round: .* out of range"):
        counter.decode(d.LARGEST + 1, "round")
    with pytest.raises(RecordError, match=r"^n: .* out of range"):
        d.integer().decode(-(10**30), "n")
