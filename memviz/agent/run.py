"""One run of a real model on the site: each step one call, recorded as it happens.

A step: the memory block is built from :class:`~memviz.agent.memory.AgentMemory` (the simulation's
memory), the prompt from the templates, the model is called once (and asked once more if its answer
cannot be read), and what it did becomes one trace line:

- ``click(n)`` on a link of the site: the page is fetched, memory writes it, the line is a ``click``;
  a URL the model types is a ``goto``; a link or URL off the site is an off-site step (``page``
  null, nothing fetched) and the agent stays where it was;
- a number the page has no link for, or a second unreadable answer: an invalid step (``stop``,
  ``invalid`` saying why), the agent stays;
- ``report(...)`` only: a ``stop`` step holding the claim, the agent stays; ``done()``: a ``stop``
  step, and the run ends.

Every line holds the real ``usage`` of its calls (``tokens_in``/``tokens_out``, re-asks included),
the reports the model filed (``claims`` of kind ``reported``, with their route and error) beside
the symptoms the page really showed (``reports``, :mod:`memviz.core.webpage`'s detector), the latency of each call and the pages in
memory after the step (``memory``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from urllib.parse import urljoin

from memviz.agent.actions import TOOLS, Answer, read_answer
from memviz.agent.client import ChatClient, ChatReply, EndpointError
from memviz.agent.history import History, context_record, estimated_tokens
from memviz.agent.memory import AgentMemory
from memviz.agent.page import FetchError, Page, SiteReader, site_path
from memviz.agent.prompt import Prompt, Templates, build_prompt
from memviz.agent.traceout import TraceAppender, public_endpoint, step_line
from memviz.core.context import DEFAULT_TURN_TOKENS, window_text
from memviz.core.site import Site
from memviz.core.trace import MOST_TEXT, TraceHeader, TraceStep, claim_of_report
from memviz.core.trace_run import trace_site
from memviz.web.crawler import normalise

AGENT = "memviz-agent"
TOOLS_TEXT = json.dumps(TOOLS)  # the tools' definitions: part of every prompt's tokens


@dataclass(frozen=True)
class AgentSettings:
    model: str
    endpoint: str
    memory: str = "frontier"  # none, visited, frontier
    capacity: int | None = None
    policy: str = "fifo"
    ttl: int | None = None
    budget: int = 30
    temperature: float = 0.0
    lang: str = "en"
    context: float | None = None  # --context W (None: off; math.inf: unlimited)
    compaction: str = "truncate"
    turn_tokens: int = DEFAULT_TURN_TOKENS

    def label(self) -> str:
        """The default label: ``agent-`` and the memory setting as Compare writes a lane
        (``agent-frontier/12/lru``, ``agent-none?context=8000&compaction=summary``), never the label
        of a simulated run."""
        if self.memory == "none" or (self.capacity is None and self.policy == "fifo"):
            label = f"agent-{self.memory}"
        else:
            label = (
                f"agent-{self.memory}/{self.capacity if self.capacity is not None else 'inf'}/{self.policy}"
            )
        if self.context is not None:
            label += f"?context={window_text(self.context)}&compaction={self.compaction}"
        return label


class TokenBudget:
    """``--max-total-tokens``: the tokens of every call of every run, against a ceiling (None: none)."""

    def __init__(self, most: int | None) -> None:
        self.most, self.used = most, 0

    def add(self, tokens: int | None) -> None:
        self.used += tokens or 0

    @property
    def spent(self) -> bool:
        return self.most is not None and self.used >= self.most


@dataclass
class StepRecord:
    """What one step did: the trace line's fields, and what the model saw and said."""

    index: int
    action: str
    url: str
    page: int | None
    status: int | None
    tokens_in: int | None
    tokens_out: int | None
    reports: tuple  # the symptom the page showed on arrival
    claimed: tuple  # the reports the model filed this step
    prompt: Prompt | None = None
    reply: str = ""
    invalid: str | None = None
    off_site: bool = False
    calls: list[dict] = field(default_factory=list)
    memory: tuple[int, ...] = ()
    context: dict | None = None  # --context: what the session context did at this call


@dataclass
class RunOutcome:
    steps: list[StepRecord]
    stop_reason: str  # budget, done, max_total_tokens, fault
    fault: Exception | None = None


