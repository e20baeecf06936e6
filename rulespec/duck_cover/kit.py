"""The conformance kit's knowledge of Duck & Cover.

- Steering, every generated game still legal: a round is played in a style
  (``"cover"`` covers whenever it can, so rounds end within a few dozen
  turns; ``"any"`` picks uniformly; ``"duck"`` ducks whenever it can, so the
  draw pile runs out and is reshuffled), and a shuffle may put Repeat first
  or Max right before Repeat, the cases that random deals rarely reach.
- Illegal probes: Cover and Duck to every other place around the grid, « Coin »
  with a visible card, a move with a covered one, actions of players who have
  already acted or do not exist.
- The action space (:meth:`DuckCoverKit.action_space`): « Coin », then a
  Cover and a Duck to each place of the player's grid and each place one step
  from one, diagonals included (sorted by column, then row); under *Low
  blows* also a Give of each stack, a Place to each of those places and, when
  two visible cards carry the called number, each move naming either as its
  origin. A player who has acted gets a few actions only. Canonical
  encodings, in the wire's JSON: a place is ``[column, row]``, as rulespec's
  grids number them (never renormalised); a move names its ``origin`` only
  when two visible cards carry the called number (*Low blows*).
  :meth:`DuckCoverKit.non_canonical` writes a legal move with the origin it
  needs not name (which rulespec refuses, citing
  ``dc.variant.low-blows.ownership``). A refused legal « Coin » is
  explained by :meth:`DuckCoverKit.refusal_probes`: the moves of the called
  card, which the engine must believe free to move.
- Clauses: each part of a state or view names the clauses it depends on;
  the call in play (Max, Repeat) adds its own. Legal actions that fit the
  previous call name the Repeat sent unplayed to the discard zone earlier in
  the round: an engine that played it draws each later card a turn late.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs
from hypothesis import strategies as st

from rulespec.core.chance import CHANCE, Chance
from rulespec.duck_cover.actions import Cover, Deal, Duck, Give, Place, Quack, Reshuffle
from rulespec.duck_cover.cards import MAX, REPEAT, draw_card_name, number_of
from rulespec.duck_cover.grid import Grid, Position, Stack, neighbours
from rulespec.duck_cover.rules import called_stack
from rulespec.duck_cover.state import Options, Phase, State
from rulespec.duck_cover.variants import CHOOSE, candidates
from rulespec.duck_cover.view import GridView, View
from rulespec.testing import kit as kits
from rulespec.testing.kit import AnyGame, Draw, GameKit, Parts, Step, Strategy
from rulespec.testing.machine import ConformanceMachine

__all__ = [
    "COMPETITION",
    "TWISTS",
    "DuckAndCoverMachine",
    "DuckCoverKit",
    "canonical",
    "canonical_view",
]

COMPETITION = Options(competition=True)
"""The *Competition* variant: cards score their number instead of splashes (on the wire,
``{"competition": true}``)."""

TWISTS: tuple[str, ...] = ("none", "repeat-first", "max-repeat")
"""How a generated shuffle may be steered: left alone, Repeat on top, or Max then
Repeat on top."""

_STATE_PARTS = (
    "players",
    "options",
    "phase",
    "round",
    "grids",
    "card",
    "previous",
    "previous_discarded",
    "draw_pile",
    "captain_pile",
    "discard_zone",
    "submitted",
    "round_scores",
)
"""The parts of a state, in the order a report names them (the cards set aside and the
gifts of *Low blows* show through the grids and the turn)."""

_KIND_CLAUSES: dict[type, tuple[str, ...]] = {
    Cover: ("dc.move.cover",),
    Duck: ("dc.move.duck", "dc.move.duck-adjacent"),
    Quack: ("dc.move.quack", "dc.move.must-move"),
    Deal: ("dc.setup.grid", "dc.setup.draw-deck", "dc.round.new"),
    Reshuffle: ("dc.deck.reshuffle",),
}


def _in_turn(state: Any, player: int | None = None) -> bool:
    """Whether ``state`` is in a turn (and ``player``, when given, one of its seats)."""
    return kits.playing(state, State, Phase.TURN, player)


_NO_ROUND: dict[str, Any] = {"round": 0, "draw_pile": (), "captain_pile": (), "discard_zone": ()}
_NO_ROUND |= {"card": None, "previous": None, "previous_discarded": False, "submitted": ()}
"""The parts of a state between rounds that :func:`canonical` empties: the next deal
replaces them."""


def canonical(state: State) -> State:
    """``state`` with what no rule of Duck & Cover defines set to fixed values.

    - ``round`` is ``0``: the round in play follows from ``round_scores``;
    - the Captain pile keeps its top card, the cards under it sorted (nobody
      looks under the top, and the pile is shuffled whole); while a reshuffle
      waits, all of it is sorted;
    - the discard zone is sorted (only its cards and their number count);
    - between rounds and after the game (``Phase.DEAL``, ``Phase.OVER``) the
      piles, the card, the call remembered and the submitted moves are emptied:
      the next deal replaces them. The grids stay: the tiebreak counts stacks;
    - a submitted Cover or Duck that names the origin of the only card the
      call moves is that move without its origin (the non-canonical encoding
      of :meth:`DuckCoverKit.non_canonical`, kept by an engine that takes it).

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> state = dc.start(3, seed=1)
    >>> canonical(state).round, canonical(state).draw_pile == state.draw_pile
    (0, True)
    """
    if state.phase in (Phase.DEAL, Phase.OVER):
        return attrs.evolve(state, **_NO_ROUND)
    captain = state.captain_pile
    if state.phase is Phase.RESHUFFLE:
        captain = tuple(sorted(captain))
    elif captain:
        captain = (*sorted(captain[:-1]), captain[-1])
    return attrs.evolve(
        state,
        round=0,
        captain_pile=captain,
        discard_zone=tuple(sorted(state.discard_zone)),
        submitted=_plain_submitted(state),
    )


def _plain_submitted(state: State) -> tuple[Any, ...]:
    """The submitted moves, each without an origin that names the only card the call
    moves."""
    submitted = state.submitted
    if state.phase is not Phase.TURN or not any(
        isinstance(a, Cover | Duck) and a.origin is not None for a in submitted
    ):
        return submitted
    found = []
    for p, act in enumerate(submitted):
        if isinstance(act, Cover | Duck) and act.origin is not None:
            try:
                index = called_stack(state, p)
            except Exception:  # a state the rules cannot read: the move is kept as it is
                index = -1
            if index >= 0 and state.grids[p].cells[index][0] == act.origin:
                act = type(act)(act.player, act.to)
        found.append(act)
    return tuple(found)


def canonical_view(view: View) -> View:
    """``view`` with what no rule defines set to fixed values: the round number (it
    follows from the round scores), the order of the discard zone, and the origin of
    the player's own move when it names the only visible card that carries the call;
    between rounds and after the game, as :func:`canonical` has it, everything but the
    grids, the players and the round scores.

    >>> import rulespec
    >>> from rulespec.duck_cover import Cover
    >>> dc = rulespec.game("duck-and-cover")
    >>> state = dc.position([None, None], card=5)  # the 5 at (0, 1)
    >>> state = dc.apply(state, Cover(0, (0, 0)))
    >>> view = attrs.evolve(dc.view(state, 0), own_action=Cover(0, (0, 0), (0, 1)))
    >>> canonical_view(view).own_action
    Cover(player=0, to=(0, 0))
    """
    if view.phase in (Phase.DEAL, Phase.OVER):
        return attrs.evolve(
            view,
            round=0,
            card=None,
            call=None,
            previous=None,
            previous_discarded=False,
            draw_pile_size=0,
            captain_pile_top=None,
            captain_pile_size=0,
            discard_zone=(),
            discards_left=0,
            set_aside_size=0,
            gifts=(),
            acted=(),
            own_action=None,
        )
    own = view.own_action
    if isinstance(own, Cover | Duck) and own.origin is not None and view.call is not None:
        stacks = view.grids[view.player].stacks if 0 <= view.player < len(view.grids) else ()
        if view.call == MAX:
            best = max(stacks, key=lambda s: number_of(s.top), default=None)
            called = [] if best is None else [best]
        else:
            called = [s for s in stacks if number_of(s.top) == view.call]
        if len(called) == 1 and called[0].position == own.origin:
            own = type(own)(own.player, own.to)
    return attrs.evolve(
        view, round=0, discard_zone=tuple(sorted(view.discard_zone)), own_action=own
    )


def _twist(pile: list[int], twist: str) -> list[int]:
    if twist == "repeat-first" and REPEAT in pile:
        pile.remove(REPEAT)
        pile.insert(0, REPEAT)
    elif twist == "max-repeat" and MAX in pile and REPEAT in pile:
        pile.remove(MAX)
        pile.remove(REPEAT)
        pile[0:0] = [MAX, REPEAT]
    return pile


def _stacks(grid: Any) -> int:
    if isinstance(grid, GridView):
        return len(grid.stacks)
    if isinstance(grid, Grid):
        return len(grid.cells)
    return 0


def _call_clauses(state: Any) -> tuple[str, ...]:
    """The special cards behind the call in play."""
    if not _in_turn(state):
        return ()
    found: list[str] = []
    if state.card == REPEAT:
        found.append("dc.special.repeat")
        if state.previous == MAX:
            found.append("dc.special.repeat-after-max")
    if state.call == MAX:
        found.append("dc.special.max")
    return tuple(found)


def _repeat_discard_clauses(state: State) -> tuple[str, ...]:
    """A Repeat sent to the discard zone unplayed, at the start of a round or after a
    discard."""
    if state.previous is None:
        return ("dc.special.repeat-first",)
    if state.previous_discarded:
        return ("dc.special.repeat-after-discard",)
    return ("dc.special.repeat",)


def _round_end_clauses(expected: State, actual: Mapping[str, Any]) -> tuple[str, ...]:
    """Which end-of-round condition one engine applied and the other did not."""
    found: list[str] = []
    over = expected.phase in (Phase.DEAL, Phase.OVER) and bool(expected.round_scores)
    if over or expected.phase is Phase.TURN:
        if any(len(g.cells) == 1 for g in expected.grids):
            found.append("dc.end.single-pile")
        if len(expected.discard_zone) >= expected.discard_limit:
            found.append("dc.end.discard-limit")
    if not found:
        single = any(_stacks(v) == 1 for k, v in actual.items() if k.startswith("grids["))
        found.append("dc.end.single-pile" if single else "dc.end.discard-limit")
    return tuple(found)


def _value_clauses(options: Options) -> tuple[str, ...]:
    """What a visible card's score depends on: its splashes, or its number under
    *Competition*."""
    if options.competition:
        return ("dc.score.splashes", "dc.variant.competition")
    return ("dc.score.splashes", "dc.cards.splashes")


def _round_steps(step: Step) -> list[Step]:
    """The steps of the round in play, oldest first, ``step`` last."""
    return step.since(Deal)


def _reshuffled_discards(steps: Sequence[Step]) -> bool:
    """Whether a reshuffle of the round came while the discard zone held cards."""
    return any(
        isinstance(s.action, Reshuffle) and isinstance(s.before, State) and s.before.discard_zone
        for s in steps
    )


def _fresh_repeat(step: Step) -> bool:
    """Whether ``step`` sent a Repeat to the discard zone unplayed."""
    before, after = step.before, step.after
    if not isinstance(after, State) or after.discard_zone[-1:] != (REPEAT,):
        return False
    return isinstance(step.action, Deal) or (
        isinstance(before, State)
        and len(before.discard_zone) < len(after.discard_zone)
        and before.card != REPEAT
    )


def _filled_discards(step: Step) -> bool:
    """Whether ``step`` ended a turn in which every player said « Coin »."""
    before, after = step.before, step.after
    return (
        isinstance(before, State)
        and isinstance(after, State)
        and isinstance(step.action, Quack)
        and len(after.discard_zone) > len(before.discard_zone)
    )


def _carried(steps: Sequence[Step], player: int) -> list[tuple[Position, Stack]]:
    """The places ``player`` emptied this round by moving a stack of several cards, with
    the cards that lay under the moving one."""
    found: list[tuple[Position, Stack]] = []
    for s in steps:
        before, after = s.before, s.after
        if not isinstance(s.action, Quack | Cover | Duck):
            continue
        if not isinstance(before, State) or not isinstance(after, State):
            continue
        old, new = before.grids[player], after.grids[player]
        if old is new:
            continue
        occupied = new.occupied
        found.extend(
            (pos, stack[:-1]) for pos, stack in old if len(stack) > 1 and pos not in occupied
        )
    return found


def _another_call(game: AnyGame, state: State, player: int, engine: set[Any]) -> bool:
    """Whether the engine's legal actions are those of another called card."""
    if not engine or state.call is None:
        return False
    grid = state.grids[player]
    own = set(game.legal_actions(state, player))
    for card in sorted(set(grid.cards())):
        if card == state.card:
            continue
        try:
            other = set(game.legal_actions(attrs.evolve(state, card=card), player))
        except Exception:
            continue
        if other == engine and other != own:
            return True
    return False


