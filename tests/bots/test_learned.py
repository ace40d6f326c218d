"""The learned bot: shipped weights, legal play at every decision, refusals, its features."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from unokit import Action, Game, Random, Rules
from unokit.bots import Bot, decide, make_bot
from unokit.bots.learned import LearnedBot, LearnedNet, features, history, shipped_weights
from unokit.turns import play_out

from .positions import DECISIONS

R2021 = Rules.preset("mattel-2021")


def test_the_shipped_weights_say_what_they_were_trained_for() -> None:
    weights = shipped_weights()
    assert weights == {
        "mattel-2021-2p": "mattel-2021 without house rules at 2 players",
        "mattel-2021-4p": "mattel-2021 without house rules at 4 players",
    }


def _checked(bots: list[Bot], offered: Counter[str]) -> Callable[..., Action | None]:
    def choose(game: Game, seat: int, legal: list[Action], optional: bool) -> Action | None:
        offered.update({a.kind for a in legal} | ({"optional"} if optional else set()))
        choice = bots[seat].choose(decide(game, seat, optional))
        assert choice is None or choice in legal, f"{bots[seat]} chose {choice}"
        assert choice is not None or optional
        return choice

    return choose


def test_the_learned_bot_plays_whole_rounds_of_mattel_2021_legally() -> None:
    """Learned seats beside a forgetful greedy seat (so Uno catches are offered out of
    turn): every answer is legal, every round ends."""
    offered: Counter[str] = Counter()
    for seed in range(12):
        bots: list[Bot] = [make_bot("learned", seed=seed * 4 + s) for s in range(3)]
        bots.insert(seed % 4, make_bot("greedy:forget_uno=1", seed=seed))
        game = Game.new(R2021, players=4, seed=seed)
        for _ in play_out(game, _checked(bots, offered), max_actions=20_000):
            pass
        assert game.over
        if {"play", "draw", "catch", "optional"} <= set(offered):
            break
    assert {"play", "draw", "catch", "optional"} <= set(offered)


@pytest.mark.parametrize(("kind", "position", "seat", "optional"), DECISIONS)
def test_the_learned_bot_answers_each_kind_of_decision_or_refuses_the_table(
    kind: str, position: Callable[[], Game], seat: int, optional: bool
) -> None:
    game = position()
    bot = make_bot("learned", seed=1)
    if game.rules == R2021 and game.players == 4:
        choice = bot.choose(decide(game, seat, optional))
        assert choice in game.legal_actions(seat) or (choice is None and optional)
    else:
        with pytest.raises(ValueError, match="no learned weights for mattel-20"):
            bot.choose(decide(game, seat, optional))


def test_the_learned_bot_refuses_other_presets_players_and_switches() -> None:
    bot = make_bot("learned")
    for rules, players in [(Rules.preset("mattel-2015"), 4), (R2021, 3), (R2021, 5),
                           (Rules.preset("mattel-2021", stacking=True), 4)]:  # fmt: skip
        game = Game.new(rules, players=players, seed=1)
        assert game.to_play is not None
        with pytest.raises(ValueError, match="no learned weights for") as err:
            bot.choose(decide(game, game.to_play))
        assert "mattel-2021-4p (mattel-2021 without house rules at 4 players)" in str(err.value)
    named = make_bot("learned:weights=mattel-2021-4p")
    game = Game.new(Rules.preset("mattel-2015"), players=4, seed=1)
    assert game.to_play is not None
    with pytest.raises(ValueError, match="play mattel-2021 without house rules at 4 players, not"):
        named.choose(decide(game, game.to_play))


@pytest.mark.parametrize("name", ["nope", "../../etc/passwd", "/tmp/x", "mattel-2021-4p.npz"])
def test_the_learned_bot_takes_weight_names_only(name: str) -> None:
    with pytest.raises(ValueError, match="no learned weights named"):
        make_bot(f"learned:weights={name}")
    with pytest.raises(ValueError, match="names a shipped weight file"):
        LearnedBot(weights=3)  # type: ignore[arg-type]


def _reference(net: LearnedNet, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The forward pass written out unit by unit in float64."""
    p = {k: v.astype(np.float64) for k, v in net.params.items()}
    out_logits, out_values = [], []
    for row in x.astype(np.float64):
        h1 = [max(0.0, float(row @ p["w1"][:, j]) + p["b1"][j]) for j in range(len(p["b1"]))]
        h2 = [max(0.0, float(np.dot(h1, p["w2"][:, j])) + p["b2"][j]) for j in range(len(p["b2"]))]
        out_logits.append([float(np.dot(h2, p["wp"][:, a])) + p["bp"][a]
                           for a in range(len(p["bp"]))])  # fmt: skip
        out_values.append(float(np.dot(h2, p["wv"][:, 0])) + p["bv"][0])
    return np.array(out_logits), np.array(out_values)


