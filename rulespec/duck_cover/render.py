"""Pictures of a Duck & Cover table: Unicode text for the terminal, SVG for notebooks.

Both show the table as it lies, for a full :class:`~rulespec.duck_cover.State`
or a player's :class:`~rulespec.duck_cover.View` alike: each grid with its
visible cards, covered cards only as a depth (a superscript in text, one
offset edge per card in SVG), the card in play and the called card, the
draw pile's size, the Captain pile's top, the discard zone and the scores.
A full state also shows the actions submitted this turn; a view shows only
who has acted (and the viewer's own action).
"""

from __future__ import annotations

import math
from collections.abc import Collection

import attrs

from rulespec.drawing import svg as s
from rulespec.drawing.show import Table, Words, english, gathered, register
from rulespec.duck_cover.actions import (
    Cover,
    Deal,
    Duck,
    Give,
    Place,
    PlayerAction,
    Quack,
    Reshuffle,
)
from rulespec.duck_cover.cards import (
    MAX,
    REPEAT,
    SPLASHES,
    Call,
    DrawCard,
    draw_card_name,
    family_of,
    number_of,
)
from rulespec.duck_cover.state import Phase, State
from rulespec.duck_cover.view import GridView, StackView, View

__all__ = ["HELP", "marks", "move", "narrate", "outcome", "round_end", "svg", "text"]

ROUNDS = 3
WIDTH = 80
"""The terminal width the text fits when it can."""

_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@attrs.frozen(kw_only=True)
class _Table(Table):
    """What the pictures show, from a state or a view."""

    phase: Phase
    round: int
    grids: tuple[GridView, ...]
    card: DrawCard | None
    call: Call | None
    draw_pile_size: int
    captain_top: DrawCard | None
    captain_size: int
    discard_zone: tuple[DrawCard, ...]
    discard_limit: int
    acted: tuple[bool, ...]
    actions: tuple[PlayerAction | None, ...]
    round_scores: tuple[tuple[int, ...], ...]
    splashes: tuple[int, ...]
    gifts: tuple[int, ...] = ()
    """Low blows: the duck each player is placing, as their grid will hold it."""

    @classmethod
    def of(cls, table: State | View, tr: Words = english) -> _Table:
        if isinstance(table, View):
            own, players = table.own_action, range(len(table.acted))
            return gathered(
                cls,
                table,
                viewer=table.player,
                captain_top=table.captain_pile_top,
                captain_size=table.captain_pile_size,
                discard_limit=len(table.discard_zone) + table.discards_left,
                actions=tuple(own if p == table.player else None for p in players),
                splashes=SPLASHES,
                tr=tr,
            )
        turn = table.phase is Phase.TURN
        return gathered(
            cls,
            table,
            viewer=None,
            grids=tuple(GridView.of(g) for g in table.grids),
            call=table.call if turn and not (table.gifting or table.gifts) else None,
            draw_pile_size=len(table.draw_pile),
            captain_top=table.captain_pile[-1] if table.captain_pile else None,
            captain_size=len(table.captain_pile),
            acted=tuple(a is not None for a in table.submitted) if turn else (),
            actions=table.submitted if turn else (),
            splashes=table.options.splashes,
            tr=tr,
        )

    def called(self, player: int) -> int | None:
        """The visible card that this turn moves in ``player``'s grid, if any."""
        if self.phase is not Phase.TURN or self.call is None:
            return None
        tops = [st.top for st in self.grids[player].stacks]
        if not tops:
            return None
        if self.call == MAX:
            return max(tops)
        return self.call if self.call in tops else None

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r[p] for r in self.round_scores) for p in range(self.players))

    def winners(self) -> tuple[int, ...]:
        """The lowest total, then the fewest stacks (see :func:`scoring.winners`)."""
        if self.phase is not Phase.OVER or not self.round_scores:
            return ()
        totals = self.totals()
        best = min(totals)
        tied = [p for p in range(self.players) if totals[p] == best]
        fewest = min(len(self.grids[p].stacks) for p in tied)
        return tuple(p for p in tied if len(self.grids[p].stacks) == fewest)

    def card_name(self, card: DrawCard) -> str:
        """A draw card as the reader's edition names it (Max and Repeat)."""
        return self.tr(draw_card_name(card)) if card in (MAX, REPEAT) else draw_card_name(card)


def _card_in_play(t: _Table) -> str:
    tr = t.tr
    if t.card is None:
        return tr("none")
    name = t.card_name(t.card)
    if t.card == MAX:
        return tr("{card} (each player moves their highest visible card)").format(card=name)
    if t.card == REPEAT and t.call is not None:
        return tr("{card} (calls {call} again: the last call repeats)").format(
            card=name, call=t.card_name(t.call)
        )
    if t.card == REPEAT:
        return tr("{card} (the last call repeats)").format(card=name)
    return name


def _action(action: PlayerAction, tr: Words = english) -> str:
    if isinstance(action, Cover):
        return tr("Cover {place}").format(place=action.to)
    if isinstance(action, Duck):
        return tr("Duck {place}").format(place=action.to)
    if isinstance(action, Give):
        return tr("Give {place}").format(place=action.at)
    if isinstance(action, Place):
        return tr("Place {place}").format(place=action.to)
    return tr("Quack!")


