"""A Chat Completions endpoint for tests: a real HTTP server on 127.0.0.1 whose "model" is a script.

The scripted model decides ONLY from the text of the prompt it is sent (:func:`frontier_from_prompt`
reads the page's numbered links and the injected memory block), so what a test sees the agent do is
what the prompt told it. Each request may first be answered by a queued fault (``"429"``, ``"500"``,
``"slow"``, ``"malformed"``, ``"garbage"``: an answer that is no action), and answers come as tool
calls or as JSON in text (``style``). Every answer's ``usage`` is recorded, to be held against the
traces.
"""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LINK = re.compile(r"^(\d+)\. .* \((\S+)\)$")
VISITED = re.compile(r"^- (/\S*) · ")
ROW = re.compile(r"^- (/\S*) → (.*)$")


def sections(prompt: str) -> tuple[str, list[tuple[int, str]], list[str] | None, dict[str, list[str]], str]:
    """(current path, numbered links, visited paths or None without a memory block, link table, status)."""
    lines = prompt.split("\n")
    url = next(line for line in lines if line.startswith(("URL: ", "地址：")))
    url = url[5:] if url.startswith("URL") else url[3:]
    path = "/" + url.split("/", 3)[3] if url.count("/") >= 3 else "/"
    status = next(line for line in lines if line.startswith(("Status: ", "状态：")))
    status = status[8:] if status.startswith("Status") else status[3:]
    k = next(i for i, line in enumerate(lines) if line in ("Links:", "链接："))
    links = []
    for line in lines[k + 1 :]:
        m = LINK.match(line)
        if m:
            links.append((int(m.group(1)), m.group(2)))
        elif line.startswith("=="):
            break
    visited, table = None, {}
    if any(line.startswith(("== Memory", "== 记忆（")) for line in lines):
        visited = []
        for line in lines[next(i for i, x in enumerate(lines) if x.startswith(("== Memory", "== 记忆（"))) :]:
            if line.startswith(("== End of memory", "== 记忆结束")):
                break
            if (m := ROW.match(line)) is not None:
                table[m.group(1)] = [q for q in m.group(2).split(", ") if q.startswith("/")]
            elif (m := VISITED.match(line)) is not None:
                visited.append(m.group(1))
    return path, links, visited, table, status


def block_pages(prompt: str, heading: str) -> list[str]:
    """The ``- /path · title`` lines of the block whose heading starts with ``heading``."""
    lines = prompt.split("\n")
    starts = [i for i, line in enumerate(lines) if line.startswith(heading)]
    found = []
    for line in lines[starts[0] + 1 :] if starts else ():
        if line.startswith("=="):
            break
        if (m := VISITED.match(line)) is not None:
            found.append(m.group(1))
    return found


def frontier_from_prompt(prompt: str, history: tuple[str, ...] = ()) -> list[dict]:
    """Click the first link the prompt does not show as visited; else the first hop of the shortest
    way, through the links it shows, to a page it does not show; else done(). Shown as visited: the
    memory block's list, the pages of the earlier turns sent (``history``: their page blocks), the
    summary's and the recall search's pages. The links shown: the memory's link table and the earlier
    turns' pages' links. A page with a 5xx status is reported first."""
    path, links, visited, table, status = sections(prompt)
    visited = list(visited or ())
    for earlier in history:
        seen_path, seen_links, _v, _t, _s = sections(earlier)
        visited.append(seen_path)
        table.setdefault(seen_path, [target for _n, target in seen_links])
    visited += block_pages(prompt, "== Summary of earlier steps") + block_pages(prompt, "== Recall storage")
    actions = []
    if status.startswith("5"):
        actions.append(
            {"action": "report", "route": path, "error": f"HTTP {status}", "message": "server error"}
        )
    seen = set(visited or ())
    for number, target in links:
        if target not in seen:
            return [*actions, {"action": "click", "n": number}]
    first_hop = {}
    queue = []
    for number, target in links:
        if target not in first_hop:
            first_hop[target] = number
            queue.append(target)
    while queue:
        p = queue.pop(0)
        if p not in seen:
            return [*actions, {"action": "click", "n": first_hop[p]}]
        for q in table.get(p, ()):
            if q not in first_hop and q != path:
                first_hop[q] = first_hop[p]
                queue.append(q)
    return [*actions, {"action": "done"}]


class Endpoint:
    """The server; ``faults``: answers to give before the model's (one per request, in order)."""

    def __init__(self, decide=frontier_from_prompt, style: str = "tools") -> None:
        self.decide, self.style = decide, style
        self.faults: list[str] = []
        self.requests: list[dict] = []  # every body received, with its Authorization header
        self.usage: list[dict] = []  # the usage of every answer given
        self.release = threading.Event()  # ends a "slow" answer's wait
        self.lock = threading.Lock()
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length))
                with endpoint.lock:
                    endpoint.requests.append(
                        {"body": body, "authorization": self.headers.get("Authorization"), "path": self.path}
                    )
                    fault = endpoint.faults.pop(0) if endpoint.faults else None
                endpoint.answer(self, body, fault)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def answer(self, handler, body: dict, fault: str | None) -> None:
        if fault in ("401", "429", "500", "503"):
            handler.send_response(int(fault))
            if fault == "429":  # the others leave the pause to the client's backoff
                handler.send_header("Retry-After", "0")
            handler.send_header("Content-Length", "2")
            handler.end_headers()
            handler.wfile.write(b"{}")
            return
        if fault == "slow":
            self.release.wait(10)
        if fault == "malformed":
            self._send(handler, b'{"choices": [{"mess')
            return
        pages = [
            m["content"]
            for m in body["messages"]
            if m["role"] == "user"
            and ("== Current page ==" in m["content"] or "== 当前页面 ==" in m["content"])
        ]
        prompt, history = pages[-1], tuple(pages[:-1])  # the page now; the earlier turns sent
        if fault == "garbage":
            message = {"role": "assistant", "content": "I think I will look around."}
        else:
            actions = self.decide(prompt, history)
            if self.style == "tools":
                message = {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": f"call_{k}",
                            "type": "function",
                            "function": {
                                "name": a["action"],
                                "arguments": json.dumps({x: y for x, y in a.items() if x != "action"}),
                            },
                        }
                        for k, a in enumerate(actions)
                    ],
                }
            else:
                message = {
                    "role": "assistant",
                    "content": "My choice:\n```json\n" + json.dumps(actions) + "\n```",
                }
        text = "".join(m.get("content") or "" for m in body["messages"])
        usage = {"prompt_tokens": len(text) // 4 + 1, "completion_tokens": 11 + len(self.usage) % 3}
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        with self.lock:
            self.usage.append(usage)
        answer = {"id": "x", "object": "chat.completion", "model": body["model"],
                  "choices": [{"index": 0, "message": message, "finish_reason": "stop"}], "usage": usage}  # fmt: skip
        self._send(handler, json.dumps(answer).encode())

    def _send(self, handler, data: bytes) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(10)