def test_inference_equals_a_reference_forward_pass_and_plays_its_best_legal_action() -> None:
    bot = make_bot("learned", seed=0)
    assert isinstance(bot, LearnedBot)
    net = bot.net_for(R2021, 4)
    game = Game.new(R2021, players=4, seed=11)
    rng = Random(2)
    checked = 0
    while not game.over and checked < 12:
        seat = game.to_play
        assert seat is not None
        decision = decide(game, seat)
        x = features(net.layout.encode(decision.view)[None, :],
                     history(decision.history, 4)[None], net.layout)  # fmt: skip
        _, _, logits, value = net.forward(x)
        ref_logits, ref_value = _reference(net, x)
        assert np.allclose(logits, ref_logits, atol=1e-4)
        assert np.allclose(value, ref_value, atol=1e-4)
        choice = bot.choose(decision)
        assert choice is not None
        legal = [a for a in game.legal_actions(seat)
                 if a.uno or len(game.hand(seat)) != 2 or a.kind != "play"]  # fmt: skip
        best = max(net.codec.encode_all(legal), key=lambda n: ref_logits[0, n])
        assert net.codec.encode(choice) == best
        checked += 1
        legal_now = game.legal_actions(seat)
        game.apply(legal_now[rng.below(len(legal_now))], seat)
    assert checked == 12


def test_a_weight_file_round_trips(tmp_path: Path) -> None:
    net = LearnedNet(R2021, 2, hidden=8, seed=4)
    net.save(tmp_path / "w.npz", command="test")
    again = LearnedNet.load(tmp_path / "w.npz")
    assert again.players == 2 and again.rules == R2021 and again.meta["command"] == "test"
    for name, value in net.params.items():
        assert np.array_equal(again.params[name], value)
    with pytest.raises(ValueError, match="play mattel-2021 without house rules at 2 players"):
        again.check(R2021, 4, "w")


def test_a_server_offers_the_learned_bot_by_weight_name_only() -> None:
    from unokit.server.botmenu import BotMenu, BotRefusedError

    menu = BotMenu()
    assert "learned" in menu.names() and "strongest" in menu.names()
    assert menu.check("learned:weights=mattel-2021-4p") == "learned:weights=mattel-2021-4p"
    assert menu.check("learned:think=1") == "learned:think=1"
    assert menu.check("strongest").startswith("ismcts:")
    for bad in ("learned:weights=../../etc/passwd", "learned:weights=3", "learned:path=x"):
        with pytest.raises(BotRefusedError, match="learned"):
            menu.check(bad)
    assert menu.clamp("learned:weights=/tmp/x.npz,think=9", "greedy") == "learned:think=5.0"


def _searched_decisions(players: int, seed: int) -> list[tuple[Game, int]]:
    """Positions of greedy rounds where the seat to play has several cards that play."""
    found: list[tuple[Game, int]] = []
    greedy = [make_bot("greedy", seed=s) for s in range(players)]

    def choose(game: Game, seat: int, legal: list[Action], optional: bool) -> Action | None:
        if not optional and len({a.card for a in legal if a.kind == "play"}) > 1:
            found.append((game.clone(), seat))
        return greedy[seat].choose(decide(game, seat, optional))

    for round_seed in range(seed, seed + 4):
        game = Game.new(R2021, players=players, seed=round_seed)
        for _ in play_out(game, choose, max_actions=20_000):
            pass
    return found


def test_ismcts_with_the_learned_prior_plays_the_networks_card_when_it_cannot_be_beaten() -> None:
    """``prior=learned``: with a caution no search beats, the card played is the network's,
    and on some of these positions that is not greedy's card."""
    learned, greedy = make_bot("learned"), make_bot("greedy")
    bot = make_bot("ismcts:iterations=60,caution=1e9,prior=learned", seed=3)
    differs = 0
    for game, seat in _searched_decisions(4, seed=40)[:60]:
        decision = decide(game, seat)
        choice, wanted = bot.choose(decision), learned.choose(decision)
        assert choice is not None and wanted is not None
        assert (choice.kind, choice.card) == (wanted.kind, wanted.card)
        differs += wanted.card != greedy.choose(decision).card  # type: ignore[union-attr]
    assert differs > 0


def test_ismcts_with_the_learned_prior_uses_greedys_where_no_weights_fit_the_table() -> None:
    with_net = make_bot("ismcts:iterations=60,caution=1e9,prior=learned", seed=3)
    plain = make_bot("ismcts:iterations=60,caution=1e9", seed=3)
    for game, seat in _searched_decisions(3, seed=40)[:20]:
        assert with_net.choose(decide(game, seat)) == plain.choose(decide(game, seat))


def test_a_refusal_names_the_house_rules_as_house_takes_them() -> None:
    game = Game.new(Rules.preset("mattel-2021", stacking=True, target=300), players=4, seed=1)
    assert game.to_play is not None
    with pytest.raises(ValueError) as err:
        make_bot("learned").choose(decide(game, game.to_play))
    assert "no learned weights for mattel-2021 with stacking, target=300 at 4 players" in str(
        err.value
    )
