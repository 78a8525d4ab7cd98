"""`abluxxen club`: the lobby, its visitors, the tables' registry and the club's side of its tables (in its own
process or in workers), and its SSH door. On top, beside host/ and cli/: nothing below imports it."""
