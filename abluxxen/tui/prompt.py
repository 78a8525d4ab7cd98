"""Plain questions at this terminal, outside the table: the setup's, the lesson list's, yes or no.

The table itself reads what is typed on its own screen (:mod:`.screen`).
"""

from __future__ import annotations

from prompt_toolkit import PromptSession
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style

STYLE = Style.from_dict({"bottom-toolbar": "noreverse #888888", "prompt": "bold"})


def make_session(*, input: Input | None = None, output: Output | None = None) -> PromptSession[str]:
    """A prompt session (pipe input and dummy output in tests)."""
    return PromptSession(input=input, output=output, history=InMemoryHistory(), style=STYLE,
                         complete_while_typing=False, mouse_support=False, erase_when_done=True)


def ask_line(session: PromptSession[str], question: str, *, keep: bool = False) -> str:
    """A plain question (setup, yes/no, Enter to go on).

    A fresh session on the same terminal, so that no earlier question's toolbar stays. The question
    and answer vanish once answered unless ``keep``.
    """
    plain: PromptSession[str] = PromptSession(input=session.input, output=session.output, style=STYLE,
                                              mouse_support=False, erase_when_done=not keep)
    answer: str = plain.prompt(question)
    return answer
