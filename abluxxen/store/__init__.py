"""What the game keeps on disk: the data folder, saves and their locks, the records and their statistics.

Standard library and the engine only: importing it loads no rich, no
prompt_toolkit and no bot, so a command that only reads the records
(``abluxxen stats``) starts fast, and a table of any kind (a terminal, an SSH
session) saves and records the same way.
"""
