"""``rulespec games`` and ``rulespec rules``, run as a user runs them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import rulespec
from rulespec.cli.rules import rules_text
from rulespec.i18n import local_label, translation
from rulespec.rulebook.clauses import load_catalogue
from tests.cli.helpers import ROOT, call, one_error_line, run

# Player ranges as the rulebooks print them.
RANGES = {"duck-and-cover": (2, 7), "duo": (2, 6), "canardage": (3, 6)}
# Splashes of Duck & Cover cards 1 to 12 (docs/sources.rst).
SPLASHES = [0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5]


def test_games_lists_each_game_with_its_players_options_and_bots() -> None:
    text = run("games")  # the installed command itself, in a process of its own
    data = call("games", "--json")
    assert text.status == 0 and data.status == 0
    games = {g["id"]: g for g in json.loads(data.out)}
    assert set(games) == set(RANGES)
    for gid, (low, high) in RANGES.items():
        assert (games[gid]["min_players"], games[gid]["max_players"]) == (low, high)
        assert re.search(rf"^{gid}  .+, {low}–{high} players$", text.out, re.M)
    dc = {o["name"]: o for o in games["duck-and-cover"]["options"]}
    assert dc["splashes"]["default"] == SPLASHES
    duo = {o["name"]: o for o in games["duo"]["options"]}
    assert duo["turbo"]["default"] is False
    assert "Turbo-jokers" in duo["turbo"]["about"]
    assert games["duo"]["default_policy"] == "greedy"
    assert "bots: greedy (default), random" in text.out
    assert "simulations add: max_rounds=50" in text.out
    # Every default in full, in the NAME=VALUE form that --option takes.
    assert "…" not in text.out
    for game in games.values():
        for option in game["options"]:
            shown = json.dumps(option["default"], ensure_ascii=False)
            assert f"    {option['name']}={shown}\n" in text.out + "\n", option["name"]


@pytest.mark.parametrize("game", sorted(RANGES))
def test_what_games_prints_is_what_option_takes(game: str) -> None:
    listing = call("games").out.split("\n\n")
    block = next(b for b in listing if b.startswith(f"{game}  "))
    printed = re.findall(r"^    (\w+=.+)$", block, re.M)
    assert printed
    result = call(
        "simulate", game, "--games", "1", "--json", *(a for p in printed for a in ("--option", p))
    )
    assert result.status == 0, result.err
    g = rulespec.game(game)
    for entry in json.loads(result.out)["option_sets"]:
        # Each printed default, given back, sets that option to its default.
        name = entry["label"].split("=", 1)[0]
        given = g.decode_options(entry["options"])
        assert getattr(given, name) == getattr(g.default_options(), name), entry["label"]


def test_a_canardage_deck_given_as_the_list_games_prints() -> None:
    from rulespec.canardage import Card

    deck = [20, 1, 12, 1, 2, 1, 2, 2, 6, 3, 3, 1, 2, 1, 2, 3]
    result = call("simulate", "canardage", "--games", "1", "--json",
                 "--option", f"action_deck={json.dumps(deck)}")  # fmt: skip
    assert result.status == 0, result.err
    counts = json.loads(result.out)["option_sets"][0]["options"]["action_deck"]
    assert list(counts.values()) == deck
    assert list(counts) == [c.value for c in Card]
    wrong = call("simulate", "canardage", "--games", "1", "--option", "action_deck=[1, 2]")
    assert wrong.status == 2
    assert "action_deck: expected 16 whole numbers" in one_error_line(wrong)


@pytest.mark.parametrize("lang", ["en", "fr", "es", "de"])
def test_rules_prints_every_clause_in_the_language_asked(lang: str) -> None:
    result = call("rules", "duck-and-cover", "--lang", lang)
    assert result.status == 0
    for c in rulespec.catalogue("duck-and-cover"):
        if c.status == "retired":
            continue
        title = translation(lang)(c.title, context=c.id)  # titles come in that language
        assert f"{c.id}  {title}" in result.out
        text = c.statement if lang == "en" else c.text(lang).text
        # The text is wrapped: compare its words.
        assert " ".join(text.split()[:6]) in " ".join(result.out.split())
    other = "fr" if lang != "fr" else "de"
    quack = rulespec.clause("dc.move.quack").text(other).text
    assert " ".join(quack.split()[:6]) not in " ".join(result.out.split())


def test_one_clause_with_its_notes_and_where_it_is_implemented() -> None:
    result = call("rules", "duck-and-cover", "move.quack", "--lang", "es")
    assert result.status == 0
    c = rulespec.clause("dc.move.quack")
    words = " ".join(result.out.split())
    assert re.search(r"^es\n    Nuestra redacción en español, según", result.out, re.M)
    es = translation("es")
    assert " ".join(local_label(es, c.text("es"), c.game).split()) in words
    assert " ".join(c.text("es").text.split()) in words
    assert c.editions is not None
    assert " ".join(es(c.editions.reading, context=c.id).split()) in words
    found = re.findall(r"^    ([\w.]+) \(([\w/.]+\.py):(\d+)\)$", result.out, re.M)
    assert found
    for _, file, line in found:
        # The line named is a function that carries @implements(... "dc.move.quack" ...).
        source = (ROOT / file).read_text(encoding="utf-8").splitlines()
        at = int(line) - 1
        assert source[at].lstrip().startswith(("@", "def "))
        head = "\n".join(source[at : at + 6])
        assert "implements(" in head and '"dc.move.quack"' in head


@pytest.mark.parametrize(
    "args",
    [
        ["canardage", "--lang", "fr", "can.planque.space"],
        ["canardage", "can.planque.space", "--lang", "fr"],
        ["--lang", "fr", "canardage", "can.planque.space"],
    ],
)
def test_rules_take_their_options_in_any_order(args: list[str]) -> None:
    result = call("rules", *args)
    assert result.status == 0, result.err
    french = rulespec.clause("can.planque.space").text("fr").text
    assert " ".join(french.split()[:8]) in " ".join(result.out.split())


@pytest.mark.parametrize(
    ("game", "lang", "says"),
    [
        ("duck-and-cover", "es", "Nuestra redacción en español, según el reglamento español"),
        ("duo", "de", "Unsere Übersetzung ins Deutsche (es gibt keine deutsche Ausgabe); Vorlage"),
        ("canardage", "es", "Nuestra traducción al español (no existe edición española), según"),
    ],
)
def test_rules_say_what_the_texts_are(game: str, lang: str, says: str) -> None:
    result = call("rules", game, "--lang", lang)
    assert result.status == 0
    words = " ".join(result.out.split())
    assert says in words
    assert "edition:" not in result.out and "Traducción" not in result.out
    for c in rulespec.catalogue(game):
        if c.status == "retired":
            continue
        local = c.text(lang)
        where = local.locator
        if where is None:  # said in the language asked for
            where = translation(lang)("no edition states it: {source}").split(":")[0]
        assert re.search(rf"^{re.escape(c.id)}  .*\[{re.escape(where)}", result.out, re.M), c.id


def test_a_clause_with_an_interpretation_shows_the_question_and_the_reading() -> None:
    c = next(c for c in rulespec.clauses("duo") if c.interpretation is not None)
    assert c.interpretation is not None
    result = call("rules", "duo", c.id)
    assert result.status == 0
    words = " ".join(result.out.split())
    assert f"question: {' '.join(c.interpretation.question.split())}" in words
    assert f"our reading: {' '.join(c.interpretation.reading.split())}" in words


@pytest.mark.clause("can.planque.space", "can.setup.line", "can.cover.forward")
def test_each_alternative_says_whether_it_changes_play_and_how_to_declare_it() -> None:
    words = " ".join(call("rules", "canardage", "can.planque.space").out.split())
    assert (
        "changes play; declared as --reading can.planque.space=pan-spares-duck, options "
        '{"sheltered_pan": "target-only"}' in words
    )
    assert '--reading can.planque.space=no-shot, options {"sheltered_pan": "never"}' in words
    words = " ".join(call("rules", "canardage", "can.setup.line").out.split())
    assert "changes no play (reading 1)" in words and "--reading" not in words
    words = " ".join(call("rules", "canardage", "can.cover.forward").out.split())
    assert "changes play; no option plays it yet (reading 2)" in words
    french = " ".join(call("rules", "canardage", "can.cover.forward", "--lang", "fr").out.split())
    assert "change le jeu ; se déclare par --reading can.cover.forward=cover-first" in french


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["duck-and-cover", "move.quak"], "has no clause 'move.quak' (did you mean dc.move.quack"),
        (["duo", "dc.move.quack"], "dc.move.quack is a clause of duck-and-cover, not of duo"),
        (["chess"], "unknown game 'chess'"),
        (["duo", "--lang", "it"], "argument --lang: invalid choice: 'it'"),
        (["duo", "--lang", "fr", "duo.turn.draw", "x"], "unrecognized arguments: x"),
        (["duo", "duo.turn.draw", "--lang", "fr", "x"], "unrecognized arguments: x"),
    ],
)
def test_rules_errors_are_one_line(args: list[str], message: str) -> None:
    result = call("rules", *args)
    assert result.status == 2
    assert message in one_error_line(result)
    assert result.out == ""


def test_a_reader_that_stops_early_is_not_an_error(tmp_path: Path) -> None:
    import subprocess

    from tests.cli.helpers import COMMAND, child_environment

    done = subprocess.run(
        f"{' '.join(COMMAND)} rules duck-and-cover | head -n 1",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
        env=child_environment(),
    )
    assert done.stdout == "Duck & Cover: the rules (en)\n"
    assert done.stderr == ""


def test_the_listing_names_only_the_languages_a_catalogue_has() -> None:
    head = '[catalogue]\ngame = "toy"\ntitle = "Toy"\nsections = ["s"]\n[catalogue.sources]\n'
    clause = (
        '[[clause]]\nid = "toy.s.a"\nsection = "s"\ntitle = "A"\nstatement = "A rule."\n'
        'status = "implemented"\nsource = "reading"\nsource_note = "Ours."\n'
    )
    english_only = load_catalogue(head + clause, prefix="toy.", languages=())
    first = rules_text(english_only, "en").splitlines()[1]
    assert first == "Our English statement of each rule."
    french = load_catalogue(head + clause + '[clause.fr]\ntext = "Une règle."\n', languages=("fr",))
    assert "; fr gives our wording, following the edition" in rules_text(french, "en")
