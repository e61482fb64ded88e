"""A Chat Completions client over httpx: one POST per call, retries that are bounded and seen.

Any OpenAI-compatible endpoint (Ollama, llama.cpp's server, vLLM, LM Studio, the cloud APIs) answers
``POST {endpoint}/chat/completions`` with ``choices[0].message`` (``content``, ``tool_calls``) and
``usage`` (``prompt_tokens``, ``completion_tokens``). httpx, not the ``openai`` package: one small
dependency, and every retry and timeout is memviz's own (the openai client retries by itself, twice by
default, which would hide calls and their latency from the trace).

- A 429 or a 5xx answer, or a call that times out, is tried again after a pause (1 s, 2 s, 4 s, or
  the ``Retry-After`` the endpoint asks for, at most :data:`MOST_PAUSE`), at most :data:`RETRIES`
  times; then the call fails with an :class:`EndpointError`. A refused connection fails at once.
- The pause and the clock are passed in (``sleep``, ``clock``), so tests run on a fake clock.
- The API key goes in the ``Authorization`` header only. No message of this module holds it, nor a
  response body (an endpoint's error page may echo what it was sent).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import httpx

RETRIES = 3  # tries after the first, for a 429, a 5xx or a timeout
FIRST_PAUSE = 1.0  # seconds before the first retry; doubled each time
MOST_PAUSE = 30.0  # seconds: a Retry-After longer than this is cut to it
MOST_REPLY_BYTES = 4_000_000


class EndpointError(Exception):
    """The endpoint cannot give an answer: ``kind`` (refused, timeout, status, malformed, http) and
    the fields its one line is worded from (memviz.wording.agent.fault_line)."""

    def __init__(self, kind: str, **fields: object) -> None:
        super().__init__(kind, fields)
        self.kind, self.fields = kind, fields

    def __str__(self) -> str:
        return f"{self.kind}: {self.fields}"


@dataclass(frozen=True)
class ToolCall:
    name: str
    arguments: str  # the JSON text the model wrote


@dataclass(frozen=True)
class ChatReply:
    content: str
    tool_calls: tuple[ToolCall, ...]
    tokens_in: int | None  # usage.prompt_tokens (None: the endpoint gave no usage)
    tokens_out: int | None  # usage.completion_tokens
    latency: float  # seconds, from the first try's request to the answer, retries and pauses included
    tries: int  # 1 + retries
    retried: tuple[str, ...] = field(default=())  # why each retry was made: "429", "503", "timeout"


class ChatClient:
    """Calls one model at one endpoint. ``sleep``/``clock``: the pause and the time (injected)."""

    def __init__(
        self,
        endpoint: str,
        model: str,
        api_key: str | None = None,
        timeout: float = 60.0,
        temperature: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        retries: int = RETRIES,
        transport: httpx.BaseTransport | None = None,
        proxy: str | None = None,
    ) -> None:
        self.url = endpoint.rstrip("/") + "/chat/completions"
        self.model, self.temperature, self.timeout = model, temperature, timeout
        self.sleep, self.clock, self.retries = sleep, clock, retries
        headers = {"Content-Type": "application/json"}
        if api_key:
            headers["Authorization"] = f"Bearer {api_key}"
        # trust_env=False: no proxy from the environment sees the key unasked (a course laptop's
        # HTTP_PROXY would carry it off the machine); a network that needs one names it (--proxy).
        self._http = httpx.Client(
            headers=headers, timeout=timeout, follow_redirects=False, trust_env=False, transport=transport,
            proxy=proxy,
        )  # fmt: skip

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> ChatClient:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def chat(self, messages: list[dict], tools: list[dict] | None = None) -> ChatReply:
        body: dict = {"model": self.model, "messages": messages, "temperature": self.temperature}
        if tools:
            body["tools"] = tools
        start = self.clock()
        retried: list[str] = []
        while True:
            why, pause, response = self._try(body)
            if why is None:
                return _reply(response, self.clock() - start, len(retried) + 1, tuple(retried))
            if len(retried) >= self.retries:
                if why == "timeout":
                    raise EndpointError(
                        "timeout", url=self.url, seconds=f"{self.timeout:g}", tries=len(retried) + 1
                    )
                raise EndpointError("status", url=self.url, status=why, tries=len(retried) + 1)
            retried.append(why)
            self.sleep(pause if pause is not None else FIRST_PAUSE * 2 ** (len(retried) - 1))

    def _try(self, body: dict) -> tuple[str | None, float | None, httpx.Response | None]:
        """(None, None, the answer), or (why to retry, the pause the endpoint asked for, None)."""
        try:
            response = self._http.post(self.url, content=json.dumps(body, ensure_ascii=False).encode())
        except httpx.TimeoutException:
            return "timeout", None, None
        except httpx.ConnectError as exc:
            raise EndpointError("refused", url=self.url, reason=_reason(exc)) from None
        except httpx.HTTPError as exc:  # a broken answer (the connection dropped mid-way, bad HTTP)
            raise EndpointError("http", url=self.url, reason=type(exc).__name__) from None
        status = response.status_code
        if status == 429 or status >= 500:
            return str(status), _retry_after(response), None
        if status >= 400:  # 401 (a wrong key), 404 (a wrong model or path): no retry will help
            raise EndpointError("status", url=self.url, status=str(status), tries=1)
        return None, None, response


def _reason(exc: Exception) -> str:
    """Why a connection failed, without anything the request carried: the OS's words."""
    text = str(exc)
    for known in (
        "Connection refused",
        "Name or service not known",
        "No route to host",
        "Network is unreachable",
    ):
        if known.lower() in text.lower():
            return known
    return type(exc).__name__


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after", "").strip()
    try:
        seconds = float(value)
    except ValueError:
        return None
    return min(max(seconds, 0.0), MOST_PAUSE) if seconds == seconds else None  # NaN: not a pause


def _reply(response: httpx.Response, latency: float, tries: int, retried: tuple[str, ...]) -> ChatReply:
    """The answer's message and usage; a body that is no Chat Completions answer is ``malformed``."""
    if len(response.content) > MOST_REPLY_BYTES:
        raise EndpointError("malformed", what=f"an answer of more than {MOST_REPLY_BYTES} bytes")
    try:
        data = json.loads(response.content)
        message = data["choices"][0]["message"]
        if not isinstance(message, dict):
            raise TypeError
    except (ValueError, KeyError, IndexError, TypeError):
        raise EndpointError("malformed", what="not a Chat Completions answer (choices[0].message)") from None
    content = message.get("content") or ""
    if not isinstance(content, str):  # some servers send a list of parts
        content = (
            "".join(p.get("text", "") for p in content if isinstance(p, dict))
            if isinstance(content, list)
            else ""
        )
    calls = []
    for call in message.get("tool_calls") or ():
        function = call.get("function") if isinstance(call, dict) else None
        if isinstance(function, dict) and isinstance(function.get("name"), str):
            arguments = function.get("arguments", "")
            if not isinstance(arguments, str):  # some servers send the object itself
                arguments = json.dumps(arguments, ensure_ascii=False)
            calls.append(ToolCall(function["name"], arguments))
    usage = data.get("usage") if isinstance(data, dict) else None
    return ChatReply(
        content, tuple(calls), _count(usage, "prompt_tokens"), _count(usage, "completion_tokens"),
        latency, tries, retried,
    )  # fmt: skip


def _count(usage, name: str) -> int | None:
    value = usage.get(name) if isinstance(usage, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10**12 else None