def _status(t: _Table) -> str:
    tr = t.tr
    head = tr("Duck & Cover · round {round} of {rounds}").format(round=t.round + 1, rounds=ROUNDS)
    if t.phase is Phase.DEAL:
        return f"{head} · {tr('waiting for the deal')}"
    if t.phase is Phase.RESHUFFLE:
        return f"{head} · {tr('waiting for the Captain pile to be reshuffled')}"
    if t.phase is Phase.OVER:
        winners = ", ".join(t.name(p) for p in t.winners())
        return tr("Duck & Cover · game over · won by {players}").format(players=winners)
    return f"{head} · " + tr("card in play: {card}").format(card=_card_in_play(t))


def _piles(t: _Table) -> str:
    tr = t.tr
    captain = tr("Captain pile {count}").format(count=t.captain_size)
    if t.captain_top is not None:
        captain = tr("{pile}, top {card}").format(pile=captain, card=t.card_name(t.captain_top))
    discards = tr("discards {count}/{limit}").format(
        count=len(t.discard_zone), limit=t.discard_limit
    )
    if t.discard_zone:
        named = " ".join(t.card_name(c) for c in t.discard_zone)
        discards = tr("{discards}: {cards}").format(discards=discards, cards=named)
    pile = tr("Draw pile {count}").format(count=t.draw_pile_size)
    return f"{pile} · {captain} · {discards}"


def _acted(t: _Table) -> str:
    done = []
    for p, acted in enumerate(t.acted):
        if acted:
            action = t.actions[p] if p < len(t.actions) else None
            said = f": {_action(action, t.tr)}" if action is not None else ""
            done.append(t.name(p) + said)
    return t.tr("Acted: {players}").format(players="; ".join(done) if done else t.tr("nobody yet"))


def _grid_lines(
    stacks: tuple[StackView, ...],
    called: int | None,
    rows: range,
    depth: int,
    tr: Words = english,
) -> list[str]:
    """A grid under a ``col`` header and ``row`` labels; ``>`` marks the called card,
    ``·`` an empty place, a superscript the number of cards covered beneath. Every grid
    of a table spans the same ``rows`` with cells of the same width."""
    if not stacks:
        return [tr("(no cards)")]
    where = {st.position: st for st in stacks}
    cols = range(min(c for c, _ in where), max(c for c, _ in where) + 1)
    cell = 4 + depth
    col, row = tr("col"), tr("row")
    lead = max(3, len(col) - 4, len(row))
    lines = [col.ljust(lead + 4) + "".join(f"{c:>3}".ljust(cell) for c in cols)]
    for r in rows:
        cells = []
        for c in cols:
            st = where.get((c, r))
            if st is None:
                cells.append("  ·".ljust(cell))
            else:
                mark = ">" if st.top == called else " "
                cells.append((f"{mark}{st.top}".rjust(3) + _depth(st.covered)).ljust(cell))
        label = row if r == rows.start else ""
        lines.append(f"{label:<{lead}}{r:>3} " + "".join(cells))
    return [line.rstrip() for line in lines]


def _depth(covered: int) -> str:
    return str(covered).translate(_SUPERSCRIPTS) if covered else ""


def _pack(blocks: list[list[str]], width: int = WIDTH, gap: int = 2) -> list[str]:
    """Blocks of lines side by side, as many per band as fit in ``width`` columns."""
    bands: list[list[list[str]]] = []
    used = 0
    for block in blocks:
        w = max(len(line) for line in block)
        if bands and used + gap + w <= width:
            bands[-1].append(block)
            used += gap + w
        else:
            bands.append([block])
            used = w
    out: list[str] = []
    for band in bands:
        if out:
            out.append("")
        widths = [max(len(line) for line in block) for block in band]
        for i in range(max(len(block) for block in band)):
            parts = [
                (block[i] if i < len(block) else "").ljust(w)
                for block, w in zip(band, widths, strict=True)
            ]
            out.append((" " * gap).join(parts).rstrip())
    return out


def _showing(t: _Table, player: int) -> int:
    """The splashes on ``player``'s visible cards: what the round scores if it ends now."""
    stacks = t.grids[player].stacks
    total = sum(t.splashes[number_of(st.top) - 1] for st in stacks)
    return -total if len(stacks) == 1 else total


def _scores(t: _Table) -> list[str]:
    now = t.phase is Phase.TURN and bool(t.grids)
    if not t.round_scores and not now:
        return []
    tr = t.tr
    heads = [tr("P{player}").format(player=p) for p in range(t.players)]
    showing = [_showing(t, p) for p in range(t.players)] if now else []
    values = [v for r in t.round_scores for v in r] + showing
    width = max(4, *(len(str(v)) + 1 for v in values))
    rounds = [tr("round {round}").format(round=i + 1) for i in range(len(t.round_scores))]
    labels = [tr("Scores"), tr("showing"), tr("total"), *rounds]
    head = max(8, *(len(label) + 1 for label in labels))
    lines = [
        tr("Scores").ljust(head)
        + "".join(h.rjust(width) for h in heads)
        + "  "
        + tr("(lowest total wins)")
    ]
    for said, row in zip(rounds, t.round_scores, strict=True):
        lines.append(said.ljust(head) + "".join(str(v).rjust(width) for v in row))
    if now:
        lines.append(tr("showing").ljust(head) + "".join(str(v).rjust(width) for v in showing))
    lines.append(tr("total").ljust(head) + "".join(str(v).rjust(width) for v in t.totals()))
    if now:
        lines.append(tr("(showing: the splashes on each grid now, scored when the round ends)"))
    return lines


