"""The Chat Completions client against a real local endpoint: retries bounded, on a fake clock."""

from __future__ import annotations

import socket

import pytest

from memviz.agent.client import ChatClient, EndpointError
from tests.agent.endpoint import Endpoint

MESSAGES = [
    {"role": "system", "content": "s"},
    {
        "role": "user",
        "content": "== Current page ==\nURL: http://h/\nStatus: 200\nLinks:\n1. A (/a)\n== End of page ==",
    },
]


@pytest.fixture
def endpoint():
    served = Endpoint()
    yield served
    served.stop()


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0
        self.pauses: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.pauses.append(seconds)
        self.now += seconds

    def __call__(self) -> float:
        return self.now


def client(url: str, clock: FakeClock, **kw) -> ChatClient:
    return ChatClient(url, "m", api_key="sk-test-123456", sleep=clock.sleep, clock=clock, **kw)


def test_a_5xx_is_retried_with_doubling_pauses_then_answers(endpoint):
    clock = FakeClock()
    endpoint.faults = ["503", "500"]
    with client(endpoint.url, clock) as c:
        reply = c.chat(MESSAGES)
    assert clock.pauses == [1.0, 2.0]
    assert reply.tries == 3 and reply.retried == ("503", "500")
    assert reply.latency == 3.0  # the pauses, on the fake clock
    assert (reply.tokens_in, reply.tokens_out) == (
        endpoint.usage[0]["prompt_tokens"],
        endpoint.usage[0]["completion_tokens"],
    )
    assert [t.name for t in reply.tool_calls] == ["click"]
    assert endpoint.requests[0]["authorization"] == "Bearer sk-test-123456"


def test_a_429_waits_as_retry_after_says(endpoint):
    clock = FakeClock()
    endpoint.faults = ["429"]
    with client(endpoint.url, clock) as c:
        reply = c.chat(MESSAGES)
    assert clock.pauses == [0.0] and reply.tries == 2


def test_retries_are_bounded(endpoint):
    clock = FakeClock()
    endpoint.faults = ["500"] * 10
    with client(endpoint.url, clock) as c, pytest.raises(EndpointError) as caught:
        c.chat(MESSAGES)
    assert caught.value.kind == "status" and caught.value.fields["status"] == "500"
    assert caught.value.fields["tries"] == 4 and clock.pauses == [1.0, 2.0, 4.0]
    assert len(endpoint.requests) == 4
    assert "sk-test" not in str(caught.value)


def test_a_slow_endpoint_times_out_and_is_retried_a_bounded_number_of_times(endpoint):
    clock = FakeClock()
    endpoint.faults = ["slow", "slow"]
    with client(endpoint.url, clock, timeout=0.2, retries=1) as c, pytest.raises(EndpointError) as caught:
        c.chat(MESSAGES)
    assert caught.value.kind == "timeout" and clock.pauses == [1.0]


def test_a_malformed_answer_is_named(endpoint):
    endpoint.faults = ["malformed"]
    with client(endpoint.url, FakeClock()) as c, pytest.raises(EndpointError) as caught:
        c.chat(MESSAGES)
    assert caught.value.kind == "malformed"


def test_a_refused_connection_fails_at_once():
    with socket.socket() as s:  # a port nothing listens on: bound, never listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        clock = FakeClock()
        with client(f"http://127.0.0.1:{port}/v1", clock) as c, pytest.raises(EndpointError) as caught:
            c.chat(MESSAGES)
    assert caught.value.kind == "refused" and clock.pauses == []
