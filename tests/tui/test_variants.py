"""Triple Play and Party! on the same screen: their own state in the pile panel, and the
generic list of legal actions for whatever the screen has no key for."""

from __future__ import annotations

import asyncio

from unokit import Action
from unokit.cli.play import build_table
from unokit.tui.app import PlayApp
from unokit.tui.dialogs import ChoiceDialog
from unokit.tui.widgets import PilePanel


def test_triple_play_shows_three_piles_and_asks_which_pile() -> None:
    table, labels = build_table(preset="triple-play", players=3, bots="random", seed=11)
    app = PlayApp(table, delay=60, bot_names=labels)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            view = app.view
            pile_text = str(app.query_one(PilePanel).render())
            for number in (1, 2, 3):
                assert f"@{number}" in pile_text
            assert view["to_play"] == 0  # this seed: the person starts
            legal = [Action.parse(a) for a in view["legal"]]
            piles_of: dict[str, set[int]] = {}
            for a in legal:
                if a.kind == "play" and a.card is not None and a.pile is not None:
                    piles_of.setdefault(a.card.code, set()).add(a.pile)
            card = next(code for code, piles in piles_of.items() if len(piles) > 1)
            index = view["hand"].index(card)
            await pilot.press(str(index + 1), "enter")
            while isinstance(app.screen, ChoiceDialog) and "colour" in app.screen.title_text:
                await pilot.press(app.screen.choices[0].key)
            assert isinstance(app.screen, ChoiceDialog)
            assert app.screen.title_text == "Which one?"
            assert all(c.value.startswith(f"play {card}") for c in app.screen.choices)
            await pilot.press(app.screen.choices[-1].key)
            assert app.view["hand_sizes"][0] == len(view["hand"]) - 1

    asyncio.run(body())


def test_party_lists_its_own_state_and_plays_through_the_list() -> None:
    table, _ = build_table(preset="party", players=4, bots="random", seed=7)
    app = PlayApp(table, delay=60)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            pile_text = str(app.query_one(PilePanel).render())
            assert "discard" in pile_text
            assert app.view["to_play"] == 0  # this seed: the person starts
            await pilot.press("m")
            assert isinstance(app.screen, ChoiceDialog)
            assert [c.value for c in app.screen.choices] == app.view["legal"]
            first = app.screen.choices[0].value
            await pilot.press(app.screen.choices[0].key)
            assert first == "play R0"
            assert app.view["top"] == "R0" and len(app.view["hand"]) == 6

    asyncio.run(body())


def test_party_wild_pile_up_explains_the_mini_pile_when_taking_it_is_the_move() -> None:
    from unokit.bots import make_bot
    from unokit.game import Game
    from unokit.rng import Random
    from unokit.rules import Rules
    from unokit.tui.autoplay import settle
    from unokit.tui.table import OneRound, Table

    game = Game.new(Rules.preset("party"), players=3, seed=1)
    rng = Random(1)
    while not (game.view(None)["to_play"] == 0
               and [a.kind for a in game.legal_actions()] == ["take"]):  # fmt: skip
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    pile = game.view(0)["mini_pile"]
    app = PlayApp(Table(OneRound(game), {s: make_bot("random", seed=s) for s in (1, 2)}), delay=60)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            dialog = app.screen
            assert isinstance(dialog, ChoiceDialog)
            assert dialog.title_text == "Wild Pile Up: take the mini pile"
            assert [str(c.label) for c in dialog.choices] == [
                f"take the mini pile ({len(pile)} cards)"
            ]
            assert " ".join(pile) in dialog.note and "you take the whole pile" in dialog.note
            await pilot.press("1")
            await settle(pilot, app)
            assert len(app.view["hand"]) >= len(pile)

    asyncio.run(body())