def _blocks(t: _Table) -> list[list[str]]:
    places = [st for grid in t.grids for st in grid.stacks]
    if not places:
        return [[t.name(p), t.tr("(no cards)")] for p in range(len(t.grids))]
    rows = range(min(st.position[1] for st in places), max(st.position[1] for st in places) + 1)
    depth = max(len(_depth(st.covered)) for st in places)
    return [
        [t.name(p), *_grid_lines(grid.stacks, t.called(p), rows, depth, t.tr)]
        for p, grid in enumerate(t.grids)
    ]


def text(table: State | View, tr: Words = english) -> str:
    """The table as Unicode text, at most 80 columns wide; ``tr`` puts its words in the
    reader's language.

    Each grid has its column numbers (``col``) and row numbers (``row``), the
    same rows and cell widths as the others; ``>`` marks the card this turn
    calls, ``·`` an empty place between stacks, and a superscript how many
    cards lie covered beneath a visible one. The scores show the finished
    rounds and, during a round, the splashes each grid shows now.

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> grids = ["1 2 3\\n4 5 6/7\\n8 9 10/11/12", "3/1 2\\n. 4\\n5 6/7/8/9/10/11/12"]
    >>> state = dc.position(grids, card=9)
    >>> print(text(state))
    Duck & Cover · round 1 of 3 · card in play: 9
    Draw pile 25 · Captain pile 0 · discards 0/9
    Acted: nobody yet
    <BLANKLINE>
    Player 0               Player 1
    col      0    1    2   col      0    1
    row  0   1    2    3   row  0   1¹   2
         1   4    5    7¹       1   ·    4
         2   8   >9   12²       2   5   12⁶
    <BLANKLINE>
    Scores    P0  P1  (lowest total wins)
    showing   20  10
    total      0   0
    (showing: the splashes on each grid now, scored when the round ends)
    """
    t = _Table.of(table, tr)
    lines = [_status(t), _piles(t)]
    if t.phase is Phase.TURN:
        lines.append(_acted(t))
    if t.gifts:
        gift = tr("{player} the {card} of player {family}")
        given = "; ".join(
            gift.format(player=t.name(p), card=number_of(card), family=family_of(card, p))
            for p, card in enumerate(t.gifts)
        )
        lines.append(tr("Ducks to place: {ducks}").format(ducks=given))
    blocks = _blocks(t)
    if blocks:
        lines += ["", *_pack(blocks)]
    scores = _scores(t)
    if scores:
        lines += ["", *scores]
    return "\n".join(lines)


def _place(at: tuple[int, int], tr: Words = english) -> str:
    return tr("column {column}, row {row}").format(column=at[0], row=at[1])


def move(table: State | View, action: PlayerAction, tr: Words = english) -> str:
    """A player's action in words, with the card it moves or lands on; ``tr`` puts
    them in the reader's language.

    >>> import rulespec
    >>> from rulespec.duck_cover import Cover, Duck
    >>> dc = rulespec.game("duck-and-cover")
    >>> state = dc.position(["1 2 3 4\\n5 6 7 8\\n9 10 11 12"] * 2, card=2)
    >>> move(state, Cover(0, (2, 0))), move(state, Duck(0, (1, 3)))
    ('cover the 3 at column 2, row 0', 'duck into the empty place at column 1, row 3')
    """
    t = _Table.of(table, tr)
    grid = t.grids[action.player] if action.player < len(t.grids) else None
    tops = {st.position: st.top for st in grid.stacks} if grid is not None else {}
    origin = getattr(action, "origin", None)
    moved = None
    if origin in tops:
        moved = tr("the {card} at {place}").format(
            card=number_of(tops[origin]), place=_place(origin, tr)
        )
    if isinstance(action, Cover):
        under = tops.get(action.to)
        place = _place(action.to, tr)
        if under is None:
            return tr("cover the card at {place}").format(place=place)
        said = tr("cover the {card} at {place}").format(card=number_of(under), place=place)
        return said if moved is None else tr("{move} with {card}").format(move=said, card=moved)
    if isinstance(action, Duck):
        place = _place(action.to, tr)
        if moved is None:
            return tr("duck into the empty place at {place}").format(place=place)
        return tr("duck {card} into the empty place at {place}").format(card=moved, place=place)
    if isinstance(action, Give):
        given = tops.get(action.at)
        place = _place(action.at, tr)
        if given is None:
            return tr("give the duck at {place}").format(place=place)
        return tr("give the {card} at {place}").format(card=number_of(given), place=place)
    if isinstance(action, Place):
        received = t.gifts[action.player] if action.player < len(t.gifts) else None
        place = _place(action.to, tr)
        if received is None:
            return tr("place the duck received at {place}").format(place=place)
        return tr("place the {card} received at {place}").format(
            card=number_of(received), place=place
        )
    return tr("say Quack (the called duck is covered)")


