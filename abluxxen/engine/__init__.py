"""The rules engine: cards, a game's state and its moves, what each seat may see, matches and their
transcripts, and the save document of a position. It uses the standard library alone (and the plain
modules at the package's top: names, quoting, languages, bot levels); everything else stands on it.

``from abluxxen import Game, Rules`` is the way in (see the package's ``__init__``).
"""
