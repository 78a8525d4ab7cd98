"""``abluxxen learn``: the game taught at the terminal, one real position at a time.

``lessons.py`` holds the course as data (positions, texts in English and
German, tasks); ``positions.py`` turns a lesson's position into a game;
``course.py`` runs a lesson at the game's own prompt; ``progress.py`` keeps
what is done in the data directory.
"""