def outcome(
    before: State | View, after: State | View, action: PlayerAction, tr: Words = english
) -> str | None:
    """Where the called card went when ``action`` resolved the turn: onto the Captain pile
    when someone moved, to the discard zone when nobody did (with a Repeat drawn after it);
    ``None`` when the turn goes on or a round ended. ``tr`` puts the words in the reader's
    language.

    >>> import rulespec
    >>> from rulespec.duck_cover import Quack
    >>> dc = rulespec.game("duck-and-cover")
    >>> grids = ["1/2 3 4\\n5 6 7\\n8 9 10\\n11 12", "1/2 3 4\\n5 6 7\\n8 9 10\\n11 12"]
    >>> state = dc.apply(dc.position(grids, card=1), Quack(0))
    >>> outcome(state, dc.apply(state, Quack(1)), Quack(1))
    'nobody moved on the 1: it goes to the discard zone, 1 of 9 (dc.turn.discard)'
    """
    old, new = _Table.of(before, tr), _Table.of(after, tr)
    if len(new.round_scores) != len(old.round_scores) or new.round != old.round:
        return None
    if len(new.discard_zone) > len(old.discard_zone):
        first, *rest = new.discard_zone[len(old.discard_zone) :]
        said = tr(
            "nobody moved on the {card}: it goes to the discard zone, {count} of {limit} "
            "(dc.turn.discard)"
        ).format(
            card=new.card_name(first), count=len(old.discard_zone) + 1, limit=new.discard_limit
        )
        for card in rest:
            more = tr("{card} drawn next follows it there (dc.special.repeat-after-discard)")
            said = tr("{said}; {more}").format(
                said=said, more=more.format(card=new.card_name(card))
            )
        return said
    if new.captain_size > old.captain_size and new.captain_top is not None:
        return tr(
            "someone moved: the {card} goes on the Captain pile (dc.turn.captain-pile)"
        ).format(card=new.card_name(new.captain_top))
    return None


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value).replace("-", "−")


def _why(after: State, t: _Table) -> str:
    """Who ended the round and why, with the clause that ends it."""
    tr = t.tr
    single = [p for p, grid in enumerate(after.grids) if len(grid.cells) == 1]
    if single:
        if len(single) == 1:
            why = tr(
                "{player} ended it: all their cards lie in a single stack (dc.end.single-pile)."
            )
            return why.format(player=t.name(single[0]))
        who = tr("{players} and {last}").format(
            players=", ".join(t.name(p) for p in single[:-1]), last=t.name(single[-1])
        )
        why = tr("{players} ended it: their cards lie in a single stack (dc.end.single-pile).")
        return why.format(players=who)
    last = t.card_name(after.discard_zone[-1]) if after.discard_zone else "?"
    return tr(
        "Nobody moved on the {card}, which went to the discard zone:\n"
        "the zone is full, {count} of {limit} cards (dc.end.discard-limit)."
    ).format(card=last, count=len(after.discard_zone), limit=after.discard_limit)


def _score_line(
    state: State, player: int, score: int, last: bool, tr: Words = english
) -> tuple[str, str]:
    """How ``player``'s round score was made, and the clauses that made it."""
    grid = state.grids[player]
    tops = [number_of(stack[-1]) for _, stack in grid.cells]
    values = state.options.card_values
    clauses = ["dc.score.splashes", "dc.score.sign"]
    what = tr("card numbers") if state.options.competition else tr("splashes")
    if state.options.competition:
        clauses.append("dc.variant.competition")
    parts = [values[n - 1] for n in tops]
    total = sum(parts)
    sum_text = " + ".join(str(v) for v in parts) + (f" = {total}" if len(parts) > 1 else "")
    if len(tops) == 1:
        sign = tr("a single stack counts negative")
    else:
        sign = tr("several stacks count positive")
    made = tr("visible {cards}: {what} {sum}; {sign}").format(
        cards=" ".join(str(n) for n in tops), what=what, sum=sum_text, sign=sign
    )
    if score != (-total if len(tops) == 1 else total):
        made += tr(", doubled in the last round")
        clauses.append("dc.variant.pressure")
    return f"{made} → {_signed(score)}", ", ".join(clauses)


def round_end(
    before: State, after: State, viewer: int | None = None, tr: Words = english
) -> str | None:
    """What the table sees when the step from ``before`` to ``after`` ends a round: who
    ended it and why, every grid as it lies, and how each round score was made, with the
    ids of the clauses that made it; ``None`` when no round ended. ``tr`` puts the words
    in the reader's language.

    >>> import rulespec
    >>> from rulespec.duck_cover import Cover
    >>> dc = rulespec.game("duck-and-cover")
    >>> grids = ["1/2/3/4/5/7/8/9/10 6 11/12", "1/2/3/4/5/7/8/9/10/11/12 6"]
    >>> state = dc.apply(dc.position(grids, card=6), Cover(0, (0, 0)))
    >>> print(round_end(state, dc.apply(state, Cover(1, (0, 0))), viewer=1))
    === Round 1 of 3 is over ===
    Player 1 (you) ended it: all their cards lie in a single stack (dc.end.single-pile).
    <BLANKLINE>
    Player 0                 Player 1 (you)
    col      0     1     2   col      0
    row  0   6⁹    ·    12¹  row  0   6¹¹
    <BLANKLINE>
    Round scores:
      Player 0        visible 6 12: splashes 2 + 5 = 7; several stacks count positive → +7
                      (dc.score.splashes, dc.score.sign)
      Player 1 (you)  visible 6: splashes 2; a single stack counts negative → −2
                      (dc.score.splashes, dc.score.sign)
    Totals after round 1: Player 0 7, Player 1 (you) −2 (dc.game.three-rounds)
    """
    if len(after.round_scores) <= len(before.round_scores):
        return None
    t = attrs.evolve(_Table.of(after, tr), viewer=viewer)
    number = len(after.round_scores)
    scores = after.round_scores[-1]
    head = tr("=== Round {round} of {rounds} is over ===").format(round=number, rounds=ROUNDS)
    lines = [head, _why(after, t), ""]
    lines += _pack(_blocks(t))
    lines += ["", tr("Round scores:")]
    width = max(len(t.name(p)) for p in range(t.players))
    for p, score in enumerate(scores):
        made, clauses = _score_line(after, p, score, last=number == ROUNDS, tr=tr)
        lines.append(f"  {t.name(p):<{width}}  {made}")
        lines.append(f"  {'':<{width}}  ({clauses})")
    totals = ", ".join(f"{t.name(p)} {str(v).replace('-', '−')}" for p, v in enumerate(t.totals()))
    lines.append(
        tr("Totals after round {round}: {totals} (dc.game.three-rounds)").format(
            round=number, totals=totals
        )
    )
    return "\n".join(lines)