def _tokens(replies: list[ChatReply], name: str) -> int | None:
    values = [getattr(r, name) for r in replies]
    return None if all(v is None for v in values) else sum(v or 0 for v in values)


class AgentRun:
    """A model's run from ``start_url``; :meth:`run` steps it to its end, writing ``trace``."""

    def __init__(
        self,
        settings: AgentSettings,
        client: ChatClient,
        site: Site,
        start_url: str,
        templates: Templates,
        trace: TraceAppender,
        tokens: TokenBudget,
        seed: int = 1000,
        task: str | None = None,
        label: str | None = None,
        timeout: float = 10.0,
        history: History | None = None,
        say: Callable[[str, dict], None] = lambda kind, fields: None,
        on_step: Callable[[StepRecord], None] = lambda record: None,
    ) -> None:
        self.settings, self.client, self.site = settings, client, site
        self.start_url, self.templates, self.trace, self.tokens = start_url, templates, trace, tokens
        self.seed, self.task, self.label = seed, task, label or settings.label()
        self.say, self.on_step = say, on_step
        self.history = history
        self.reader = SiteReader(start_url, site, timeout)
        self.memory = AgentMemory(settings.memory, settings.capacity, settings.policy, seed, settings.ttl)
        self.steps: list[StepRecord] = []
        self.page: Page | None = None
        self.stopped = False  # set from another thread (a window's Cancel): ends after the step

    def header(self) -> None:
        s = self.settings
        config = {
            "memory": s.memory, "capacity": s.capacity, "policy": s.policy, "ttl": s.ttl, "budget": s.budget,
            "seed": self.seed, "temperature": s.temperature, "model": s.model, "label": self.label,
            "context": None if s.context is None else window_text(s.context), "compaction": s.compaction,
            "turn_tokens": s.turn_tokens,
        }  # fmt: skip
        header = TraceHeader(
            agent=AGENT, start_url=self.start_url, task=self.task, config=config,
            site=trace_site(self.site), version=self.site.version, label=self.label, reported_by="detector",
        )  # fmt: skip
        # reported_by "detector": a step's reports are what the page showed; the model's are its claims
        self.trace.header(header, {"model": s.model, "endpoint": public_endpoint(s.endpoint)})

    def run(self) -> RunOutcome:
        try:
            self.header()
            self._start()
            for step in range(1, self.settings.budget + 1):
                if self.tokens.spent:
                    return RunOutcome(self.steps, "max_total_tokens")
                if self.stopped:
                    return RunOutcome(self.steps, "cancelled")
                if self._step(step):
                    return RunOutcome(self.steps, "done")
            return RunOutcome(self.steps, "budget")
        finally:
            self.reader.close()

    # -- the steps -----------------------------------------------------------------------------------

    def _links_on_site(self, page: Page) -> tuple[int, ...]:
        ids: list[int] = []
        for link in page.links:
            q = self.site.page_at(link.path) if link.path.startswith("/") else None
            if q is not None and q != page.page and q not in ids:
                ids.append(q)
        return tuple(ids)

    def _arrive(self, page: Page, step: int) -> None:
        self.page = page
        if page.page is not None:
            self.memory.arrive(page.page, self._links_on_site(page), step)

    def _start(self) -> None:
        page = self.reader.fetch(self.start_url)
        if page is None:
            raise FetchError("off_site", url=self.start_url)
        self._arrive(page, 0)
        self._record(StepRecord(0, "start", page.url, page.page, page.status, None, None, _shown(page), ()))

    def _record(self, record: StepRecord) -> None:
        record.memory = tuple(self.memory.pages())
        step = TraceStep(
            step=record.index, url=record.url, page=record.page, action=record.action, status=record.status,
            tokens_in=record.tokens_in, tokens_out=record.tokens_out, reports=record.reports,
            claims=tuple(claim_of_report(r) for r in record.claimed),
        )  # fmt: skip
        extra: dict = {}
        if record.index:
            extra |= {"calls": record.calls, "reply": record.reply[:2000], "memory": list(record.memory)}
            if record.invalid:
                extra["invalid"] = record.invalid
            if record.context is not None:
                extra["context"] = record.context
        self.trace.write(step_line(step, extra))
        self.steps.append(record)
        self.on_step(record)

    def _ask(self, prompt: Prompt, step: int) -> tuple[Answer, list[ChatReply], str]:
        """The model's answer to ``prompt``, asked once more if it cannot be read."""
        messages = prompt.messages()
        replies: list[ChatReply] = []
        answer, text = None, ""
        for attempt in range(2):
            try:
                reply = self.client.chat(messages, TOOLS)
            except EndpointError as fault:
                if fault.kind != "malformed":
                    raise
                answer, text = Answer(None, (), f"malformed answer: {fault.fields.get('what')}"), ""
            else:
                replies.append(reply)
                self.tokens.add((reply.tokens_in or 0) + (reply.tokens_out or 0))
                for why in reply.retried:
                    self.say("retried", {"step": step, "why": why})
                text = reply.content or "; ".join(f"{c.name}({c.arguments})" for c in reply.tool_calls)
                answer = read_answer(reply.content, reply.tool_calls)
                if answer.readable:
                    break
            if attempt == 0:
                self.say("reask", {"step": step, "problem": answer.problem})
                messages = [
                    *prompt.messages(),
                    {"role": "assistant", "content": text or "(no answer)"},
                    {"role": "user", "content": self.templates.fill("reask", problem=answer.problem)},
                ]
        return answer, replies, text

    def _step(self, step: int) -> bool:
        """One call; True when the model said it is done."""
        self.memory.begin_step(step)
        here = self.page
        prompt = build_prompt(
            self.templates, here, self.memory, self.site, self.settings.lang, step, self.settings.budget
        )
        if self.history is not None:
            base = estimated_tokens(prompt.system, prompt.memory, prompt.page, TOOLS_TEXT)
            entries = self.memory.store.entries if self.memory.store is not None else None
            self.history.begin_call(base, here.page, entries)
            prompt = replace(
                prompt, history=tuple(self.history.messages()),
                context=self.history.blocks(self.templates, self.settings.lang),
            )  # fmt: skip
        answer, replies, text = self._ask(prompt, step)
        context = None
        if self.history is not None:
            context = context_record(
                self.history.end_call(here.page, prompt.page, text, bool(answer.reports))
            )
        for claim in answer.reports:
            self.memory.file(claim)
        record = StepRecord(
            step, "stop", here.url, here.page, None, _tokens(replies, "tokens_in"), _tokens(replies, "tokens_out"),
            (), answer.reports, prompt, text,
            calls=[
                {"latency": round(r.latency, 3), "tokens_in": r.tokens_in, "tokens_out": r.tokens_out, "tries": r.tries}
                for r in replies
            ],
        )  # fmt: skip
        record.context = context
        move = answer.move
        if move is None:
            if not answer.readable:
                record.invalid = answer.problem
                self.say("invalid", {"step": step, "problem": answer.problem})
            self._record(record)
            return False
        if move.kind == "done":
            self._record(record)
            return True
        if move.number is not None:
            if not 1 <= move.number <= len(here.links):
                record.invalid = f"no link {move.number} (the page has {len(here.links)})"
                self.say("invalid", {"step": step, "problem": record.invalid})
                self._record(record)
                return False
            target, action = here.links[move.number - 1].url, "click"
        else:
            target, action = normalise(urljoin(here.url, move.url)) or move.url, "goto"
        if len(target) > MOST_TEXT:  # a trace's URL holds 2000 characters: the step is invalid, not lost
            record.invalid = f"a URL of {len(target)} characters (at most {MOST_TEXT})"
            self.say("invalid", {"step": step, "problem": record.invalid})
            self._record(record)
            return False
        page = self.reader.fetch(target, referer=here.url) if site_path(target, self.reader.origin) else None
        if page is None:  # off the site: not requested; the agent stays
            record.action, record.url, record.page, record.off_site = action, target, None, True
            self.say("off_site", {"step": step, "url": target})
            self._record(record)
            return False
        self._arrive(page, step)
        record.action, record.url, record.page, record.status = action, page.url, page.page, page.status
        record.reports = _shown(page)
        self._record(record)
        return False


def _shown(page: Page) -> tuple:
    return (page.symptom,) if page.symptom is not None else ()