def _drawn_at(steps: Sequence[Step]) -> int:
    """Where in ``steps`` the card in play was drawn (the last step whose card is new)."""
    for i in range(len(steps) - 1, -1, -1):
        before, after = steps[i].before, steps[i].after
        if (
            not isinstance(before, State)
            or before.phase is not Phase.TURN
            or before.card != after.card
            or len(before.discard_zone) != len(after.discard_zone)
            or (any(before.submitted) and not any(after.submitted))
        ):
            return i
    return len(steps) - 1


def _one_draw_behind(game: AnyGame, state: State, player: int, engine: set[Any]) -> bool:
    """Whether the engine's legal actions are those of the call before the one in play:
    the engine plays each card one turn later than rulespec."""
    if state.previous is None:
        return False
    try:
        behind = set(game.legal_actions(attrs.evolve(state, card=state.previous), player))
    except Exception:  # a probe of a state the rules never reach: no answer is a "no"
        return False
    return behind == engine


def _unplayed_repeat(steps: Sequence[Step]) -> tuple[str, ...]:
    """The clauses of the last Repeat of ``steps`` sent to the discard zone unplayed
    (none when no Repeat went that way)."""
    for s in reversed(steps):
        if _fresh_repeat(s):
            return _repeat_discard_clauses(s.after)
    return ()


