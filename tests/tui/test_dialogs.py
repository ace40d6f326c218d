"""Every dialog of the table, driven through the real app: colour, challenge or accept, the
seat to trade hands with, catch, the list of legal actions, help, quit."""

from __future__ import annotations

import asyncio

from unokit import Game, Rules
from unokit.bots import make_bot
from unokit.tui.app import PlayApp
from unokit.tui.dialogs import ChoiceDialog, InfoScreen
from unokit.tui.table import OneRound, Table


def app_for(game: Game, *, delay: float = 60.0, bot: str = "random") -> PlayApp:
    """The app on a given position; a long delay keeps the bots still while keys are tested."""
    bots = {seat: make_bot(bot, seed=seat) for seat in range(1, game.players)}
    return PlayApp(Table(OneRound(game), bots), delay=delay)


def three_seats(hand: list[str], top: str = "G3", **rules: object) -> Game:
    return Game.arranged(
        Rules.preset("mattel-2021", **rules),
        hands=[hand, ["Y1", "Y2", "Y8"], ["Y3", "Y4", "Y9"]],
        discard=[top],
        draw=["G7", "G8", "B1", "B2", "R1", "R2", "R3", "R4"],
    )


def test_a_wild_asks_for_its_colour_and_a_key_names_it() -> None:
    app = app_for(three_seats(["W", "R5", "B7"]))

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.press("1", "enter")
            assert isinstance(app.screen, ChoiceDialog)
            assert "which colour" in app.screen.title_text
            assert [c.value for c in app.screen.choices] == ["R", "Y", "G", "B"]
            await pilot.press("b")
            assert not app.modal_open
            assert app.view["top"] == "W" and app.view["color"] == "B"
            assert "You played a Wild and named blue" in app.log_lines

    asyncio.run(body())


def test_the_colour_dialog_and_the_hand_answer_the_mouse() -> None:
    app = app_for(three_seats(["R5", "W", "B7"]))

    async def body() -> None:
        async with app.run_test() as pilot:
            from unokit.tui.widgets import CardChip

            wild = list(app.query(CardChip))[1]
            await pilot.click(wild)  # selects it
            assert app.selected == 1 and not app.modal_open
            await pilot.click(wild)  # a click on the selected card plays it
            assert isinstance(app.screen, ChoiceDialog)
            await pilot.click("#dialog-options", offset=(3, 3))  # the third row: green
            await pilot.pause()
            assert app.view["top"] == "W" and app.view["color"] == "G"

    asyncio.run(body())


def test_escape_takes_a_wild_back_to_the_hand() -> None:
    app = app_for(three_seats(["W", "R5", "B7"]))

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.press("1", "enter", "escape")
            assert not app.modal_open
            assert app.view["hand"] == ["W", "R5", "B7"] and app.view["top"] == "G3"

    asyncio.run(body())


def test_a_first_wild_turned_up_asks_the_dealers_left_to_name_the_colour() -> None:
    rules = Rules.preset("mattel-2003")  # older sheets: the first card acts
    deck = rules.deck()
    deck.remove(deck[-1])  # a Wild Draw Four out...
    wild = next(c for c in deck if c.code == "W")
    deck.remove(wild)
    deck.insert(14, wild)  # ...and a Wild turned up after dealing 7 each to 2 seats
    deck.append(rules.deck()[-1])
    game = Game.new(rules, players=2, deck=deck)
    assert game.phase == "color" and game.to_play == 0
    app = app_for(game)

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog)
            assert app.screen.title_text == "Name the colour to play"
            await pilot.press("escape")  # naming the colour cannot be put off
            assert isinstance(app.screen, ChoiceDialog)
            await pilot.press("y")
            assert app.view["color"] == "Y" and app.view["phase"] == "play"
            assert "You named yellow" in app.log_lines

    asyncio.run(body())


def wd4_on_you() -> Game:
    """Cal (seat 2) plays a Wild Draw Four naming green while holding a red card: guilty."""
    game = Game.arranged(
        Rules.preset("mattel-2021"),
        hands=[["B1", "B2"], ["Y3", "Y4"], ["W+4", "R2", "G5"]],
        discard=["R5"],
        draw=[f"{c}{n}" for c in "RYGB" for n in range(1, 10)],
        to_play=2,
    )
    game.apply("play W+4 G", 2)
    return game


