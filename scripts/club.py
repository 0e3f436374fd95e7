"""`make club`: the club edition on one machine — PostgreSQL, two app replicas and nginx in front with sticky
sessions — started together and stopped together (Ctrl-C).

    python scripts/club.py [--port 8500] [--dir .club]

PostgreSQL's cluster lives in ``DIR/pg`` (made with ``initdb`` on the first start and kept, so progress survives);
the replicas listen on PORT+1 and PORT+2 on localhost, nginx on PORT for everyone. A browser is sent to one
replica and kept there by the ``sanma_replica`` cookie; when that replica is down nginx sends it to the other, which
reads the same database (the learner's sign-in cookie signs them in again), and the cookie follows it there. docs/club.md says how to spread the
same parts over several machines.
"""

from __future__ import annotations

import argparse
import os
import pwd
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from db_support import PG_USER, postgres_bin  # noqa: E402  (the same lookup as the store's tests)

NGINX_CONF = """
worker_processes 2;
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {dir}/nginx-tmp;
  proxy_temp_path {dir}/nginx-tmp;
  # each replica first, the other as its stand-in: a browser stays on its replica while that one is up. The
  # stand-in is never rested (max_fails=0): after both were restarted, a request that found its own replica
  # still starting goes to the other rather than to a 502 for the next seconds. The zones share what each
  # worker learnt of a replica's failure: without them one worker could send a page's websocket to the stand-in
  # and another its component frame to the replica still starting, which has not loaded the component yet
  upstream replica_a {{ zone replica_a 64k; server 127.0.0.1:{a} max_fails=1 fail_timeout=5s;
                        server 127.0.0.1:{b} backup max_fails=0; }}
  upstream replica_b {{ zone replica_b 64k; server 127.0.0.1:{b} max_fails=1 fail_timeout=5s;
                        server 127.0.0.1:{a} backup max_fails=0; }}
  split_clients "${{remote_addr}}${{remote_port}}${{msec}}" $fresh {{ 50% replica_a; * replica_b; }}
  map $cookie_sanma_replica $replica {{ a replica_a; b replica_b; default $fresh; }}
  map $replica $replica_name {{ replica_a a; replica_b b; }}
  # the cookie names the replica that answered (the stand-in after a failure), so that the page's websocket and
  # its component frames keep going to the one process that holds the session
  map $upstream_addr $served {{ "~:{a}$" a; "~:{b}$" b; default $replica_name; }}
  map $http_upgrade $connection_upgrade {{ default upgrade; "" close; }}
  server {{
    listen {port};
    location / {{
      proxy_pass http://$replica;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_read_timeout 1d;
      proxy_next_upstream error timeout;
      add_header Set-Cookie "sanma_replica=$served; Path=/; SameSite=Lax";
    }}
  }}
}}
"""


def _as_postgres() -> str | None:
    return PG_USER if os.geteuid() == 0 else None


def _wait_http(url: str, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"club: {url} did not answer within {seconds:.0f} s")


def start_postgres(work: Path, port: int) -> tuple[str, list[str]]:
    """Start (initialising once) the cluster in ``work/pg``; returns its address and the command that stops it."""
    bin_dir = postgres_bin()
    if bin_dir is None:
        raise SystemExit("club: PostgreSQL is missing: run `sh scripts/ensure_postgres.sh`")
    user = _as_postgres()
    data = work / "pg"
    if user:
        entry = pwd.getpwnam(user)
        os.chown(work, entry.pw_uid, entry.pw_gid)
    if not (data / "PG_VERSION").exists():
        subprocess.run([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8"],
                       check=True, user=user, capture_output=True)
    subprocess.run([str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(work / "pg.log"), "-w", "-t", "60", "-o",
                    f"-p {port} -k {work} -c listen_addresses=127.0.0.1 -c max_connections=200", "start"],
                   check=True, user=user, capture_output=True)
    import psycopg

    with psycopg.connect(f"postgresql://postgres@127.0.0.1:{port}/postgres", autocommit=True) as con:
        if con.execute("SELECT 1 FROM pg_database WHERE datname = 'sanma'").fetchone() is None:
            con.execute("CREATE DATABASE sanma")
    return (f"postgresql://postgres@127.0.0.1:{port}/sanma",
            [str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"])


def start_replica(port: int, db_url: str, log: Path) -> subprocess.Popen:
    env = dict(os.environ, SANMA_TUTOR_DB=db_url)
    return subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none",
         "--server.enableXsrfProtection", "false", "--server.enableCORS", "false"],
        cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)


def start_nginx(work: Path, port: int, a: int, b: int) -> subprocess.Popen:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        raise SystemExit("club: nginx is missing: install Debian's nginx package (apt-get install nginx-light)")
    (work / "nginx-tmp").mkdir(exist_ok=True)
    (work / "nginx-tmp").chmod(0o777)  # nginx's workers run as an unprivileged user
    conf = work / "nginx.conf"
    conf.write_text(NGINX_CONF.format(dir=work, port=port, a=a, b=b))
    return subprocess.Popen([nginx, "-c", str(conf), "-p", str(work), "-g", "daemon off;"], cwd=work)


class Club:
    """The running parts, so a benchmark can kill and restart one replica."""

    def __init__(self, port: int = 8500, work: Path | str = ".club") -> None:
        self.port = port
        self.work = (ROOT / work).resolve()
        self.work.mkdir(parents=True, exist_ok=True)
        self.db_url, self._pg_stop = start_postgres(self.work, port + 10)
        self.replica_ports = (port + 1, port + 2)
        self.replicas = [start_replica(p, self.db_url, self.work / f"replica-{i}.log")
                         for i, p in enumerate(self.replica_ports)]
        for p in self.replica_ports:
            _wait_http(f"http://127.0.0.1:{p}/_stcore/health")
        self.proxy = start_nginx(self.work, port, *self.replica_ports)
        _wait_http(f"http://127.0.0.1:{port}/_stcore/health")
        self.url = f"http://127.0.0.1:{port}"

    def kill_replica(self, index: int) -> None:
        """Kill one replica, as a crash would."""
        self.replicas[index].kill()
        self.replicas[index].wait()

    def restart_replica(self, index: int) -> None:
        """Start a killed replica again (or kill it first) and wait until it answers."""
        if self.replicas[index].poll() is None:
            self.kill_replica(index)
        port = self.replica_ports[index]
        self.replicas[index] = start_replica(port, self.db_url, self.work / f"replica-{index}.log")
        _wait_http(f"http://127.0.0.1:{port}/_stcore/health")

    def stop(self) -> None:
        for proc in [self.proxy, *self.replicas]:
            proc.terminate()
        for proc in [self.proxy, *self.replicas]:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
        subprocess.run(self._pg_stop, user=_as_postgres(), capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8500)
    parser.add_argument("--dir", default=".club")
    args = parser.parse_args()
    club = Club(args.port, args.dir)
    print(f"club: open {club.url} (replicas on {club.replica_ports[0]} and {club.replica_ports[1]}, PostgreSQL "
          f"{club.db_url}); Ctrl-C stops everything", flush=True)
    stop = {"now": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(now=True))
    try:
        while not stop["now"]:
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    finally:
        club.stop()


if __name__ == "__main__":
    main()
