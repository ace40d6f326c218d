"""The belief model: its counting part keeps the hand model's hard constraints, its
learned part knows the hidden hands better than counting on rounds it never saw, its
training reproduces and resumes, and the search's weighted re-deals follow it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from unokit import Action, Game, Rules
from unokit.bots import decide, make_bot
from unokit.bots.base import Bot, Decision
from unokit.bots.belief import FEATURES, BeliefModel, beliefs, default_model, weighted_arrange
from unokit.bots.belief_train import fit, generate, log_loss
from unokit.bots.ismcts import IsmctsBot
from unokit.bots.knowledge import allows
from unokit.rng import Random
from unokit.turns import play_out


def _positions(games: int, players: int = 4) -> list[tuple[Game, Decision]]:
    """Every turn decision of ``games`` rounds of greedy play, with a copy of the game."""
    found: list[tuple[Game, Decision]] = []
    rules = Rules.preset("mattel-2021")
    for seed in range(games):
        game = Game.new(rules, players=players, seed=seed)
        bots: list[Bot] = [make_bot("greedy", seed=seed * 4 + s) for s in range(players)]

        def chooser(
            g: Game, seat: int, legal: list[Action], optional: bool, bots: list[Bot] = bots
        ) -> Action | None:
            if not optional:
                copy = g.clone()
                found.append((copy, decide(copy, seat)))
            return bots[seat].choose(decide(g, seat, optional))

        for _ in play_out(game, chooser):
            pass
    return found


def test_counting_spreads_each_hand_over_the_cards_it_may_hold() -> None:
    for game, decision in _positions(3)[::5]:
        belief = beliefs(decision)
        sizes = game.hand_sizes()
        for j, s in enumerate(belief.seats):
            expected = float((belief.counting[j] * belief.unseen).sum())
            # each hand expects its own size
            assert abs(expected - sizes[s]) < 0.01
        assert np.all(belief.prob[:, belief.unseen == 0] == 0)


def test_a_seat_that_drew_on_its_turn_is_believed_to_hold_nothing_that_played() -> None:
    checked = 0
    for game, decision in _positions(6):
        belief = beliefs(decision)
        model = belief.model
        assert model is not None
        for j, s in enumerate(belief.seats):
            slots = model.slots.get(s, [])
            if len(slots) != game.hand_sizes()[s]:
                continue  # some of its cards are unconstrained
            ruled_out = [
                c.index
                for c in {*game.hand(s), *game.draw_pile}
                if not any(allows(slot, c) for slot in slots)
            ]
            if not ruled_out:
                continue
            assert np.all(belief.prob[j, ruled_out] <= 1e-4)
            assert np.all(belief.counting[j, ruled_out] <= 1e-4)
            # and the hand truly holds none of them (greedy plays when it can)
            assert not {c.index for c in game.hand(s)} & set(ruled_out)
            checked += 1
    assert checked >= 5


def test_the_shipped_model_knows_the_hands_better_than_counting_on_unseen_rounds() -> None:
    data = generate(4242, 400, players=4)
    model = default_model()
    learned = np.where(
        data.counting <= 1e-4, 1e-4, 1.0 / (1.0 + np.exp(-model.logits(data.features)))
    )
    counting = log_loss(data.counting, data)
    assert log_loss(learned, data) < counting - 0.001


def test_positions_reproduce_from_their_seed() -> None:
    a, b = generate(3, 20), generate(3, 20)
    assert len(a) == len(b) > 0
    assert np.array_equal(a.features, b.features)
    assert np.array_equal(a.label, b.label)
    assert not np.array_equal(a.label, generate(4, 20).label)


def test_training_lowers_the_loss_and_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    data = generate(11, 150)
    whole = fit(data, epochs=4, batch=2048, seed=5)
    checkpoint = tmp_path / "run.npz"
    fit(data, epochs=2, batch=2048, seed=5, checkpoint=checkpoint)
    resumed = fit(data, epochs=4, batch=2048, seed=5, checkpoint=checkpoint)
    assert np.allclose(whole.w1, resumed.w1)
    assert whole.b2 == pytest.approx(resumed.b2)
    fitted = 1.0 / (1.0 + np.exp(-whole.logits(data.features)))
    assert log_loss(fitted, data) < log_loss(data.counting, data)


def test_weights_load_with_numpy_alone_and_refuse_another_layout(tmp_path: Path) -> None:
    model = default_model()
    path = tmp_path / "copy.npz"
    model.save(path)
    again = BeliefModel.load(path)
    assert np.array_equal(again.w1, model.w1)
    assert model.w1.shape[0] == FEATURES
    with pytest.raises(ValueError, match="feature layout"):
        BeliefModel(np.zeros((FEATURES + 1, 4)), np.zeros(4), np.zeros(4), 0.0)


def test_weighted_redeals_keep_the_cards_and_follow_the_beliefs() -> None:
    _, decision = _positions(2)[40]
    seat = decision.seat
    belief = beliefs(decision, default_model())
    rng = Random(9)
    held: Counter[tuple[int, int]] = Counter()
    draws = 300
    base = decision.sample(1)
    unseen = sorted(c.index for s in base.active if s != seat for c in [*base.hand(s)]) + sorted(
        c.index for c in base.draw_pile
    )
    for _ in range(draws):
        game = decision.sample(rng.next64())
        weighted_arrange(game, seat, belief, rng)
        assert game.hand_sizes() == base.hand_sizes()
        again = sorted(c.index for s in game.active if s != seat for c in game.hand(s)) + sorted(
            c.index for c in game.draw_pile
        )
        assert sorted(again) == sorted(unseen)
        for j, s in enumerate(belief.seats):
            for card in game.hand(s):
                held[j, card.index] += 1
    # the re-deals' shares track the believed ones better than even odds do
    share = np.zeros_like(belief.prob)
    for (j, i), n in held.items():
        share[j, i] = n / draws / belief.unseen[i]
    mask = np.broadcast_to(belief.unseen > 0, share.shape)
    believed = np.corrcoef(share[mask], belief.prob[mask])[0, 1]
    assert believed > 0.8


def test_the_search_with_beliefs_plays_whole_rounds_reproducibly() -> None:
    rules = Rules.preset("mattel-2021")
    winners = []
    for _ in range(2):
        game = Game.new(rules, players=4, seed=17)
        bots: list[Bot] = [
            make_bot("ismcts:iterations=30,belief=true" if s == 0 else "greedy", seed=s)
            for s in range(4)
        ]
        for _ in play_out(
            game, lambda g, seat, legal, opt, bots=bots: bots[seat].choose(decide(g, seat, opt))
        ):
            pass
        winners.append((game.winner, len(game.events(None))))
    assert winners[0] == winners[1]
    assert winners[0][0] is not None
    with pytest.raises(ValueError, match="belief must be true or false"):
        IsmctsBot(belief=1)  # type: ignore[arg-type]


def test_the_paired_comparison_counts_only_the_deals_both_runs_finished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util
    import json

    path = Path(__file__).parents[2] / "benchmarks" / "paired.py"
    spec = importlib.util.spec_from_file_location("paired", path)
    assert spec is not None and spec.loader is not None
    paired = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(paired)
    run = {"seed": 1, "players": 2, "field": "greedy", "rules": "mattel-2021"}
    new = {**run, "hero": "a", "won": [True, False, True, True, False, False, True, False]}
    old = {**run, "hero": "b", "won": [False, True, False, True, False, False]}
    (tmp_path / "new.json").write_text(json.dumps(new))
    (tmp_path / "old.json").write_text(json.dumps(old))
    assert paired.main([str(tmp_path / "new.json"), str(tmp_path / "old.json")]) == 0
    # deals: (1-1)/2, (2-1)/2, (0-0)/2 -> mean +1/6
    assert "over 3 deals (6 games each): +16.67 points" in capsys.readouterr().out
    (tmp_path / "old.json").write_text(json.dumps({**old, "seed": 2}))
    assert paired.main([str(tmp_path / "new.json"), str(tmp_path / "old.json")]) == 2
