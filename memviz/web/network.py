"""Where ``memviz serve`` listens and who may ask it how often (issue 36).

The served blog has an intentional XSS page and writes a trace per visitor, so it is local unless
the teacher says otherwise: :func:`host_reach` tells a loopback host (this machine only) from one
other machines can reach (``0.0.0.0``, ``::``, a LAN address, a name that resolves to one), which
``memviz serve`` refuses without ``--lan``. :class:`RateLimit` is the per-address token bucket
``--lan`` applies.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import time
from collections import OrderedDict
from collections.abc import Callable

LOCAL, NETWORK, NOT_A_HOST = "local", "network", "not a host"
MOST_HOST = 253  # characters of a DNS name


def host_reach(host: str) -> str:
    """LOCAL (loopback only), NETWORK (reachable from other machines) or NOT_A_HOST."""
    try:
        address = ipaddress.ip_address(host.strip("[]") if host.startswith("[") else host)
    except ValueError:
        address = None
    if address is not None:
        return LOCAL if _loopback(address) else NETWORK
    if not _name_like(host):
        return NOT_A_HOST
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError, ValueError):
        return NOT_A_HOST
    addresses = {ipaddress.ip_address(info[4][0].split("%")[0]) for info in found}
    if not addresses:
        return NOT_A_HOST
    return LOCAL if all(_loopback(a) for a in addresses) else NETWORK


def _loopback(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    mapped = getattr(address, "ipv4_mapped", None)
    return (mapped or address).is_loopback


def _name_like(host: str) -> bool:
    """A DNS name's shape: ASCII letters, digits, '-' and '.', at most 253 characters."""
    if not host or len(host) > MOST_HOST or not host.isascii():
        return False
    return all(part and all(c.isalnum() or c == "-" for c in part) for part in host.rstrip(".").split("."))


def lan_addresses(host: str) -> list[str]:
    """The addresses other machines can reach a server bound to ``host`` at: the host itself, or
    for a wildcard (``0.0.0.0``, ``::``) this machine's own addresses that are not loopback (from
    its name and from the route a datagram would take; nothing is sent)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        address = None
    if address is not None and not address.is_unspecified:
        return [host]
    families = [socket.AF_INET6] if address is not None and address.version == 6 else []
    families += [socket.AF_INET]
    found: list[str] = []
    for family in families:
        candidates = []
        with contextlib.suppress(OSError, UnicodeError):
            candidates += [i[4][0] for i in socket.getaddrinfo(socket.gethostname(), None, family)]
        probe = "10.255.255.255" if family == socket.AF_INET else "fd00::1"
        with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as udp:
            udp.connect((probe, 9))  # a datagram socket's connect sends nothing: it picks a route
            candidates.append(udp.getsockname()[0])
        for candidate in candidates:
            bare = candidate.split("%")[0]
            with contextlib.suppress(ValueError):
                ip = ipaddress.ip_address(bare)
                if (
                    not ip.is_loopback
                    and not ip.is_link_local
                    and not ip.is_unspecified
                    and bare not in found
                ):
                    found.append(bare)
    return found


def url_of(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


class RateLimit:
    """A token bucket per client address: ``rate`` requests a second, bursts of ``burst``; the
    buckets of at most ``most_clients`` addresses are kept (the least recently seen go first), so a
    flood of addresses cannot grow the server's memory."""

    def __init__(
        self,
        rate: float,
        burst: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        most_clients: int = 10_000,
    ) -> None:
        self.rate = rate
        self.burst = burst if burst is not None else max(int(rate * 3), 1)
        self.clock = clock
        self.most_clients = most_clients
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # address -> (tokens, when)

    def allow(self, client: str) -> bool:
        now = self.clock()
        tokens, when = self.buckets.pop(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - when) * self.rate)
        allowed = tokens >= 1.0
        self.buckets[client] = (tokens - 1.0 if allowed else tokens, now)
        while len(self.buckets) > self.most_clients:
            self.buckets.popitem(last=False)
        return allowed
