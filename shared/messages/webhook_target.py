"""Where a webhook may point: one check, used when a URL is registered and again when it is
delivered to, so a webhook can never be turned against loopback or private addresses.

The host is resolved once, every address it resolves to is checked, and the delivery
connects to the checked address itself (never resolving the name a second time, which a
DNS answer that changes between two lookups would exploit); redirects are not followed.
Loopback, private, link-local, shared, multicast and reserved ranges are refused unless
private delivery is allowed (ORRERY_WEBHOOK_ALLOW_PRIVATE=1: tests and local development).
"""
from __future__ import annotations

import ipaddress
import os
import socket
import urllib.parse
from dataclasses import dataclass

ALLOW_PRIVATE_ENV = "ORRERY_WEBHOOK_ALLOW_PRIVATE"
SCHEMES = {"http": 80, "https": 443}


class WebhookRefused(ValueError):
    """The URL may not receive webhooks; the message says why, in words a player reads."""


@dataclass(frozen=True)
class Target:
    """A checked webhook destination: connect to `address`, speak to `host`."""

    scheme: str
    host: str       # the name in the URL: the Host header and the TLS server name
    port: int
    address: str    # the checked IP address to connect to
    path: str       # path and query, as sent in the request line


def allow_private_from_env() -> bool:
    return os.environ.get(ALLOW_PRIVATE_ENV, "0") == "1"


def is_public(address: str) -> bool:
    """True for a globally routable unicast address (an IPv4-mapped IPv6 address is judged
    by the IPv4 address it carries)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def resolve(url: str, allow_private: bool) -> Target:
    """The destination `url` names, resolved once and checked; raise WebhookRefused."""
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port or SCHEMES.get(parts.scheme, 0)
    except ValueError as error:  # a port that is not a number, a malformed IPv6 literal
        raise WebhookRefused(f"The URL is malformed: {error}.") from None
    if parts.scheme not in SCHEMES or not parts.hostname:
        raise WebhookRefused("Only http and https URLs with a host can receive webhooks.")
    if parts.username or parts.password:
        raise WebhookRefused("A webhook URL may not carry credentials.")
    try:
        infos = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise WebhookRefused(f"The host {parts.hostname} cannot be resolved.") from None
    addresses = [info[4][0] for info in infos]
    if not allow_private and not all(is_public(a) for a in addresses):
        raise WebhookRefused(f"The host {parts.hostname} resolves to a loopback, private or "
                             f"reserved address; webhooks go to public addresses only.")
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(parts.scheme, parts.hostname, port, addresses[0], path)
