"""A user's error line in the user's language, put there at the command line's edge (issue 28).

The core's messages stay English and structured: "capacity: must be between 1 and 100000, got 0",
the field first, then the problem. They are tested and used as data (a trace's, a site's, a task
file's errors), so they are not rewritten where they are raised; the command line translates the
line it prints, with a table of rules kept as data (:mod:`memviz.wording.error_rules` and
:mod:`memviz.wording.error_rules_files`): a regex with named groups for the data (the field, the
range, the value, a path) and the Chinese template that puts the same data in a Chinese sentence,
read by one matcher (:func:`translated`). The data itself (numbers, field names, paths, values) is
never translated; a message another library wrote (the JSON decoder's, an operating system's) is
data too, put inside a Chinese sentence that says what it is, never pasted bare.

A message is read as ``head: problem``: the heads (a file, ``line 3``, a field such as
``pages[2].links``) are kept, and the problem after them is looked up in the table. A line no shape
fits stays English, whole: a message is never lost for want of a translation.

argparse words its own messages (``the following arguments are required: …``, ``usage:``) through
gettext; :func:`argparse_speaking` gives it a Chinese catalogue while a command line is parsed.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from memviz.wording.error_rules import Rule

ERROR_PREFIX = {"en": "memviz: error: ", "zh": "memviz：错误："}
SIGNAL_LINES = {  # by the signal's name (memviz.stopping maps the numbers)
    "SIGINT": {"en": "memviz: interrupted", "zh": "memviz：已中断"},
    "SIGTERM": {"en": "memviz: stopped (terminated)", "zh": "memviz：已停止（进程被终止）"},
    "SIGHUP": {"en": "memviz: stopped (hang-up)", "zh": "memviz：已停止（终端已关闭）"},
}


class Shape(NamedTuple):
    """An English message shape and its Chinese template (``str.format`` over the named groups). A
    NamedTuple: a frozen dataclass compiled six methods from source as every command started."""

    pattern: re.Pattern[str]
    zh: str
    # groups that are words (WORDS) or a message of their own (SHAPES), translated; the others are data
    words: tuple[str, ...] = ()


def _compiled(rule: Rule) -> Shape:
    regex, zh, *words = rule
    # DOTALL: a path or a value may hold a line break ("a\nb.json"); the line is escaped when printed
    return Shape(re.compile(regex, re.DOTALL), zh, tuple(words[0]) if words else ())


@functools.cache
def _shapes() -> tuple[Shape, ...]:
    """Every rule, compiled the first time a line is put in Chinese: compiling them all takes some
    20 ms, and a command that succeeds in English needs none (issue 41). The tables (two modules
    of data) are read then too: the window, whose first picture needs none of them, starts sooner."""
    from memviz.wording import error_rules, error_rules_files

    return tuple(map(_compiled, (*error_rules.RULES, *error_rules_files.RULES)))


@functools.cache
def _head_shapes() -> tuple[tuple[re.Pattern[str], str], ...]:
    from memviz.wording import error_rules

    return tuple((re.compile(regex), zh) for regex, zh in error_rules.HEAD_RULES)


def _words() -> dict[str, str]:
    from memviz.wording.error_rules import WORDS

    return WORDS


def __getattr__(name: str):
    if name == "SHAPES":  # the rules compiled, as a module constant for those who read it (tests)
        return _shapes()
    if name == "WORDS":
        return _words()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# argparse's own words (its gettext message ids, Python 3.11-3.13) in Chinese. "：" after an
# argument's name, so the problem after it is looked up in SHAPES as a core message's is.
ARGPARSE_ZH = {
    "usage: ": "用法：",
    "argument %(argument_name)s: %(message)s": "参数 %(argument_name)s：%(message)s",
    "unrecognized arguments: %s": "无法识别的参数：%s",
    "not allowed with argument %s": "不能与参数 %s 同时使用",
    "ignored explicit argument %r": "忽略了显式给出的值 %r",
    "the following arguments are required: %s": "缺少必需的参数：%s",
    "one of the arguments %s is required": "参数 %s 中必须给出一个",
    "expected one argument": "需要一个值",
    "expected at most one argument": "最多需要一个值",
    "expected at least one argument": "至少需要一个值",
    "ambiguous option: %(option)s could match %(matches)s": "有歧义的选项：%(option)s 可以是 %(matches)s",
    "unexpected option string: %s": "意外的选项：%s",
    "invalid %(type)s value: %(value)r": "无效的 %(type)s 值：%(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)": "无效的选项：%(value)r（可选：%(choices)s）",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "未知的命令 %(parser_name)r（可选：%(choices)s）",
    "can't open '%(filename)s': %(error)s": "无法打开 '%(filename)s'：%(error)s",
    "positional arguments": "位置参数",
    "options": "选项",
    "show this help message and exit": "显示帮助并退出",
    "show program's version number and exit": "显示版本号并退出",
}
ARGPARSE_ZH_PLURAL = {"expected %s argument": "需要 %s 个值", "expected %s arguments": "需要 %s 个值"}

# Where a message's heads end: after ": " (English) or "：" (argparse's Chinese "参数 --x：").
_HEAD_END = re.compile(r": |：")


def translated(message: str, lang: str) -> str:
    """``message`` in ``lang``: its heads kept, the problem after them in Chinese when its shape is
    known; the message unchanged in English or when no shape fits."""
    if lang != "zh":
        return message
    cuts = [0, *(m.end() for m in _HEAD_END.finditer(message))]
    for cut in cuts:
        problem = _problem_zh(message[cut:])
        if problem is not None:
            return "".join(_head_zh(head) + "：" for head in _heads(message[:cut])) + problem
    return message


def _heads(text: str) -> list[str]:
    return [head for head in _HEAD_END.split(text) if head] if text else []


def _head_zh(head: str) -> str:
    for pattern, zh in _head_shapes():
        match = pattern.fullmatch(head)
        if match is not None:
            return zh.format(**match.groupdict())
    return head


def _problem_zh(text: str) -> str | None:
    for shape in _shapes():
        match = shape.pattern.fullmatch(text)
        if match is not None:
            groups = match.groupdict(default="")
            for name in shape.words:
                value = groups[name]
                # a word no rule knows (another library's message) is quoted, never pasted bare
                groups[name] = _words().get(value) or _problem_zh(value) or (f"“{value}”" if value else value)
            return shape.zh.format(**groups)
    return None


def shape_of(message: str) -> tuple[Shape, re.Match[str]] | None:
    """The shape that :func:`translated` uses for ``message``'s problem, with its match (for tests)."""
    cuts = [0, *(m.end() for m in _HEAD_END.finditer(message))]
    for cut in cuts:
        for shape in _shapes():
            match = shape.pattern.fullmatch(message[cut:])
            if match is not None:
                return shape, match
    return None


