"""``rulespec play --lang``: every word of the terminal in the reader's language, the help
as the clauses state the end of each game, a lone move asked for as such, a Planqué card
that leaves the line said, and answers of any size asked again."""

from __future__ import annotations

import ast
import builtins
import contextlib
import io
import re
import string
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

import rulespec
from rulespec.canardage import Card, Play, position
from rulespec.canardage import render as can_render
from rulespec.cli import play
from rulespec.cli.main import main
from rulespec.duck_cover import Cover, Quack
from rulespec.duck_cover import position as dc_position
from rulespec.duck_cover import render as dc_render
from rulespec.duo import render as duo_render
from rulespec.i18n import read_po, translation
from tests.cli.helpers import ROOT, call, one_error_line

LANGUAGES = ("fr", "es", "de")
SOURCES = [
    ROOT / "rulespec" / "cli" / "play.py",
    ROOT / "rulespec" / "canardage" / "render.py",
    ROOT / "rulespec" / "duo" / "render.py",
    ROOT / "rulespec" / "duck_cover" / "render.py",
]
GUIDE = ROOT / "docs" / "guides" / "command-line.rst"


def _catalogue(lang: str) -> dict[str, str]:
    """The messages of ``play.po`` in ``lang``: English text to translation."""
    path = ROOT / "rulespec" / "locale" / lang / "LC_MESSAGES" / "play.po"
    return {text: found for (_, text), found in read_po(path.read_text(encoding="utf-8")).items()}


