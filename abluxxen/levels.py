"""The bot levels, by name: who may play a seat besides a person.

The save format, the records and the command line name them; the bots
(``abluxxen.bots``) implement them.
"""

LEVELS = ("easy", "normal", "hard")