def error_line(message: str, lang: str) -> str:
    """The line printed for a user's error: ``memviz: error: …`` in ``lang``."""
    return ERROR_PREFIX["zh" if lang == "zh" else "en"] + translated(message, lang)


# The progress bar's words on stderr (``[####....] runs 40/200``), by what is counted.
PROGRESS_LABELS = {"runs": {"en": "runs", "zh": "次运行"}, "frame": {"en": "frame", "zh": "帧"}}


def progress_label(counted: str, lang: str) -> str:
    return PROGRESS_LABELS[counted]["zh" if lang == "zh" else "en"]


def signal_lines(lang: str) -> dict[str, str]:
    """The lines said when a signal ends memviz, by the signal's name."""
    key = "zh" if lang == "zh" else "en"
    return {name: lines[key] for name, lines in SIGNAL_LINES.items()}


@contextlib.contextmanager
def argparse_speaking(lang: str) -> Iterator[None]:
    """While the block runs, argparse words its messages (errors, ``usage:``, help headings) in ``lang``.

    argparse looks up its strings with the module-level ``_`` and ``ngettext`` it imported from
    gettext, at the moment it words them; they are swapped for the Chinese catalogue and put back. In
    English they are swapped for the strings as written: gettext's own finds no catalogue for them,
    but looks for one on disk for every string, a few paths each (some 60 strings a command, a third
    of building its parser; issue 41).
    """
    catalogue, plurals = (ARGPARSE_ZH, ARGPARSE_ZH_PLURAL) if lang == "zh" else ({}, {})
    saved = argparse._, argparse.ngettext

    def gettext(text: str) -> str:
        return catalogue.get(text, text)

    def ngettext(singular: str, plural: str, n: int) -> str:
        text = singular if n == 1 else plural
        return plurals.get(text, text)

    argparse._, argparse.ngettext = gettext, ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved
