"""memviz's commands: ``commands`` parses the command line and runs a command; ``site``,
``scenario`` and ``compare`` hold one command family each. Their text formats, which the window
shows too, live in :mod:`memviz.text`.

This file loads the commands only when the command runs, so ``from memviz.cli import main`` is cheap.
"""


def main(argv: list[str] | None = None) -> int:
    """The ``memviz`` command (the console script's entry point)."""
    from memviz.cli.commands import main as run_command

    return run_command(argv)