HELP = """\
Each turn a card is turned up and calls a number: each player moves their own duck with
that number (Max: their highest visible duck; Repeat: the last call again); > marks it.
  cover     put it, with its stack, on a stack beside it (left, right, above or below)
  duck      move it, with its stack, to any empty place that touches another of your stacks
  Quack     your called duck is covered: say so, and nothing of yours moves
Places are named by column (numbers across the top) and row (numbers down the side).
The grids: each number is the visible card of a stack, the duck with that number.
  7²        a small raised number counts the cards covered beneath: two under this 7
  >7        the card this turn calls: the one you move
  ·         an empty place between stacks
  showing   the splashes each grid shows now, which it scores if the round ends now
A round ends when the discard zone is full or a player is down to a single stack; each
visible card then scores its splashes, negative for a player with a single stack. The game
lasts three rounds and the lowest total wins; on a tie, the tied player with the fewest
stacks at the end of the last round wins, and players still tied share the victory."""
"""What the moves mean, for a player at the terminal."""


# -- a move told for the worked examples ------------------------------------------------

Mark = tuple[int, tuple[int, int]]
"""A place in a player's grid: ``(player, (column, row))``."""


def _origin(t: _Table, action: Cover | Duck) -> tuple[int, int] | None:
    """Where the card that ``action`` moves lies before the move."""
    if action.origin is not None:
        return action.origin
    called = t.called(action.player)
    for st in t.grids[action.player].stacks:
        if st.top == called:
            return st.position
    return None


def _turn_actions(table: State | View, action: object) -> list[PlayerAction]:
    """``action`` first, then the actions already chosen this turn that resolve with it."""
    chosen = [action] if isinstance(action, Cover | Duck | Quack | Give | Place) else []
    if isinstance(table, State) and table.phase is Phase.TURN:
        chosen += [a for a in table.submitted if a is not None]
    return chosen


def marks(table: State | View, action: object) -> tuple[frozenset[Mark], frozenset[Mark]]:
    """The places to mark before and after ``action``: each moved duck where it lay,
    then where it lands, for ``action`` and the actions already chosen this turn.

    >>> import rulespec
    >>> from rulespec.duck_cover import Cover
    >>> dc = rulespec.game("duck-and-cover")
    >>> state = dc.position(["1 2 3 4\\n5 6 7 8\\n9 10 11 12"] * 2, card=6)
    >>> marks(state, Cover(0, (2, 1)))
    (frozenset({(0, (1, 1))}), frozenset({(0, (2, 1))}))
    """
    t = _Table.of(table)
    before: set[Mark] = set()
    after: set[Mark] = set()
    for act in _turn_actions(table, action):
        if isinstance(act, Cover | Duck):
            origin = _origin(t, act)
            if origin is not None:
                before.add((act.player, origin))
            after.add((act.player, act.to))
        elif isinstance(act, Give):
            before.add((act.player, act.at))
        elif isinstance(act, Place):
            after.add((act.player, act.to))
    return frozenset(before), frozenset(after)


def _told(t: _Table, action: PlayerAction) -> str:
    """One player's action, in the third person: "Player 0 covers the 7 with the 6"."""
    tr = t.tr
    who = action.player
    tops = {st.position: number_of(st.top) for st in t.grids[action.player].stacks}
    if isinstance(action, Cover | Duck):
        origin = _origin(t, action)
        moved = tops.get(origin) if origin is not None else None
        if isinstance(action, Cover):
            under = tops.get(action.to, "?")
            if moved is None:
                told = tr("Player {player} covers the {under} with the called card")
            else:
                told = tr("Player {player} covers the {under} with the {card}")
            return told.format(player=who, under=under, card=moved)
        if moved is None:
            told = tr("Player {player} ducks the called card into the empty place at {place}")
        else:
            told = tr("Player {player} ducks the {card} into the empty place at {place}")
        return told.format(player=who, card=moved, place=_place(action.to, tr))
    if isinstance(action, Give):
        given = tops.get(action.at)
        if given is None:
            return tr("Player {player} gives a duck to the player on their left").format(player=who)
        return tr("Player {player} gives the {card} to the player on their left").format(
            player=who, card=given
        )
    if isinstance(action, Place):
        received = t.gifts[action.player] if action.player < len(t.gifts) else None
        place = _place(action.to, tr)
        if received is None:
            return tr("Player {player} places the duck received at {place}").format(
                player=who, place=place
            )
        return tr("Player {player} places the {card} received at {place}").format(
            player=who, card=number_of(received), place=place
        )
    called = t.call if t.call is not None and t.call != MAX else None
    if called is None:
        return tr("Player {player} says Quack (« Coin »): their called card is covered").format(
            player=who
        )
    return tr("Player {player} says Quack (« Coin »): their {card} is covered").format(
        player=who, card=called
    )


