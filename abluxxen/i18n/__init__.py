"""Every word the game says, in English and German: one home, by area.

- ``tr``: :class:`~abluxxen.i18n.tr.Tr`, the texts of one language and the grammar of cards, counts and
  moves in words; ``TEXTS`` is every area's texts together.
- ``table``, ``narration``, ``scores``, ``setup``, ``saves``, ``learn``, ``records``, ``review``,
  ``host``, ``club``: the screens' texts by area, each ``key: (English, German)``.
- ``refusals``: the engine's refusals (``IllegalMove.key``) in German.
- ``reasons``: the normal bot's reasons (``Reason.key``), ``key: (English, German)``.
- ``verbs``: the move words in German and the shortcut letters, to write a move and to read it back.
- ``catalog``: the command line's words (help, argparse's own) as one gettext catalog.

This package stands on the engine alone: it never imports bots, tables, screens or commands, so every
one of them may take its words from here. Importing it loads nothing: ``abluxxen rules`` reads only the
catalog.
"""
