"""``memviz class summary DIR``: a class's figures from ``memviz serve --trace-dir DIR`` (docs/serve.md).

The figures are :class:`memviz.models.classroom.ClassModel`'s, the ones the window's Watch the class
shows; each student beside the memviz agent on as many steps (seed 1000, no memory and a visited set).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from memviz.cli.serve import served_site
from memviz.cli.trace import TraceUsageError
from memviz.models.classroom import ClassModel, class_line_fields, figure_text
from memviz.options import in_path
from memviz.wording import classroom as words


def add_class_parser(sub: argparse._SubParsersAction, add_lang) -> None:
    p = sub.add_parser("class", help="a class's figures from the traces of memviz serve")
    commands = p.add_subparsers(dest="class_command", required=True, metavar="summary")
    s = commands.add_parser("summary", help="each student's coverage, repeats, bugs, reports and precision")
    s.add_argument("folder", type=in_path, metavar="DIR", help="the folder of memviz serve --trace-dir")
    s.add_argument("--site", type=in_path, default=None, help="the served site file (default: the blog)")
    s.add_argument("--json", action="store_true")
    add_lang(s)


def cmd_class(args: argparse.Namespace) -> int:
    folder: Path = args.folder
    if not folder.is_dir():
        raise TraceUsageError(words.NOT_A_FOLDER.pick(args.lang, folder=folder))
    model = ClassModel(folder, served_site(args.site, None))
    model.poll()
    summary = model.summary()
    agents = {}
    for student in model.students:
        beside = model.beside_agents(student.visitor)
        if beside is not None:
            agents[student.visitor] = [agent.to_dict() for agent in beside]
    if args.json:
        summary["agents"] = agents
        print(json.dumps(summary, ensure_ascii=False, indent=1))
        return 0
    print("\n".join(summary_lines(summary, agents, args.lang, str(folder))))
    return 0


def summary_lines(summary: dict, agents: dict, lang: str, folder: str) -> list[str]:
    students = summary["students"]
    lines = [f"{words.UNREADABLE.pick(lang, file=f, why=why)}" for f, why in summary["unreadable"].items()]
    if not students:
        return [*lines, words.NO_STUDENTS.pick(lang, folder=folder)]
    rows = [[said.pick(lang) for _, said in words.COLUMNS]]
    rows += [[figure_text(key, s[key]) for key, _ in words.COLUMNS] for s in students]
    widths = [max(_width(row[k]) for row in rows) for k in range(len(rows[0]))]
    for row in rows:
        cells = [row[0] + " " * (widths[0] - _width(row[0]))]
        cells += [" " * (w - _width(c)) + c for c, w in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join(cells))
    whole = summary["class"]
    lines.append(words.CLASS_LINE.pick(lang, **class_line_fields(whole)))
    for s in students:
        beside = agents.get(s["visitor"])
        if beside:
            none, visited = beside
            lines.append(
                words.BESIDE_AGENT.pick(
                    lang, name=s["name"], steps=s["steps"], home=s["home_visits"],
                    none=none["home_visits"], visited=visited["home_visits"],
                )
            )  # fmt: skip
    if agents:
        lines.append(words.AGENT_NOTE.pick(lang))
    return lines


def _width(text: str) -> int:
    """Columns a text takes in a terminal: a Chinese character takes two."""
    return sum(2 if "\u2e80" <= ch <= "\ufe4f" or "\uff00" <= ch <= "\uff60" else 1 for ch in text)