def _call_source(
    step: Step, steps: Sequence[Step], game: AnyGame, player: int, engine: set[Any]
) -> list[str]:
    """The clauses that decide which card a turn calls: a Repeat discarded unplayed when
    the card in play was drawn, or earlier in the round when the engine is one call
    behind (it played that Repeat, and every later card a turn late)."""
    state: State = step.after
    found: list[str] = []
    drawn = _drawn_at(steps)
    if _fresh_repeat(steps[drawn]):
        found.extend(_repeat_discard_clauses(state))
    elif _one_draw_behind(game, state, player, engine):
        found.extend(_unplayed_repeat(steps[:drawn]))
    if state.card == REPEAT:
        if state.previous == MAX:
            found.append("dc.special.repeat-after-max")
        found.append("dc.special.repeat")
    elif state.card == MAX:
        found.append("dc.special.max")
    if _reshuffled_discards(steps):
        found.append("dc.deck.reshuffle")
    found.append("dc.turn.draw")
    return found


def _left_behind(state: State, steps: Sequence[Step], player: int, actions: Iterable[Any]) -> bool:
    """Whether a stack ``player`` moved as a whole this round explains a difference in
    the places ``actions`` name (or in the called card's place)."""
    carried = _carried(steps, player)
    if not carried:
        return False
    grid = state.grids[player]
    places: set[Position] = set()
    for a in actions:
        to = getattr(a, "to", None)
        if to is not None:
            places.add(to)
            places.update(neighbours(to))
    call = state.call
    target = None
    if call is not None:
        target = max(grid.top_cards()) if call == MAX else call
        with contextlib.suppress(Exception):
            places.add(grid.position_of(target))
    return any(pos in places or target in under for pos, under in carried)