def test_a_wild_draw_four_on_you_asks_challenge_or_accept_and_challenge_wins() -> None:
    app = app_for(wd4_on_you())

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog)
            assert app.screen.title_text == "A Wild Draw Four on you (4 cards)"
            assert [c.value for c in app.screen.choices] == ["challenge", "accept"]
            await pilot.press("c")
            assert app.view["hand_sizes"] == [2, 2, 6]  # guilty: Cal draws the 4
            assert any(
                line == "You challenged Cal's Wild Draw Four — Cal shows you the hand: R2, G5 — "
                "Cal is guilty — Cal draws 4 (challenge)"
                for line in app.log_lines
            )

    asyncio.run(body())


def test_accepting_a_wild_draw_four_draws_4() -> None:
    app = app_for(wd4_on_you())

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            await pilot.press("a")
            assert app.view["hand_sizes"] == [6, 2, 2]
            assert app.view["to_play"] == 1  # and the turn is lost

    asyncio.run(body())


def test_with_stacking_the_challenge_dialog_offers_to_stack() -> None:
    game = Game.arranged(
        Rules.preset("mattel-2021", stacking=True),
        hands=[["W+4", "B2", "B3"], ["Y3", "Y4"], ["W+4", "R2", "G5"]],
        discard=["R5"],
        draw=[f"{c}{n}" for c in "RYGB" for n in range(1, 10)],
        to_play=2,
    )
    game.apply("play W+4 G", 2)
    app = app_for(game)

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog)
            assert [c.key for c in app.screen.choices] == ["c", "a", "s"]
            await pilot.press("s")  # back to the hand, to stack
            assert not app.modal_open
            await pilot.press("1", "enter", "r")
            assert app.view["pending"]["cards"] == 8 and app.view["to_play"] == 1

    asyncio.run(body())


def test_seven_o_a_7_asks_whom_to_trade_hands_with() -> None:
    game = Game.arranged(
        Rules.preset("mattel-2021", seven_o=True),
        hands=[["R7", "G1", "G2"], ["B1", "B2", "B3", "B4"], ["Y1", "Y2"]],
        discard=["R5"],
        draw=["G7", "G8"],
    )
    app = app_for(game)

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.press("1", "enter")
            assert isinstance(app.screen, ChoiceDialog)
            assert app.screen.title_text == "Trade hands with whom?"
            assert [c.label for c in app.screen.choices] == ["Bea (4 cards)", "Cal (2 cards)"]
            await pilot.press("2")
            assert app.view["hand"] == ["Y1", "Y2"]
            assert any("You traded hands with Cal" in line for line in app.log_lines)

    asyncio.run(body())


def test_catch_with_one_player_to_catch_catches_at_once() -> None:
    game = Game.arranged(
        Rules.preset("mattel-2021"),
        hands=[["B1", "B2"], ["R5", "R6"], ["Y3", "Y4"]],
        discard=["R1"],
        draw=["G1", "G2", "G3", "G4"],
        to_play=1,
    )
    game.apply("play R5", 1)  # Bea forgets to say Uno
    app = app_for(game)

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            assert "Bea did not say Uno: c to catch!" in str(app.query_one("#status").render())
            await pilot.press("c")
            assert app.view["hand_sizes"] == [2, 3, 2]
            assert any(
                line.startswith("You caught Bea without Uno — Bea draws 2")
                for line in app.log_lines
            )
            await pilot.press("c")  # nobody left to catch: the reason, nothing changes
            assert app.last_error.startswith("nobody to catch")
            assert app.view["hand_sizes"] == [2, 3, 2]

    asyncio.run(body())


def test_catch_with_several_players_to_catch_asks_whom() -> None:
    game = Game.arranged(
        Rules.preset("mattel-2021", seven_o=True),
        hands=[["R3", "R4", "B9"], ["R0", "G1"], ["Y5", "Y6", "Y7"], ["Y1"], ["B5", "B6"]],
        discard=["R2"],
        draw=["G7", "G8", "G9"],
        to_play=1,
    )
    game.apply("play R0", 1)  # every hand passes on: Cal and Eli now hold one card each
    app = app_for(game)

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            assert app.view["uno_exposed"] == [2, 4]
            await pilot.press("c")
            assert isinstance(app.screen, ChoiceDialog)
            assert app.screen.title_text == "Catch whom?"
            assert [c.value for c in app.screen.choices] == ["catch 2", "catch 4"]
            await pilot.press("4")
            assert app.view["hand_sizes"][4] == 3
            assert app.view["uno_exposed"] == [2]

    asyncio.run(body())


