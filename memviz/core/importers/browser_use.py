"""browser-use's saved history (``AgentHistoryList.save_to_file``) as trace steps.

``{"history": [{"model_output": {"action": [{"click_element": {...}}, ...]} | null, "result": [...],
"state": {"url": ..., "title": ...}, "metadata": {"input_tokens": ...}}]}``: ``history[i].state.url``
is where the browser stood when call i was made; the first web URL is the start, and each later URL
that differs from the one before is a step, its action named by the call that led there
(``go_to_url``/``navigate``/``open_tab`` → goto, ``go_back`` → back, anything else → click). A call
that moved nowhere (typing, scrolling) adds its tokens to the next step; the calls after the last
move are a final ``stop`` step. Tokens are 0.1.x's ``metadata.input_tokens``; the current shape's
metadata has none (only a run's total ``usage``), so its steps' tokens are not known (null). Pages that are not web pages (``about:blank``) are skipped. The history
holds no responses, so its reports are not known; what the agent said it found (its ``done`` text,
its ``extract_*`` results) is kept as the step's ``claims``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from memviz.core.importers.common import Fields, Imported, Importer, Mapper, head, normal_url, read_json
from memviz.core.site import Site
from memviz.core.trace import MOST_REPORTS, MOST_TEXT, Claim, TraceStep

# 0.1.x's names, then the current ones (navigate, search, switch): calls that go to a URL
_GOTO = ("go_to_url", "navigate", "open_tab", "search_google", "switch_tab", "search", "switch")
_BACK = ("go_back",)


def detect(path: Path) -> bool:
    text = head(path).lstrip()
    return text.startswith("{") and '"history"' in text


def read(path: Path, site: Site) -> Imported:
    steps, reported_by = _browser_use(read_json(path, "browser-use file"), Fields(str(path)), Mapper(site))
    return Imported(steps, reported_by)


def _browser_use(data: Any, f: Fields, mapper: Mapper) -> tuple[list[TraceStep], str | None]:
    history = f.items("history", f.obj("top level", data).get("history"))
    steps: list[TraceStep] = []
    claims: dict[int, list[Claim]] = {}  # step index: what the agent said it found there
    pending_tokens: int | None = None
    last_action = "click"
    last_url: str | None = None
    for i, item in enumerate(history):
        item = f.obj(f"history[{i}]", item)
        state = f.obj(f"history[{i}].state", item.get("state"))
        url = normal_url(f.text(f"history[{i}].state.url", state.get("url", "")))
        if url is not None and url != last_url:
            action = "start" if not steps else last_action
            steps.append(
                TraceStep(
                    step=len(steps), url=url, page=mapper.page(url), action=action, tokens_in=pending_tokens
                )
            )
            pending_tokens, last_url = None, url
        metadata = item.get("metadata")
        if metadata is not None:
            tokens = f.count(
                f"history[{i}].metadata.input_tokens",
                f.obj(f"history[{i}].metadata", metadata).get("input_tokens"),
            )
            if tokens is not None:
                pending_tokens = (pending_tokens or 0) + tokens
        last_action = _action(item.get("model_output"), f, i)
        said = _claims(item, f, i)
        if said and steps:  # said on the page the browser stood on (none yet: about:blank, not the site)
            kept = claims.setdefault(len(steps) - 1, [])
            kept += said[: MOST_REPORTS - len(kept)]
    if steps:  # the last call moved nowhere the log shows ("done", or the step limit): a stop step
        last = steps[-1]
        steps.append(
            TraceStep(step=len(steps), url=last.url, page=last.page, action="stop", tokens_in=pending_tokens)
        )
    for index, said in claims.items():
        steps[index] = replace(steps[index], claims=tuple(said))
    return steps, None  # no responses in the history: which bugs the pages showed is not known


def _action(output: Any, f: Fields, i: int) -> str:
    for name in _action_names(output, f, i):
        if name in _GOTO:
            return "goto"
        if name in _BACK:
            return "back"
    return "click"


def _action_names(output: Any, f: Fields, i: int) -> list[str]:
    """The names of call i's actions, in order (one name an action)."""
    if output is None:
        return []
    actions = f.items(
        f"history[{i}].model_output.action", f.obj(f"history[{i}].model_output", output).get("action", [])
    )
    names = []
    for k, action in enumerate(actions):
        action = f.obj(f"history[{i}].model_output.action[{k}]", action)
        names.append(next(iter(action), ""))
    return names


def _claims(item: dict, f: Fields, i: int) -> list[Claim]:
    """What call i said it found: the text of its ``done`` (the agent's answer) and of its
    ``extract_*`` actions (what it read off the page), from the action's result, in order."""
    names = _action_names(item.get("model_output"), f, i)
    results = item.get("result") or []
    results = f.items(f"history[{i}].result", results)
    said = []
    for k, result in enumerate(results):
        result = f.obj(f"history[{i}].result[{k}]", result)
        name = names[k] if k < len(names) else ""
        kind = (
            "done"
            if result.get("is_done") or name == "done"
            else "extracted"
            if name.startswith("extract")
            else None
        )
        text = result.get("extracted_content")
        if kind is not None and isinstance(text, str) and text.strip():
            said.append(Claim(kind, _clipped(text.strip())))
    return said


def _clipped(text: str) -> str:
    return text if len(text) <= MOST_TEXT else text[: MOST_TEXT - 1] + "…"


IMPORTER = Importer("browser-use", detect, read)
