"""The full-screen terminal game (``unokit play``) and record playback (``unokit replay --watch``).

Everything here renders what one seat's view and event log show, and nothing else: the screen
is built from ``game.view(seat)`` and ``game.events(seat)``, never from the game's hidden state.
Needs the ``tui`` extra (Textual).
"""