def test_the_list_of_legal_actions_plays_any_of_them() -> None:
    app = app_for(three_seats(["W", "G5", "B7"]))

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.press("m")
            assert isinstance(app.screen, ChoiceDialog)
            values = [c.value for c in app.screen.choices]
            assert values == app.view["legal"]
            await pilot.press("1")
            assert app.view["top"] == values[0].split()[1]

    asyncio.run(body())


def test_help_shows_the_keys_and_the_rules_of_this_table() -> None:
    app = app_for(three_seats(["G5"], stacking=True, seven_o=True))

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.press("question_mark")
            assert isinstance(app.screen, InfoScreen) and app.screen.id == "help-screen"
            text = str(app.screen.body)
            assert "Rules: mattel-2021" in text and "Keys" in text
            assert "stacking:" in text and "seven_o:" in text and "jump_in:" not in text
            await pilot.press("escape")
            assert not app.modal_open

    asyncio.run(body())


def test_quit_asks_first() -> None:
    app = app_for(three_seats(["G5", "B7"]))

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.press("q")
            assert isinstance(app.screen, ChoiceDialog)
            await pilot.press("n")
            assert not app.modal_open and app.is_running
            await pilot.press("q", "y")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(body())


def test_jump_in_plays_an_identical_card_out_of_turn_with_enter() -> None:
    game = Game.arranged(
        Rules.preset("mattel-2021", jump_in=True),
        hands=[["B1", "R5", "G2"], ["R5", "Y2", "Y3"], ["Y4", "Y5"]],
        discard=["R1"],
        draw=["G7", "G8"],
        to_play=1,
    )
    game.apply("play R5", 1)  # Bea plays a red 5; Cal is to play; you hold the same card
    app = app_for(game)

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            assert "Jump in with R5" in str(app.query_one("#status").render())
            await pilot.press("2", "enter")
            assert app.view["hand"] == ["B1", "G2"]
            assert any(line.startswith("You jumped in with a red 5") for line in app.log_lines)

    asyncio.run(body())


def test_party_speed_play_is_offered_and_told_in_its_own_words() -> None:
    """UNO Party!'s out-of-turn play is Speed Play, not the classic Jump-In."""
    from unokit.party import PartyGame

    game = PartyGame.arranged(
        Rules.preset("party"),
        hands=[["B1", "R5", "G2"], ["R5", "Y2", "Y3"], ["Y4", "Y5"]],
        discard=["R1"],
        draw=["G7", "G8", "G9", "B7"],
        to_play=1,
    )
    game.apply("play R5", 1)
    app = app_for(game)

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            status = str(app.query_one("#status").render())
            assert "Speed play R5" in status and "Jump in" not in status
            await pilot.press("2", "enter")
            assert app.view["hand"] == ["B1", "G2"]
            assert any(line.startswith("You speed-played a red 5") for line in app.log_lines)

    asyncio.run(body())


def test_a_playable_card_drawn_is_picked_so_enter_plays_it_and_p_keeps_it() -> None:
    def drew() -> PlayApp:
        return app_for(
            Game.arranged(
                Rules.preset("mattel-2021"),
                hands=[["B1", "B2"], ["Y1", "Y2"], ["Y3", "Y4"]],
                discard=["R1"],
                draw=["R7", "G1"],
            )
        )

    app = drew()

    async def play_it() -> None:
        async with app.run_test() as pilot:
            await pilot.press("d")
            assert app.view["drawn"] == "R7" and app.selected == 2
            await pilot.press("enter")
            assert app.view["top"] == "R7" and app.view["hand"] == ["B1", "B2"]

    asyncio.run(play_it())
    app = drew()

    async def keep_it() -> None:
        async with app.run_test() as pilot:
            await pilot.press("d", "p")
            assert app.view["hand"] == ["B1", "B2", "R7"] and app.view["top"] == "R1"
            assert "You kept the card drawn" in app.log_lines

    asyncio.run(keep_it())
