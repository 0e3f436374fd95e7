"""The second half of the soak (see test_game_soak.py), in its own file so it runs on the other core."""

from test_game_soak import GAMES, soak


def test_soak_random_legal_games_second_half():
    soak(GAMES // 2, GAMES)