def narrate(table: State | View, action: object, tr: Words = english) -> str:
    """``action`` in words, then the moves already chosen this turn that it completes;
    ``tr`` puts the words in the reader's language.

    >>> import rulespec
    >>> from rulespec.duck_cover import Cover, Quack
    >>> dc = rulespec.game("duck-and-cover")
    >>> grids = ["1 2 3 4\\n5 6 7 8\\n9 10 11 12", "1 2 3 4\\n5 . 6/7 8\\n9 10 11 12"]
    >>> state = dc.position(grids, card=6, submitted=[None, Quack(1)])
    >>> print(narrate(state, Cover(0, (2, 1))))  # doctest: +NORMALIZE_WHITESPACE
    Player 0 covers the 7 with the 6.
    Already chosen: Player 1 says Quack (« Coin »): their 6 is covered.
    >>> from rulespec.i18n import translation
    >>> print(narrate(state, Cover(0, (2, 1)), translation("de")))
    ... # doctest: +NORMALIZE_WHITESPACE
    Spieler 0 verdeckt die 7 mit der 6.
    Bereits gewählt: Spieler 1 sagt „Quak“: seine 6 liegt verdeckt.
    """
    t = _Table.of(table, tr)
    if isinstance(action, Deal):
        return tr("The deal: each player lays out their family and the first card is turned up.")
    if isinstance(action, Reshuffle):
        return tr("The Captain pile is shuffled into a new draw pile.")
    if not isinstance(action, Cover | Duck | Quack | Give | Place):
        return str(action)
    first, *others = _turn_actions(table, action)
    told = _told(t, first) + "."
    quacks = [a.player for a in others if isinstance(a, Quack)]
    chosen = [_told(t, a) for a in others if not isinstance(a, Quack)]
    if len(quacks) == 1:
        chosen.append(_told(t, Quack(quacks[0])))
    elif quacks:
        who = tr("{players} and {last}").format(
            players=", ".join(map(str, quacks[:-1])), last=quacks[-1]
        )
        chosen.append(
            tr("Players {players} say Quack (« Coin »): their called cards are covered").format(
                players=who
            )
        )
    if chosen:
        told += " " + tr("Already chosen: {moves}.").format(moves="; ".join(chosen))
    return told


# -- SVG -----------------------------------------------------------------------------

CARD_W = 36.0
CARD_H = 50.0
DRAW_W = 44.0
"""The width of a draw card (in play, Captain pile, discards): room for "Repeat"."""
EDGE = 3.0
"""How far each covered card shows beyond the one above it."""
GAP = 10.0
MARGIN = 12.0
LABEL = 18.0
INK = "#222222"
PAPER = "#FFFDF5"
BACK = "#8A6D3B"
ROW_WIDTH = 680.0
"""The widest a row of grids grows before the next grid starts a new row: about a page's
column, where the picture shows at its natural size."""
TITLE = 12.0
"""The title's font size."""


def _drops(x: float, y: float, count: int) -> list[str]:
    """``count`` splash drops centred on ``x``, along ``y``."""
    pitch = 6.0
    left = x - pitch * (count - 1) / 2
    return [
        s.circle(left + i * pitch, y, 2.2, class_="splash", fill="#3A7BD5") for i in range(count)
    ]


def _duck_card(
    x: float,
    y: float,
    st: StackView,
    player: int,
    called: bool,
    splashes: tuple[int, ...],
    moved: bool = False,
    tr: Words = english,
) -> str:
    """A visible duck card, its covered cards as edges behind it (and the halo of a
    card that moved)."""
    parts = []
    if moved:
        depth = st.covered * EDGE
        parts.append(s.mark(x, y, CARD_W + depth, CARD_H + depth))
    for k in range(st.covered, 0, -1):
        parts.append(
            s.rect(
                x + k * EDGE,
                y + k * EDGE,
                CARD_W,
                CARD_H,
                rx=5,
                class_="covered",
                fill=PAPER,
                stroke=INK,
                stroke_width=0.8,
            )
        )
    number = number_of(st.top)
    splash = splashes[number - 1] if 1 <= number <= len(splashes) else 0
    what = tr("card {card}, 1 splash") if splash == 1 else tr("card {card}, {count} splashes")
    what = what.format(card=st.top, count=splash)
    if st.covered:
        what += tr(", {count} covered beneath").format(count=st.covered)
    face = [
        s.title(what + (tr(", moved") if moved else "")),
        s.rect(
            x,
            y,
            CARD_W,
            CARD_H,
            rx=5,
            fill=PAPER,
            stroke=INK if not called else "#C0392B",
            stroke_width=1.2 if not called else 3,
        ),
        s.text(
            str(st.top),
            x=x + CARD_W / 2,
            y=y + 24,
            class_="number",
            text_anchor="middle",
            font_family="sans-serif",
            font_size=17,
            font_weight="bold",
            fill=INK,
        ),
        *_drops(x + CARD_W / 2, y + CARD_H - 9, splash),
    ]
    c, r = st.position
    kind = "card" + (" called" if called else "") + (" moved" if moved else "")
    card = s.element(
        "g",
        *face,
        class_=kind,
        data_player=player,
        data_position=f"{c},{r}",
        data_covered=st.covered,
    )
    return "".join(parts) + card


_KINDS = {"in-play": "card in play", "captain-top": "Captain pile", "discard": "discard"}
"""What each kind of draw card is, in the title a reader's pointer shows."""


def _draw_width(t: _Table) -> float:
    """The width of a draw card: :data:`DRAW_W`, or room for a longer name of Repeat."""
    longest = max(s.text_width(t.card_name(card), 11) for card in (MAX, REPEAT))
    return max(DRAW_W, math.ceil(longest) + 6)


