"""The hot-seat terminal game: table, prompt, handovers, saves (rich and prompt_toolkit)."""
