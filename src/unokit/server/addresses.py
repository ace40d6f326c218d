"""Client addresses as networks hand them out, and the proxies trusted to name them.

One subscriber is usually given a whole IPv6 prefix (a /64 at least, commonly a /56 or a
/48), so the limits count an IPv6 client by its ``prefix`` (a /64 unless the operator says
otherwise), and some limits also by its ``network_prefix`` (a /48): the ceiling one site's
many prefixes share. An IPv4 address written in IPv6 form (mapped ``::ffff:a.b.c.d``, 6to4
``2002:AABB:CCDD::/48``, the well-known NAT64 prefix ``64:ff9b::/96``, Teredo) counts as that
IPv4 address. Anything that is not an address at all counts as one client, ``"other"``.

The trusted proxies are networks: a connection from one of them counts as the client its
``X-Forwarded-For`` names, the right-most entry not itself a trusted proxy (every proxy adds
the address it saw at the right; the left entries are the client's to write). uvicorn reads
the header, given this same list (``unokit serve`` refuses ``*``, with which uvicorn takes the
left entry); the connection guard counts a trusted proxy's connections in the total only
(docs/deploy.md).
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

__all__ = [
    "DEFAULT_TRUSTED",
    "OTHER",
    "Addresses",
    "parse_trusted",
]

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

DEFAULT_TRUSTED: Final = ("127.0.0.1", "::1")
"""The proxies trusted unless the operator names others: one on the same machine."""
OTHER: Final = "other"
"""The one client every host that is not an IP address counts as."""
_NAT64: Final = ipaddress.IPv6Network("64:ff9b::/96")


def parse_trusted(items: tuple[str, ...] | list[str]) -> tuple[IPNetwork, ...]:
    """Addresses and networks (``10.0.0.0/8``, ``fd00::/8``); ``ValueError`` naming the item
    that is neither, and for ``*`` (trusting every client lets each name its own address)."""
    out: list[IPNetwork] = []
    for item in items:
        text = item.strip()
        if not text:
            continue
        if text == "*":
            raise ValueError(
                "'*' would let every client name its own address: name the proxies' "
                "addresses or networks"
            )
        try:
            out.append(ipaddress.ip_network(text, strict=False))
        except ValueError:
            raise ValueError(f"{text!r} is not an IP address or network") from None
    return tuple(out)


def _as_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 form carries (mapped, 6to4, NAT64, Teredo), if any."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip in _NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if ip.teredo is not None:
        return ip.teredo[1]
    return None


@dataclass(frozen=True)
class Addresses:
    """How client addresses are counted, and which proxies are trusted to forward them."""

    prefix: int = 64
    """An IPv6 client is its /``prefix`` network."""
    network_prefix: int = 48
    """Its site is its /``network_prefix`` network (some limits have a ceiling per site)."""
    trusted: tuple[IPNetwork, ...] = field(default_factory=lambda: parse_trusted(DEFAULT_TRUSTED))

    def __post_init__(self) -> None:
        if not 1 <= self.network_prefix <= self.prefix <= 128:
            raise ValueError("IPv6 prefixes are 1 <= network prefix <= prefix <= 128")

    def client(self, host: str) -> str:
        """What the limits count as one client: an IPv4 address, an IPv6 address's
        /``prefix`` network, or ``OTHER``."""
        return _client(host, self.prefix)

    def network(self, client: str) -> str:
        """The site of ``client`` (as ``client`` gives it): its IPv6 /``network_prefix``
        network; an IPv4 address (or ``OTHER``) is its own site."""
        return _network(client, self.network_prefix)

    def is_trusted(self, host: str) -> bool:
        """Is ``host`` (a connection's peer) one of the trusted proxies?"""
        return _trusted(host, self.trusted)


@lru_cache(maxsize=8192)
def _client(host: str, prefix: int) -> str:
    try:
        ip: IPAddress = ipaddress.ip_address(host)
    except ValueError:
        return OTHER
    if isinstance(ip, ipaddress.IPv6Address):
        v4 = _as_ipv4(ip)
        if v4 is not None:
            return str(v4)
        return str(ipaddress.IPv6Network((ip, prefix), strict=False))
    return str(ip)


@lru_cache(maxsize=8192)
def _network(client: str, network_prefix: int) -> str:
    if "/" not in client:
        return client
    try:
        net = ipaddress.ip_network(client)
    except ValueError:
        return client
    if net.prefixlen <= network_prefix:
        return client
    return str(net.supernet(new_prefix=network_prefix))


@lru_cache(maxsize=4096)
def _trusted(host: str, trusted: tuple[IPNetwork, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip.version == net.version and ip in net for net in trusted)