def _small_card(x: float, y: float, card: DrawCard, kind: str, t: _Table) -> str:
    """A draw card (card in play, Captain pile top, discard) with its name."""
    name = t.card_name(card)
    width = _draw_width(t)
    return s.element(
        "g",
        s.title(f"{t.tr(_KINDS[kind])}: {name}"),
        s.rect(x, y, width, CARD_H, rx=4, fill="#EAF2FB", stroke=INK, stroke_width=1),
        s.centred(name, x + width / 2, y + CARD_H / 2 + 4, 15 if len(name) <= 2 else 11, fill=INK),
        class_=f"draw-card {kind}",
    )


def _label(x: float, y: float, content: str, **attributes: object) -> str:
    return s.text(
        content,
        x=x,
        y=y,
        class_="label",
        font_family="sans-serif",
        font_size=11,
        fill=INK,
        **attributes,
    )


def _header(t: _Table, top: float, fit: float | None = None) -> tuple[list[str], float, float]:
    """The piles and the card in play, in a strip from ``top``; returns the parts,
    the strip's width and where it ends. Given ``fit``, a narrower width, the strip
    wraps into rows of it."""
    tr = t.tr
    width = _draw_width(t)
    called = ""
    if t.call is not None and t.card == REPEAT:
        called = tr("calls {card}").format(card=t.card_name(t.call))
    size = t.draw_pile_size
    captain = tr("Captain pile ({count})").format(count=t.captain_size)
    discards = tr("discards {count}/{limit}").format(
        count=len(t.discard_zone), limit=t.discard_limit
    )

    def in_play(x: float, top: float, below: float) -> list[str]:
        assert t.card is not None
        shown = [_small_card(x, top, t.card, "in-play", t), _label(x, below, tr("in play"))]
        return [*shown, _label(x, below + 13, called)] if called else shown

    def draw_pile(x: float, top: float, below: float) -> list[str]:
        said = tr("draw pile: 1 card") if size == 1 else tr("draw pile: {count} cards")
        pile = s.element(
            "g",
            s.title(said.format(count=size)),
            s.rect(x, top, width, CARD_H, rx=4, fill=BACK, stroke=INK),
            s.centred(str(t.draw_pile_size), x + width / 2, top + CARD_H / 2 + 5, 14, fill="white"),
            class_="draw-pile",
        )
        return [pile, _label(x, below, tr("draw pile"))]

    def captain_pile(x: float, top: float, below: float) -> list[str]:
        if t.captain_top is not None:
            card = _small_card(x, top, t.captain_top, "captain-top", t)
        else:
            card = s.rect(
                x, top, width, CARD_H, rx=4, fill="none", stroke=INK, stroke_dasharray="3 3"
            )
        return [card, _label(x, below, captain)]

    count = len(t.discard_zone)
    per_row = max(count, 1)
    if fit is not None:
        per_row = max(1, min(per_row, int((fit - 2 * MARGIN + 4) // (width + 4))))
    rows = max(1, -(-count // per_row))
    deeper = (rows - 1) * (CARD_H + 4)

    def discard_zone(x: float, top: float, below: float) -> list[str]:
        shown = [_label(x, below + deeper, discards)]
        for i, card in enumerate(t.discard_zone):
            row, column = divmod(i, per_row)
            at = (x + column * (width + 4), top + row * (CARD_H + 4))
            shown.append(_small_card(*at, card, "discard", t))
        return shown

    extent = max(min(count, per_row) * (width + 4), 90, s.text_width(discards, 11))
    items = [
        *([(in_play, max(width, s.text_width(called, 11)))] if t.card is not None else []),
        (draw_pile, max(width, s.text_width(tr("draw pile"), 11))),
        (captain_pile, max(width, s.text_width(captain, 11))),
        (discard_zone, extent),
    ]
    extra = 13 if called else 0
    parts: list[str] = []
    if fit is None:
        x = MARGIN
        for draw, _ in items:
            x += 40 if draw is discard_zone else 0
            parts += draw(x, top, top + CARD_H + 14)
            x += width + 40 if draw is not discard_zone else 0
        return parts, x + extent, top + CARD_H + 36 + extra
    x, right, bottom = MARGIN, MARGIN, top
    for draw, footprint in items:
        if x > MARGIN and x + footprint > fit - MARGIN:
            x, top = MARGIN, bottom
        if draw is discard_zone and not t.discard_zone:
            parts += draw(x, top, top + 12)  # an empty zone: its label alone
            bottom = max(bottom, top + 22)
        else:
            parts += draw(x, top, top + CARD_H + 14)
            deep = deeper if draw is discard_zone else 0
            bottom = max(bottom, top + CARD_H + 36 + extra + deep)
        right = max(right, x + footprint)
        x += footprint + 14
    return parts, right, bottom


def _panel(
    t: _Table,
    player: int,
    x: float,
    y: float,
    pitch_x: float,
    pitch_y: float,
    marked: frozenset[Mark],
) -> str:
    """One player's grid, labelled."""
    grid = t.grids[player]
    colour = s.PALETTE[player % len(s.PALETTE)]
    acted = len(t.acted) > player and t.acted[player]
    label = t.name(player) + (" ✓ " + t.tr("acted") if acted else "")
    parts = [
        s.rect(x, y + 3, 10, 10, fill=colour, stroke=INK, stroke_width=0.6),
        _label(x + 15, y + 12, label, font_weight="bold"),
    ]
    called = t.called(player)
    stacks = grid.stacks
    if stacks:
        left = min(st.position[0] for st in stacks)
        top = min(st.position[1] for st in stacks)
        right = max(st.position[0] for st in stacks)
        bottom = max(st.position[1] for st in stacks)
        where = {st.position: st for st in stacks}
        for r in range(top, bottom + 1):
            for c in range(left, right + 1):
                cx = x + (c - left) * pitch_x
                cy = y + LABEL + (r - top) * pitch_y
                st = where.get((c, r))
                if st is None:
                    parts.append(
                        s.rect(
                            cx,
                            cy,
                            CARD_W,
                            CARD_H,
                            rx=5,
                            class_="empty",
                            data_position=f"{c},{r}",
                            fill="none",
                            stroke="#BBBBBB",
                            stroke_dasharray="3 3",
                        )
                    )
                else:
                    moved = (player, st.position) in marked
                    parts.append(
                        _duck_card(cx, cy, st, player, st.top == called, t.splashes, moved, t.tr)
                    )
    return s.element("g", *parts, class_="grid", data_player=player)


def _scores_svg(t: _Table, x: float, y: float) -> str:
    """The score table: a row per finished round, then the totals."""
    tr = t.tr
    rows = [
        ("", *(tr("P{player}").format(player=p) for p in range(t.players))),
        *(
            (tr("round {round}").format(round=i + 1), *map(str, r))
            for i, r in enumerate(t.round_scores)
        ),
        (tr("total"), *map(str, t.totals())),
    ]
    cells = []
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            cells.append(
                s.text(
                    value,
                    x=x + (60 if j else 0) + 32 * j,
                    y=y + 12 + 16 * i,
                    text_anchor="end" if j else "start",
                    font_family="sans-serif",
                    font_size=12,
                    font_weight="bold" if i in (0, len(rows) - 1) else None,
                    fill=INK,
                )
            )
    return s.element("g", *cells, class_="scores")


def _extent(grid: GridView) -> tuple[int, int]:
    if not grid.stacks:
        return 1, 1
    cols = [st.position[0] for st in grid.stacks]
    rows = [st.position[1] for st in grid.stacks]
    return max(cols) - min(cols) + 1, max(rows) - min(rows) + 1


def svg(
    table: State | View,
    *,
    size: float | None = None,
    marked: Collection[Mark] = (),
    tr: Words = english,
    width: float | None = None,
) -> str:
    """The table as a self-contained SVG picture; ``size`` is its width in pixels
    (by default its natural size, one unit a pixel); ``tr`` puts its words in the
    reader's language.

    ``width`` (in units) lays the table out for a narrow column, such as
    :data:`rulespec.drawing.svg.NARROW`: the grids stand in rows no wider than
    ``width``, one under the other where two do not fit, and the discards go under
    the piles when the strip of piles would be wider.

    Each visible duck card is a ``<g class="card">`` (``called`` added for the
    card this turn moves) with its number and one drop per splash; each card
    covered beneath it is a ``<rect class="covered">`` edge, without its
    number; an empty place between stacks is a dashed ``<rect class="empty">``.
    The places in ``marked`` (``(player, (column, row))``, see :func:`marks`)
    get a halo, ``<rect class="moved">``, and their card the class ``moved``.
    The title wraps to the picture's width.

    >>> import rulespec, xml.etree.ElementTree as ET
    >>> dc = rulespec.game("duck-and-cover")
    >>> picture = svg(dc.start(2, seed=1), size=400, marked=[(1, (0, 0))])
    >>> root = ET.fromstring(picture)
    >>> root.get("width"), len(root.findall(".//{*}g[@data-position]"))  # 12 cards each
    ('400', 24)
    >>> len(root.findall(".//{*}rect[@class='moved']"))  # the halo of the card at (0, 0)
    1
    >>> float(ET.fromstring(svg(dc.start(4, seed=1), width=320)).get("width")) <= 320
    True
    """
    t = _Table.of(table, tr)
    chosen = frozenset(marked)
    fit = width
    parts, width, top = _header(t, MARGIN + 22, fit)
    width += MARGIN
    depth = max((st.covered for g in t.grids for st in g.stacks), default=0)
    pitch_x = CARD_W + GAP + depth * EDGE
    pitch_y = CARD_H + GAP + depth * EDGE
    extents = [_extent(g) for g in t.grids]
    spans = [max(cols * pitch_x, 110) + 2 * GAP for cols, _ in extents]
    rows_of: list[list[int]] = []
    for p, span in enumerate(spans):
        widest = ROW_WIDTH if fit is None else fit - MARGIN
        if rows_of and MARGIN + sum(spans[q] for q in rows_of[-1]) + span <= widest:
            rows_of[-1].append(p)
        else:
            rows_of.append([p])
    y = top
    for row in rows_of:
        x = MARGIN
        height = 0.0
        for p in row:
            parts.append(_panel(t, p, x, y, pitch_x, pitch_y, chosen))
            x += spans[p]
            height = max(height, LABEL + extents[p][1] * pitch_y)
        width = max(width, x + MARGIN)
        y += height + GAP
    if t.round_scores:
        parts.append(_scores_svg(t, MARGIN, y))
        y += 16 * (len(t.round_scores) + 2) + GAP
    title, extra = s.heading(
        _status(t), MARGIN, MARGIN + 10, width - 2 * MARGIN, TITLE, font_weight="bold", fill=INK
    )
    body = [title, s.element("g", *parts, transform=f"translate(0 {s.number(extra)})")]
    return s.document(body, width, y + MARGIN + extra, size=size, label=_status(t))


register(State, View, text=text, svg=svg)
