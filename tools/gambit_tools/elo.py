"""Match scores as Elo differences (standard library only, so that `level-table.py
--check` runs in CI without python-chess)."""

import math


def expected(diff):
    """The expected score of a player `diff` Elo above its opponent (logistic model)."""
    return 1 / (1 + 10 ** (-diff / 400))


def elo_from_score(wins, draws, losses):
    """{"score", "elo", "elo_low", "elo_high"} of a match, or None when it has no games.

    The interval is 95 %, from the trinomial standard error of the mean score."""
    n = wins + draws + losses
    if n == 0:
        return None
    score = (wins + 0.5 * draws) / n
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * (0 - score) ** 2) / n
    se = math.sqrt(var / n) if n > 1 else 0.5

    def to_elo(s):
        s = min(max(s, 1e-4), 1 - 1e-4)
        return -400 * math.log10(1 / s - 1)

    return {
        "score": score,
        "elo": to_elo(score),
        "elo_low": to_elo(score - 1.96 * se),
        "elo_high": to_elo(score + 1.96 * se),
    }