def _places(grid: Grid) -> list[Position]:
    """The places of a grid's stacks and every place one step from one, diagonals
    included, sorted."""
    return sorted(
        {(c + dc, r + dr) for c, r in grid.positions() for dc in (-1, 0, 1) for dr in (-1, 0, 1)}
    )


def _called_places(state: State, grid: Grid) -> list[Position]:
    """Where the called card lies: the stacks holding a card of the called number, or
    under Max the stack of the highest visible card."""
    call = state.call
    if call is None:
        return []
    if call == MAX:
        tops = grid.top_cards()
        return [grid.cells[tops.index(max(tops, key=number_of))][0]]
    return [at for at, stack in grid.cells if any(number_of(c) == call for c in stack)]


def _moves_from(player: int, grid: Grid, at: Position) -> list[Any]:
    """The Covers and Ducks the stack at ``at`` could make if it moved: onto the stacks
    beside it, to the empty places beside the other stacks."""
    stacks = set(grid.positions())
    others = stacks - {at}
    ducks = {q for o in others for q in neighbours(o)} - stacks
    found: list[Any] = [Cover(player, q) for q in sorted(set(neighbours(at)) & stacks)]
    found.extend(Duck(player, q) for q in sorted(ducks))
    return found


class DuckCoverKit(GameKit):
    """Duck & Cover's steering, probes and clause map."""

    game_id = "duck-and-cover"
    styles = ("cover", "any", "duck")
    every_step: ClassVar[frozenset[str]] = frozenset({"dc.turn.order"})
    consequences: ClassVar[Mapping[str, frozenset[str]]] = {
        # A round that ends in one engine only: no card is drawn, nobody acts.
        "phase": frozenset(
            {"round", "card", "call", "draw_pile", "submitted", "acted", "previous"}
            | {"previous_discarded", "captain_pile", "discard_zone", "discards_left"}
        ),
        # Another card drawn: the call, the piles and who acts follow.
        "card": frozenset({"call", "draw_pile", "submitted", "acted"}),
        "discard_zone": frozenset({"discards_left"}),
        # Another call remembered: what a later Repeat does follows.
        "previous": frozenset(
            {"previous_discarded", "card", "call", "draw_pile", "submitted", "acted"}
            | {"discard_zone", "discards_left"}
        ),
    }

    # -- generating --------------------------------------------------------------------

    def options(self, game: AnyGame) -> Strategy:
        """The published game, or the Competition variant."""
        return st.sampled_from((Options(), COMPETITION))

    def chance_action(self, game: AnyGame, state: Any, chance: Chance, draw: Draw) -> Any:
        orders = self.shuffled(chance, draw)
        twist = TWISTS[draw(kits.index(len(TWISTS)))]
        orders[-1] = _twist(orders[-1], twist)
        return game.chance_action(state, orders)

    def player_actions(self, game: AnyGame, state: Any, player: int, style: str) -> Sequence[Any]:
        legal = game.legal_actions(state, player)
        if style in ("cover", "duck"):
            kind = Cover if style == "cover" else Duck
            preferred = [a for a in legal if type(a) is kind]
            if preferred:
                return preferred
        return legal

    def illegal_actions(self, game: AnyGame, state: Any, player: int) -> Sequence[Any]:
        if not _in_turn(state, player):
            return (Quack(player),) if _in_turn(state) else ()
        grid = state.grids[player]
        places = grid.positions()
        if player not in game.to_move(state):
            return (Quack(player), Cover(player, places[0]), Duck(player, places[0]))
        legal = set(game.legal_actions(state, player))
        cols = [p[0] for p in places]
        rows = [p[1] for p in places]
        box = [
            (c, r)
            for c in range(min(cols) - 2, max(cols) + 3)
            for r in range(min(rows) - 2, max(rows) + 3)
        ]
        found: list[Any] = [Quack(player)]
        found.extend(Cover(player, q) for q in box)
        found.extend(Duck(player, q) for q in box)
        if state.players < 7:
            found.append(Quack(state.players))
        return [a for a in found if a not in legal]

    def action_space(self, game: AnyGame, state: Any, player: int) -> Sequence[Any]:
        """« Coin », then a Cover and a Duck to each place around the grid (and the
        *Low blows* actions); a few actions for a player who has acted; none outside
        the turns."""
        if not _in_turn(state, player):
            return ()
        grid = state.grids[player]
        places = _places(grid)
        if state.submitted[player] is not None:
            return (Quack(player), Cover(player, places[0]), Duck(player, places[0]))
        found: list[Any] = [Quack(player)]
        found.extend(Cover(player, q) for q in places)
        found.extend(Duck(player, q) for q in places)
        options = state.options
        if options.low_blows:
            if called_stack(state, player) == CHOOSE and state.call is not None:
                for i in candidates(grid, state.call, options.constraints):
                    origin = grid.cells[i][0]
                    found.extend(Cover(player, q, origin) for q in places)
                    found.extend(Duck(player, q, origin) for q in places)
            found.extend(Give(player, at) for at in grid.positions())
            found.extend(Place(player, q) for q in places)
        return found

    def non_canonical(self, game: AnyGame, state: Any, player: int) -> Sequence[Any]:
        """The first legal Cover and the first legal Duck naming the origin that the
        turn does not ask for: the called card's own place.

        >>> import rulespec
        >>> dc = rulespec.game("duck-and-cover")
        >>> state = dc.position([None, None], card=5)  # the 5 at (0, 1)
        >>> KIT.non_canonical(dc, state, 0)
        [Cover(player=0, to=(0, 0), origin=(0, 1)), Duck(player=0, to=(-1, 0), origin=(0, 1))]
        """
        if not _in_turn(state, player) or state.submitted[player] is not None:
            return ()
        index = called_stack(state, player)
        if index < 0:
            return ()
        origin = state.grids[player].cells[index][0]
        found: list[Any] = []
        for kind in (Cover, Duck):
            move = next((a for a in game.legal_actions(state, player) if type(a) is kind), None)
            if move is not None:
                found.append(kind(player, move.to, origin))
        return found

    def canonical_of(self, game: AnyGame, state: Any, action: Any) -> Any:
        """A Cover or Duck without the origin that the turn does not ask for.

        >>> from rulespec.duck_cover import Cover
        >>> KIT.canonical_of(None, None, Cover(player=0, to=(0, 0), origin=(0, 1)))
        Cover(player=0, to=(0, 0))
        """
        if isinstance(action, Cover | Duck) and action.origin is not None:
            return type(action)(action.player, action.to)
        return None

    def refusal_probes(self, game: AnyGame, state: Any, action: Any) -> Sequence[Any]:
        """For a legal « Coin », the moves of the called card (all refused): first those
        it could make were it free (onto a stack beside it, to a place beside another
        stack), then a Cover and a Duck to every other place around the grid."""
        if not isinstance(action, Quack) or not isinstance(state, State):
            return ()
        if state.phase is not Phase.TURN or not 0 <= action.player < state.players:
            return ()
        player = action.player
        legal = game.legal_actions(state, player)
        if action not in legal:
            return ()
        grid = state.grids[player]
        found: list[Any] = []
        for at in _called_places(state, grid):
            found.extend(_moves_from(player, grid, at))
        places = _places(grid)
        found.extend(Cover(player, q) for q in places)
        found.extend(Duck(player, q) for q in places)
        return [a for a in dict.fromkeys(found) if a not in legal]

    def setup_clauses(self, game: AnyGame, state: Any) -> tuple[str, ...]:
        """The grids, the draw pile, the first card drawn, the Captain, the player
        count; a later round's deal first names the new round, and the variants that
        change the deal (*Surprises*, *Constraints*) come last."""
        found = [
            "dc.setup.grid",
            "dc.setup.draw-deck",
            "dc.turn.draw",
            "dc.setup.captain",
            "dc.setup.players",
        ]
        if isinstance(state, State):
            if state.round > 0:
                found.insert(0, "dc.round.new")
            if state.discard_zone == (REPEAT,) and not state.captain_pile:
                found.insert(3, "dc.special.repeat-first")
            if state.options.surprises:
                found.append("dc.variant.surprises")
            if state.options.constraints:
                found.append("dc.variant.constraints.deck")
        return tuple(found)

    # -- comparing ---------------------------------------------------------------------

    part_keys: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "draw_pile": ("draw_pile_size",),
        "captain_pile": ("captain_pile_top", "captain_pile_size"),
        "acted": ("acted", "own_action"),
    }

    def canonical(self, game: AnyGame, state: Any) -> Any:
        return canonical(state)

    def canonical_view(self, game: AnyGame, view: Any) -> Any:
        return canonical_view(view)

    def parts(self, game: AnyGame, state: Any) -> dict[str, Any]:
        return kits.field_parts(state, "grids", only=_STATE_PARTS)

    def view_parts(self, game: AnyGame, view: Any) -> dict[str, Any]:
        v: View = view
        found: dict[str, Any] = {"players": v.players, "phase": v.phase, "round": v.round}
        for p, grid in enumerate(v.grids):
            found[f"grids[{p}]"] = grid
        found.update(
            card=v.card,
            call=v.call,
            previous=v.previous,
            previous_discarded=v.previous_discarded,
            draw_pile=v.draw_pile_size,
            captain_pile=(v.captain_pile_top, v.captain_pile_size),
            discard_zone=v.discard_zone,
            discards_left=v.discards_left,
            acted=(v.acted, v.own_action),
            round_scores=v.round_scores,
        )
        return found

    def part_clauses(
        self, game: AnyGame, step: Step, part: str, expected: Parts, actual: Parts
    ) -> tuple[str, ...]:
        before, action, after = step.before, step.action, step.after
        call = _call_clauses(before)
        found: list[str] = []
        if part.startswith("grids["):
            if isinstance(action, Deal) or before is None:
                found.append("dc.setup.grid")
            else:
                p = int(part[6:-1])
                acted = before.submitted[p] if before.phase is Phase.TURN else None
                if getattr(action, "player", None) == p:
                    acted = action
                found.extend(_KIND_CLAUSES.get(type(acted), ()))
                found.append("dc.move.stack")
                found.extend(call)
        elif part in ("card", "call", "draw_pile"):
            if isinstance(action, Deal):
                found.append("dc.setup.draw-deck")
            if isinstance(action, Reshuffle) or after.phase is Phase.RESHUFFLE:
                found.append("dc.deck.reshuffle")
            found.append("dc.turn.draw")
            if REPEAT in (expected.get(part), actual.get(part)):
                found.extend(_repeat_discard_clauses(after) if after.card != REPEAT else ())
                found.extend(_call_clauses(after))
            if part == "call":
                found.extend(_call_clauses(after))
            found.append("dc.turn.order")
        elif part in ("captain_pile", "discard_zone", "discards_left"):
            if isinstance(action, Reshuffle):
                found.append("dc.deck.reshuffle")
            elif isinstance(action, Deal):
                found.append("dc.round.new")
            else:
                found.append(
                    "dc.turn.captain-pile" if part == "captain_pile" else "dc.turn.discard"
                )
                found.append(
                    "dc.turn.discard" if part == "captain_pile" else "dc.turn.captain-pile"
                )
            if part != "captain_pile":
                found.append("dc.end.discard-limit")
                zone_e, zone_a = expected.get("discard_zone"), actual.get("discard_zone")
                if (
                    isinstance(zone_e, tuple)
                    and isinstance(zone_a, tuple)
                    and zone_e.count(REPEAT) != zone_a.count(REPEAT)
                ):
                    found.extend(_repeat_discard_clauses(after))
            found.extend(call)
        elif part in ("previous", "previous_discarded"):
            found.append("dc.special.repeat")
            if MAX in (expected.get("previous"), actual.get("previous")):
                found.append("dc.special.repeat-after-max")
            if part == "previous_discarded":
                found.extend(("dc.special.repeat-after-discard", "dc.turn.discard"))
            if isinstance(action, Deal):
                found.extend(("dc.round.new", "dc.special.repeat-first"))
        elif part == "phase":
            e, a = expected.get("phase"), actual.get("phase")
            if Phase.RESHUFFLE in (e, a):
                found.append("dc.deck.reshuffle")
            if {e, a} & {Phase.DEAL, Phase.OVER}:
                found.extend(_round_end_clauses(after, actual))
                found.append("dc.game.three-rounds")
            if {e, a} == {Phase.TURN} or not found:
                found.append("dc.turn.order")
        elif part == "round":
            found.extend(("dc.round.new", "dc.game.three-rounds"))
        elif part in ("submitted", "acted"):
            found.append("dc.turn.simultaneous")
            if part == "acted":
                found.append("dc.view.simultaneous")
        elif part == "round_scores":
            found.extend(self._score_clauses(after, expected.get(part), actual.get(part)))
        elif part == "players":
            found.append("dc.setup.players")
        elif part == "options":
            found.append("dc.cards.splashes")
        return tuple(dict.fromkeys(found))

    def _score_clauses(self, state: State, expected: Any, actual: Any) -> list[str]:
        found: list[str] = []
        if not isinstance(expected, tuple) or not isinstance(actual, tuple):
            return ["dc.score.splashes"]
        if len(expected) != len(actual):
            found.extend(_round_end_clauses(state, {}))
            found.append("dc.game.three-rounds")
        for e_round, a_round in zip(expected, actual, strict=False):
            for e, a in zip(e_round, a_round, strict=False):
                if e != a:
                    if a == -e:
                        found.append("dc.score.sign")
                    else:
                        found.extend(_value_clauses(state.options))
        return found or ["dc.score.splashes"]

    def action_clauses(self, game: AnyGame, state: Any, action: Any) -> tuple[str, ...]:
        found = [*_KIND_CLAUSES.get(type(action), ()), *_call_clauses(state)]
        if (
            isinstance(action, Quack | Cover | Duck)
            and isinstance(state, State)
            and state.phase is Phase.TURN
            and action.player in game.to_move(state)
        ):
            found.append("dc.turn.simultaneous")
        return tuple(dict.fromkeys(found))

    def legal_clauses(
        self, game: AnyGame, step: Step, player: int, missing: Sequence[Any], extra: Sequence[Any]
    ) -> tuple[str, ...]:
        state: State = step.after
        found: list[str] = []
        if _in_turn(state, player):
            steps = _round_steps(step)
            own = set(game.legal_actions(state, player))
            engine = (own - set(missing)) | set(extra)
            if _another_call(game, state, player, engine):
                found.extend(_call_source(step, steps, game, player, engine))
            if _left_behind(state, steps, player, (*missing, *extra)):
                found.append("dc.move.stack")
            found.extend(kits.refusals(game, state, extra))
        for action in (*missing, *extra):
            found.extend(_KIND_CLAUSES.get(type(action), ()))
        found.extend(_call_clauses(state))
        before = step.before
        fresh = isinstance(step.action, Deal) or (
            isinstance(before, State) and before.discard_zone[-1:] != (REPEAT,)
        )
        if state.discard_zone[-1:] == (REPEAT,) and fresh:
            found.extend(_repeat_discard_clauses(state))
        return tuple(dict.fromkeys(found))

    def result_clauses(
        self, game: AnyGame, step: Step, what: str, expected: Any, actual: Any
    ) -> tuple[str, ...]:
        state: State = step.after
        if what == "scores":
            found: list[str] = []
            if state.round_scores and isinstance(actual, tuple):
                last = state.round_scores[-1]
                for p, (e, a) in enumerate(zip(expected, actual, strict=False)):
                    if e != a:
                        sign = last[p] != 0 and a == e - 2 * last[p]
                        found.extend(("dc.score.sign",) if sign else _value_clauses(state.options))
            found.append("dc.game.three-rounds")
            return tuple(dict.fromkeys(found))
        if what == "winners":
            return ("dc.game.winner", "dc.game.tiebreak")
        if what == "is_over":
            return ("dc.game.three-rounds", *_round_end_clauses(state, {}))
        if what == "to_move":
            found = self._turn_end_clauses(step, actual)
            found.append("dc.turn.simultaneous")
            if state.phase is Phase.RESHUFFLE or isinstance(step.action, Reshuffle):
                found.append("dc.deck.reshuffle")
            if state.phase in (Phase.DEAL, Phase.OVER) or -1 in actual:
                found.extend(_round_end_clauses(state, {}))
            found.extend(_call_clauses(state))
            found.extend(self.legal_clauses(game, step, -1, (), ()))
            return tuple(dict.fromkeys(found))
        return ()

    @staticmethod
    def _turn_end_clauses(step: Step, actual: Any) -> list[str]:
        """Why a turn ends differently: a round that ends (or not), a reshuffle that
        comes (or not), and the earlier step that explains it."""
        state = step.after
        if not isinstance(state, State):
            return []
        steps = _round_steps(step)
        engine_waits = isinstance(actual, tuple) and CHANCE in actual
        found: list[str] = []
        if state.phase is Phase.TURN and engine_waits:
            if _filled_discards(step) or _fresh_repeat(step):
                found.append("dc.end.discard-limit")
        elif state.phase in (Phase.DEAL, Phase.OVER) and not engine_waits:
            ends = _round_end_clauses(state, {})
            if "dc.end.discard-limit" in ends:
                if _reshuffled_discards(steps):
                    found.append("dc.deck.reshuffle")
                if _filled_discards(step):
                    found.append("dc.turn.discard")
            found.extend(ends)
        elif state.phase is Phase.RESHUFFLE and not engine_waits:
            if _reshuffled_discards(steps):
                found.append("dc.deck.reshuffle")
            found.extend(("dc.turn.discard", "dc.turn.captain-pile"))
        return found

    def describe(self, game: AnyGame, action: Any) -> str:
        if isinstance(action, Quack):
            return f"player {action.player}: Quack"
        if isinstance(action, Cover | Duck):
            return f"player {action.player}: {type(action).__name__} to {action.to}"
        if isinstance(action, Deal):
            pile = " ".join(draw_card_name(c) for c in action.draw_pile)
            return f"deal (draw pile, next card first: {pile})"
        if isinstance(action, Reshuffle):
            pile = " ".join(draw_card_name(c) for c in action.draw_pile)
            return f"reshuffle (new draw pile: {pile})"
        return repr(action)


KIT = kits.register_kit(DuckCoverKit())


class DuckAndCoverMachine(ConformanceMachine):
    """A Duck & Cover game as a Hypothesis state machine (see
    :class:`~rulespec.testing.machine.ConformanceMachine`)."""

    game_id = "duck-and-cover"
