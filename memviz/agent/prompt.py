"""The chapter's harness as a prompt: a system prompt, the injected memory block, the current page.

The words are templates (``resources/prompts/<lang>/*.txt``, :class:`string.Template`, ``$name``
fields; docs/agent.md lists them), so a teacher changes what the model is told without code, or
points ``memviz agent --prompts DIR`` at a folder of their own (a file missing there is the built-in
one). The layout of the lists (``- /path · title``, ``n. title (/path)``) is fixed here, so that
what reaches the model can be read back (the tests' scripted model reads it).

Each call sends two messages: the system prompt, then one user message holding the memory block (when
memory is on) followed by the page. :class:`Prompt` keeps the pieces apart so that a view can show
the memory block highlighted in what the model saw.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from string import Template

from memviz.agent.memory import AgentMemory
from memviz.agent.page import Page
from memviz.core.resources import resource_path
from memviz.core.site import Site

PAGE_TEXT_CHARS = 1500  # the page's visible text, cut to this many characters
TEMPLATES = (
    "system",
    "page",
    "memory",
    "link_table",
    "capacity",
    "empty",
    "reask",
    "summary",
    "working",
    "recall",
)
MOST_TEMPLATE_BYTES = 64_000


class PromptError(ValueError):
    """A template that cannot be used: ``kind`` (too_big, not_utf8, unreadable) and the fields its one
    line is worded from (memviz.wording.agent.PROMPT_PROBLEMS)."""

    def __init__(self, kind: str, **fields: object) -> None:
        super().__init__(f"--prompts: {fields.get('path')}: {kind}")
        self.kind, self.fields = kind, fields


@dataclass(frozen=True)
class Templates:
    texts: dict[str, Template]

    def fill(self, name: str, **fields: object) -> str:
        return self.texts[name].safe_substitute({k: str(v) for k, v in fields.items()})


def load_templates(lang: str, folder: Path | None = None) -> Templates:
    """The templates of ``lang`` (zh or en), each from ``folder`` when it has the file."""
    if folder is not None and not folder.is_dir():  # a typo must not quietly mean the built-in words
        raise PromptError("not_folder", path=folder)
    texts = {}
    built_in = resource_path("prompts", "zh" if lang == "zh" else "en")
    for name in TEMPLATES:
        path = built_in / f"{name}.txt"
        if folder is not None and (folder / f"{name}.txt").is_file():
            path = folder / f"{name}.txt"
        try:
            raw = path.read_bytes()[: MOST_TEMPLATE_BYTES + 1]
            if len(raw) > MOST_TEMPLATE_BYTES:
                raise PromptError("too_big", path=path, most=MOST_TEMPLATE_BYTES)
            texts[name] = Template(raw.decode("utf-8").rstrip("\n"))
        except UnicodeDecodeError:
            raise PromptError("not_utf8", path=path) from None
        except OSError as exc:
            raise PromptError("unreadable", path=path, why=exc.strerror or exc) from None
    return Templates(texts)


@dataclass(frozen=True)
class Prompt:
    system: str
    memory: str  # the injected memory block ("" when memory is off)
    page: str
    history: tuple[dict, ...] = ()  # --context: the kept turns, user/assistant pairs, oldest first
    context: str = ""  # --context: the summary, working context and recall blocks ("" if none)

    @property
    def user(self) -> str:
        return "\n\n".join(part for part in (self.memory, self.context, self.page) if part)

    def messages(self) -> list[dict]:
        return [
            {"role": "system", "content": self.system},
            *self.history,
            {"role": "user", "content": self.user},
        ]


def cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def page_block(templates: Templates, page: Page, step: int, budget: int) -> str:
    empty = templates.fill("empty")
    links = "\n".join(f"{k}. {link.text} ({link.path})" for k, link in enumerate(page.links, 1)) or empty
    return templates.fill(
        "page", url=page.url, title=page.title or empty, status=page.status,
        text=cut(page.text, PAGE_TEXT_CHARS) or empty, links=links, step=step, budget=budget,
    )  # fmt: skip


def memory_block(templates: Templates, memory: AgentMemory, site: Site, lang: str) -> str:
    """The block injected every round, from what ``memory`` holds now ("" when it is off)."""
    if not memory.on:
        return ""
    empty = templates.fill("empty")
    pages = memory.pages()
    visited = "\n".join(f"- {site.url_path(p)} · {site.page_name(p, lang)}" for p in pages) or empty
    link_table = ""
    if memory.mode == "frontier":
        rows = "\n".join(
            f"- {site.url_path(p)} → {', '.join(site.url_path(q) for q in memory.links_of(p)) or empty}"
            for p in pages
        )
        link_table = templates.fill("link_table", rows=rows or empty)
    capacity = memory.store.capacity
    bugs = "\n".join(f"- {r.route} · {r.error} · {r.message}" for r in memory.bugs.values()) or empty
    return templates.fill(
        "memory", count=len(pages), capacity="" if capacity is None else templates.fill("capacity", capacity=capacity),
        visited=visited, link_table=link_table, bug_count=len(memory.bugs), bugs=bugs,
    ).replace("\n\n\n", "\n")  # fmt: skip


def build_prompt(
    templates: Templates, page: Page, memory: AgentMemory, site: Site, lang: str, step: int, budget: int
) -> Prompt:
    return Prompt(
        templates.fill("system", budget=budget),
        memory_block(templates, memory, site, lang),
        page_block(templates, page, step, budget),
    )
