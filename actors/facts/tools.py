"""What kind of tool a name is, for a switch told without saying what it is for.

"I've moved from VS Code to Neovim", "moved from R to Python, using polars for everything now":
the switch names no topic ("for CI"), so ``patterns`` filed nothing and "Which code editor am I
using now?" was answered from the memory of the old one. A switch between two names of one
kind here is the user's tool of that kind: ``tool:editor`` or ``tool:language`` (a programming
language). Both names must be known and of the same kind: "moved from Leeds to Python" or
"switched from tea to Python" tell nothing, and "from R to Python" needs both, since "R" alone
is a letter. Pure functions; no I/O.
"""

from __future__ import annotations

from actors.text import fold

_KINDS: dict[str, frozenset[str]] = {
    "editor": frozenset((
        "vs code", "vscode", "visual studio code", "neovim", "nvim", "vim", "emacs",
        "doom emacs", "spacemacs", "sublime", "sublime text", "intellij", "intellij idea",
        "pycharm", "webstorm", "goland", "rider", "clion", "cursor", "zed", "helix", "atom",
        "nano", "xcode", "android studio", "eclipse", "notepad++", "kate", "textmate",
        "rstudio", "jupyter", "jupyterlab", "positron")),
    "language": frozenset((
        "python", "r", "julia", "go", "golang", "rust", "java", "javascript", "typescript",
        "ruby", "scala", "kotlin", "c", "c++", "c#", "f#", "php", "swift", "elixir",
        "erlang", "haskell", "ocaml", "clojure", "perl", "lua", "dart", "matlab", "sas",
        "stata", "fortran", "cobol", "zig", "nim", "crystal", "groovy", "objective-c")),
}
"""Names of each kind, folded and lower case."""


def tool_kind(name: str) -> str | None:
    """'editor' or 'language' for a known name ("Neovim", "VS Code", "Python"), else None."""
    said = " ".join(fold(name).strip(" .,;:!?\"'()").split())
    for kind, names in _KINDS.items():
        if said in names:
            return kind
    return None


def switch_kind(old: str, new: str) -> str | None:
    """The kind a switch from ``old`` to ``new`` is of, when both are known names of it."""
    kind = tool_kind(new)
    return kind if kind is not None and tool_kind(old) == kind else None