def _texts_the_code_translates() -> set[str]:
    """Every text the terminal passes through ``tr``: the literal arguments of the ``tr``
    calls of ``play.py`` and the render modules, the move templates, the legends, the
    letters of Duo's cards, the help of each game and the kinds of chance steps."""
    found: set[str] = set()
    for source in SOURCES:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            first = node.args[0]
            if name == "tr" and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
            if name == "Chance" and isinstance(first, ast.Constant):
                found.add(str(first.value))
    kinds = ROOT / "rulespec"
    for game in ("canardage", "duo", "duck_cover"):
        for node in ast.walk(ast.parse((kinds / game / "game.py").read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "Chance"
                and isinstance(node.args[0], ast.Constant)
            ):
                found.add(str(node.args[0].value))
    found |= set(can_render._MOVES.values())
    found |= set(duo_render.LEGEND) | {duo_render.INITIALS}
    found |= {can_render.HELP, duo_render.HELP, dc_render.HELP}
    return found


def test_the_code_translates_the_texts_the_search_finds() -> None:
    texts = _texts_the_code_translates()
    # A few of each kind, so that a search that finds nothing cannot pass.
    assert {"Your legal moves:", "duck {player}", "end the turn", "col", "deal"} <= texts
    assert can_render.HELP in texts and "{card}: aim at space {space}" in texts
    assert len(texts) > 150


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_catalogue_covers_every_text_the_terminal_uses(lang: str) -> None:
    tr = translation(lang)
    missing = [
        text
        for text in sorted(_texts_the_code_translates())
        if not (tr.has(text, context=play.CONTEXT) or tr.has(text))
    ]
    assert not missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_translation_keeps_the_fields_of_its_english(lang: str) -> None:
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    catalogue = _catalogue(lang)
    assert len(catalogue) > 120
    wrong = [text for text, found in catalogue.items() if fields(text) != fields(found)]
    assert not wrong
    helps = {can_render.HELP, duo_render.HELP, dc_render.HELP}
    assert helps <= set(catalogue)
    # A message of a line or two keeps its line breaks; the helps are wrapped anew.
    lines = [(t.count("\n"), f.count("\n")) for t, f in catalogue.items() if t not in helps]
    assert all(english == translated for english, translated in lines)
    width = max(len(line) for text in helps for line in catalogue[text].splitlines())
    assert width <= 90


@contextlib.contextmanager
def _typed(answers: Sequence[str]) -> Iterator[io.StringIO]:
    """Standard output captured, and ``input`` answered from ``answers`` as a person types
    them: each answer shown after its prompt, as a terminal echoes it. The input ends after
    the last answer."""
    out = io.StringIO()
    left = list(answers)

    def typed(prompt: object = "") -> str:
        print(prompt, end="")
        if not left:
            raise EOFError
        answer = left.pop(0)
        print(answer)
        return answer

    real = builtins.input
    builtins.input = typed
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            yield out
    finally:
        builtins.input = real


def transcript(args: Sequence[str], answers: Sequence[str], cwd: Path) -> tuple[int, str]:
    """The exit status and what the terminal shows when ``rulespec ARGS...`` is played
    with ``answers`` typed at its prompts (standard error after standard output)."""
    with contextlib.chdir(cwd), _typed(answers) as out:
        status = main(list(args))
    return status, out.getvalue()


def _fragments(english: str, translated: str) -> list[str]:
    """The English words of a message that a reader would see if it were left
    untranslated: runs of two or more words between its fields, when the
    translation does not say them too."""
    runs = []
    for line in english.split("\n"):
        for run in re.split(r"\{\w*\}", line):
            run = run.strip(" :;,.()=·")
            if len(re.findall(r"[A-Za-z]{3,}", run)) >= 2 and run not in translated:
                runs.append(run)
    return runs


WORDS = {
    "canardage": {
        "fr": ["Pile de départ", "emplacement", "tête", "arrière", "canards perdus", "Victoire"],
        "es": ["mazo de patos", "espacio", "cabeza", "fondo", "patos perdidos", "Gana"],
        "de": ["Entenstapel", "Platz", "vorne", "hinten", "verlorene Enten", "Sieg"],
    },
    "duo": {
        "fr": ["Pioche", "Légende", "Points de la manche", "Fin de la manche"],
        "es": ["Mazo de robo", "Clave", "Puntos de la ronda", "Fin de la ronda"],
        "de": ["Nachziehstapel", "Legende", "Punkte der Runde", "ist vorbei"],
    },
    "duck-and-cover": {
        "fr": ["Pile du Captain", "colonne", "ligne", "éclaboussures", "Fin de la manche 3 sur 3"],
        "es": ["Pila del Capitán", "columna", "fila", "salpicaduras", "Fin de la ronda 3 de 3"],
        "de": ["Kapitänsstapel", "Spalte", "Zeile", "Spritzer", "Runde 3 von 3 ist vorbei"],
    },
}


@pytest.mark.parametrize("game", sorted(WORDS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_game_in_each_language_leaves_no_english(
    game: str, lang: str, tmp_path: Path
) -> None:
    players = "3"
    args = ["play", game, "--players", players, "--seed", "4", "--policy", "random"]
    status, shown = transcript([*args, "--lang", lang], ["?", "abc", *["1"] * 3000], tmp_path)
    assert status == 0, shown[-2000:]
    catalogue = _catalogue(lang)
    left = {
        run for text, found in catalogue.items() for run in _fragments(text, found) if run in shown
    }
    assert not left
    for word in WORDS[game][lang]:
        assert word in shown
    assert translation(lang)(can_render.HELP, context=play.CONTEXT) != can_render.HELP
    english = transcript(args, ["?", "abc", *["1"] * 3000], tmp_path)[1]
    # The same search finds the English of the same game.
    runs = {run for text, found in catalogue.items() for run in _fragments(text, found)}
    assert len({run for run in runs if run in english}) > 10
    assert "Your legal moves:" in english and "is not a number" in english
    if lang == "fr":
        # French sets a no-break space before a colon, a semicolon, ! and ?.
        said = shown.replace("\u00a0: ?\n", "\u00a0:\n")  # the "?" typed at a prompt
        assert not re.search(r" [:;!?]", said)
        assert "\u00a0:" in shown and "«\u00a0?\u00a0»" in shown


def test_an_unknown_language_is_one_line_and_status_2() -> None:
    done = call("play", "canardage", "--lang", "it")
    assert done.status == 2
    assert "--lang" in one_error_line(done)
    assert "'fr'" in one_error_line(done)


# -- the help says how each game ends, as the clauses do ----------------------------


@pytest.mark.clause("can.end.out", "can.end.winner", "can.end.simultaneous")
def test_the_canardage_help_keeps_a_player_with_no_duck_in_the_game() -> None:
    said = " ".join(can_render.HELP.split())
    assert "is out" not in said and "highest number" not in said
    assert "cannot win but keeps playing" in said
    assert "they still play, discard, draw and shoot" in said
    assert "as soon as at most one player has ducks left" in said
    assert "they share the victory" in said
    fr = " ".join(translation("fr")(can_render.HELP, context=play.CONTEXT).split())
    assert "ne peut plus gagner mais continue de jouer" in fr


@pytest.mark.clause("dc.game.winner", "dc.game.tiebreak", "dc.game.three-rounds")
def test_the_duck_and_cover_help_states_the_lowest_total_and_the_ties() -> None:
    said = " ".join(dc_render.HELP.split())
    assert "three rounds and the lowest total wins" in said
    assert "the tied player with the fewest stacks at the end of the last round wins" in said
    assert "players still tied share the victory" in said


@pytest.mark.clause("duo.game.target", "duo.score.out", "duo.score.exhausted")
def test_the_duo_help_says_how_a_round_and_the_match_are_won() -> None:
    said = " ".join(duo_render.HELP.split())
    assert "highest total wins" not in said
    assert "A round ends as soon as a player places their last card" in said
    assert "each player loses one point per card they hold" in said
    assert "a player whose total reaches the target wins the match" in said


def test_the_help_typed_at_the_prompt_is_the_games_in_the_readers_language(
    tmp_path: Path,
) -> None:
    args = ["play", "canardage", "--players", "3", "--seed", "2", "--lang", "es"]
    status, shown = transcript(args, ["?", "q"], tmp_path)
    assert status == 1
    assert "ya no puede ganar, pero sigue jugando" in " ".join(shown.split())
    assert "is out" not in shown


# -- a lone move, and answers of any kind -------------------------------------------


def _choose(answers: Sequence[str], moves: int, lang: str = "en") -> tuple[str, str]:
    """The move chosen among ``moves`` after ``answers``, and what the terminal showed."""
    listed = [f"move {n}" for n in range(1, moves + 1)]
    with _typed(answers) as out:
        chosen = play._choose(listed, listed, "HELP", play.words_in(lang))
    return chosen, out.getvalue()


def test_a_lone_move_is_asked_for_as_the_only_one() -> None:
    chosen, shown = _choose(["2", "0", "x", "1"], 1)
    assert chosen == "move 1"
    assert "from 1 to 1" not in shown and "1-1" not in shown
    assert shown.count("Your move (one move: press Enter or type 1; ? help, q quit): ") == 4
    assert shown.count("There is only this move: press Enter or type 1.") == 3
    assert _choose([""], 1)[0] == "move 1"
    _, fr = _choose(["2", ""], 1, "fr")
    assert "Il n’y a que ce coup\u00a0: appuyez sur Entrée ou tapez 1." in fr
    _, many = _choose(["9", "2"], 3)
    assert "There is no move 9. Type the number of a move, from 1 to 3." in many


def test_hostile_answers_are_asked_again_and_never_crash() -> None:
    huge = "9" * 5000  # more digits than int() reads by default
    line = "x" * 10_000_000
    chosen, shown = _choose([huge, "²", "١", line, "2"], 3)
    assert chosen == "move 2"
    assert shown.count("Your move (1-3; ? help, q quit): ") == 5
    assert f"There is no move {'9' * 40}…. Type the number" in shown
    assert "“²” is not a number." in shown and "“١” is not a number." in shown
    (reply,) = [said for said in shown.splitlines() if said.startswith("“xxx")]
    assert (
        reply
        == f"“{'x' * 40}…” is not a number. Type the number of a move, from 1 to 3. (? for help)"
    )


def test_a_huge_number_typed_at_the_command_keeps_the_record(tmp_path: Path) -> None:
    args = ["play", "duo", "--seed", "3", "--record", "game.json"]
    status, shown = transcript(args, ["9" * 5000, "1", "q"], tmp_path)
    assert status == 1
    assert "There is no move 999" in shown and "Traceback" not in shown
    record = rulespec.Record.from_json((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert len(record.steps) >= 2  # the deal and the move typed after the bad answer


# -- a Planqué card that leaves the line --------------------------------------------


@pytest.mark.clause("can.action.planque")
def test_a_planque_card_leaving_the_line_is_said_where_it_shows() -> None:
    can = rulespec.game("canardage")
    # Player 1's Planqué card lies on space 3; player 0 shoots, and player 1's turn begins.
    state = position("0 W 1 2 W 0", [["pan"] * 3] * 3, targets=(2,), shelters={1: 3})
    action = Play(0, Card.PAN, (2,))
    after = can.apply(state, action)
    assert after.played[-1] is Card.PLANQUE
    seen = can.view(after, 0)
    text = can_render.text(seen)
    assert "played 2 (last: Planqué, off the line as Player 1's turn began)" in text
    did = can_render.outcome(can.view(state, 0), seen, action)
    assert did is not None
    assert did.endswith(
        "player 1's Planqué card leaves space 3 for the played cards: their turn begins "
        "(can.action.planque)"
    )
    fr = play.words_in("fr")
    assert "dernière\u00a0: Planqué, retirée de la ligne au début du tour de Joueur 1" in (
        can_render.text(seen, tr=fr)
    )
    # Once player 1 has played, the last card is theirs and nothing more is said.
    later = can.apply(after, can.legal_actions(after, 1)[0])
    assert "off the line" not in can_render.text(can.view(later, 0))


# -- the transcript in the command-line guide ---------------------------------------

TRANSCRIPT = ["play", "canardage", "--lang", "fr", "--players", "3", "--seed", "5"]
TRANSCRIPT_ARGS = [*TRANSCRIPT, "--record", "partie.json"]
TRANSCRIPT_ANSWERS = ["?", "abc", "9", "3", "2", "q"]


def _guide_transcript() -> str:
    """The literal block after the French transcript's marker in the command-line guide."""
    text = GUIDE.read_text(encoding="utf-8")
    marker = ".. French transcript of rulespec play canardage"
    assert marker in text
    after = text[text.index(marker) :]
    block = re.search(r"::\n\n((?:   .*\n|\n)+)", after)
    assert block is not None
    lines = [line[3:] for line in block.group(1).splitlines()]
    return "\n".join(lines).strip("\n")


def test_the_guide_shows_what_play_canardage_in_french_prints(tmp_path: Path) -> None:
    status, shown = transcript(TRANSCRIPT_ARGS, TRANSCRIPT_ANSWERS, tmp_path)
    assert status == 1
    typed = "$ rulespec " + " ".join(TRANSCRIPT_ARGS)
    assert _guide_transcript() == typed + "\n" + shown.rstrip("\n")
    assert "«\u00a0abc\u00a0» n’est pas un nombre." in shown


@pytest.mark.clause("dc.turn.discard", "dc.turn.captain-pile")
def test_duck_and_cover_says_where_the_called_card_went() -> None:
    dc = rulespec.game("duck-and-cover")
    covered = ["1/2 3 4\n5 6 7\n8 9 10\n11 12"] * 2
    state = dc.apply(dc_position(covered, card=1), Quack(0))
    assert dc_render.outcome(dc.view(state, 0), dc.view(state, 0), Quack(0)) is None
    after = dc.apply(state, Quack(1))
    assert dc_render.outcome(dc.view(state, 0), dc.view(after, 0), Quack(1)) == (
        "nobody moved on the 1: it goes to the discard zone, 1 of 9 (dc.turn.discard)"
    )
    state = dc.apply(dc_position(["1 2 3 4\n5 6 7 8\n9 10 11 12"] * 2, card=2), Cover(0, (2, 0)))
    after = dc.apply(state, Cover(1, (2, 0)))
    said = dc_render.outcome(dc.view(state, 0), dc.view(after, 0), Cover(1, (2, 0)))
    assert said == "someone moved: the 2 goes on the Captain pile (dc.turn.captain-pile)"
    fr = dc_render.outcome(state, after, Cover(1, (2, 0)), tr=play.words_in("fr"))
    assert fr == "quelqu’un a bougé\u00a0: le 2 va sur la Pile du Captain (dc.turn.captain-pile)"
