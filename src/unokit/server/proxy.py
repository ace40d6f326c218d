"""The nginx configuration in front of several server processes, each owning its tables.

Every request naming a table (``/ws/<table>``, ``/api/tables/<table>...``) is routed by a
consistent hash of the table's id, so it usually reaches the process that owns the table at
once; a process that does not own it answers with the owner's own path (close code 4307 for
a WebSocket, a 307 redirect for a request), ``/p/<n>/...``, which nginx passes to process
``n`` alone. A process that is down is skipped by the hash (the next one takes its share),
and one of its tables is taken over by whichever process is asked for it once its lease
lapses (``ownership``).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["nginx_conf"]


def nginx_conf(
    ports: list[int],
    listen: str,
    run_dir: Path,
    host: str = "127.0.0.1",
) -> str:
    """An nginx.conf: listen on ``listen`` (``127.0.0.1:8080``), route to the processes on
    ``ports`` of ``host`` (process ``n``, from 1, has the route ``/p/n``); its pid, logs and
    temporary files in ``run_dir``."""
    servers = "\n".join(
        f"        server {host}:{port} max_fails=1 fail_timeout=2s;" for port in ports
    )
    routes = "\n".join(
        f"        location /p/{n}/ {{ proxy_pass http://{host}:{port}/; }}"
        for n, port in enumerate(ports, start=1)
    )
    temp = "\n".join(
        f"    {kind}_temp_path {run_dir}/{kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return f"""\
worker_processes 1;
pid {run_dir}/nginx.pid;
error_log {run_dir}/error.log warn;
events {{ worker_connections 8192; }}
http {{
    access_log off;
{temp}
    map $http_upgrade $connection_upgrade {{ default upgrade; "" close; }}
    # the table a request names: the key of the consistent hash
    map $uri $unokit_table {{
        "~^/(?:p/[0-9]+/)?(?:ws|api/tables|t)/(?<table>[A-Za-z0-9_-]+)" $table;
        default $request_id;
    }}
    upstream unokit {{
        hash $unokit_table consistent;
{servers}
    }}
    server {{
        listen {listen};
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $connection_upgrade;
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_read_timeout 1h;
        proxy_next_upstream error timeout http_502;
        proxy_connect_timeout 2s;
{routes}
        location / {{ proxy_pass http://unokit; }}
    }}
}}
"""
