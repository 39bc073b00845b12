"""End-to-end fixtures: the whole of `make run` (services.launcher) on free ports in a
namespace of its own, and Debian's headless Chromium driven by Playwright's Python package.

The browser is the system's /usr/bin/chromium (installed here with apt-get when missing, as
CI machines start without it); Playwright never downloads a browser of its own. Screenshots
go to data/e2e-screenshots/ (ORRERY_E2E_SCREENSHOTS overrides) for a reviewer to look at.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
OPERATOR_TOKEN = "e2e-operator-token"   # the console's (ORRERY_OPERATOR_TOKEN)
SCREENSHOTS = Path(os.environ.get("ORRERY_E2E_SCREENSHOTS", ROOT / "data" / "e2e-screenshots"))


def _install_chromium() -> None:
    """Debian's chromium, as the machine's package manager installs it (root on CI)."""
    if Path(CHROMIUM).exists():
        return
    apt = shutil.which("apt-get")
    if apt is None:
        pytest.fail("The browser tests need /usr/bin/chromium and this machine has no apt-get.")
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + [apt, "update"], check=False, env=env, stdout=subprocess.DEVNULL)
    subprocess.run(sudo + [apt, "install", "-y", "chromium", "chromium-driver"], check=True, env=env,
                   stdout=subprocess.DEVNULL)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_ready(url: str, proc: subprocess.Popen, log: Path, seconds: float = 180) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"orrery exited early:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            if requests.get(url, timeout=1).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} never became ready:\n{log.read_text(errors='replace')[-3000:]}")


class Stack:
    """The running services: base URLs and a few API shortcuts for setting up scenes, and
    the Redis namespace their keys live under (a test reading a match's log as the bots do)."""

    def __init__(self, base: str, matchmaking: str, namespace: str = ""):
        self.base, self.matchmaking, self.namespace = base, matchmaking, namespace

    def player(self, name: str) -> dict:
        response = requests.post(f"{self.base}/v1/players", json={"name": name}, timeout=10)
        response.raise_for_status()
        return response.json()

    def api(self, method: str, path: str, player: dict | None = None, **kwargs) -> requests.Response:
        headers = {"Authorization": f"Bearer {player['token']}"} if player else {}
        return requests.request(method, self.base + path, headers=headers, timeout=20, **kwargs)


@pytest.fixture(scope="session")
def stack(redis_url, redis_client, tmp_path_factory):
    """`make run`'s processes on free ports, in a namespace deleted afterwards. Starting them
    takes from seconds to about a minute on a busy machine, so the browser tests share one
    stack (and `make test` keeps them on one xdist worker: tests/conftest.py)."""
    namespace = f"e2e-{uuid.uuid4().hex[:10]}:"
    port, mm_port = _free_port(), _free_port()
    data = tmp_path_factory.mktemp("orrery-data")
    env = dict(os.environ, REDIS_URL=redis_url, ORRERY_NAMESPACE=namespace,
               ORRERY_SECRET="e2e-" + namespace, PORT=str(port),
               ORRERY_MATCHMAKING_BIND=f"127.0.0.1:{mm_port}", ORRERY_DATA_DIR=str(data),
               ORRERY_WEB_ORIGINS=f"http://127.0.0.1:{port}",
               # Streams end every few seconds, so every test also exercises the resume.
               ORRERY_SSE_MAX_SECONDS="6", ORRERY_SSE_HEARTBEAT_SECONDS="2",
               ORRERY_BOT_CONCURRENCY="2", PYTHONUNBUFFERED="1",
               ORRERY_OPERATOR_TOKEN=OPERATOR_TOKEN)
    log = data / "orrery.log"
    with open(log, "ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "services.launcher"], cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_ready(f"http://127.0.0.1:{port}/readyz", proc, log)
        _wait_ready(f"http://127.0.0.1:{mm_port}/readyz", proc, log)
        yield Stack(f"http://127.0.0.1:{port}", f"http://127.0.0.1:{mm_port}", namespace)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=8)   # the launcher stops its children gracefully first
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
        keys = list(redis_client.scan_iter(match=f"{namespace}*", count=1000))
        if keys:
            redis_client.delete(*keys)


@pytest.fixture(scope="session")
def browser():
    _install_chromium()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        # Playwright gives every launch a fresh, empty --user-data-dir of its own.
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS,
                                             headless=True)
        yield browser
        browser.close()


class Page:
    """One person's browser tab on the client, with the steps tests repeat."""

    def __init__(self, page, stack: Stack):
        self.page, self.stack = page, stack
        self.errors: list = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def __getattr__(self, name):
        return getattr(self.page, name)

    def sign_in(self, name: str) -> dict:
        self.page.goto(self.stack.base + "/")
        self.page.fill("#player-name", name)
        self.page.click("[data-role=sign-in] button[type=submit]")
        self.page.wait_for_selector("[data-role=player-id]")
        return self.player()

    def player(self) -> dict:
        return json.loads(self.page.evaluate("localStorage.getItem('orrery.player')"))

    def act_as(self, player: dict) -> None:
        """Sign this browser in as an existing player (their token kept as the page keeps it)."""
        self.page.goto(self.stack.base + "/")
        self.page.evaluate("p => localStorage.setItem('orrery.player', JSON.stringify(p))", player)

    def open_match(self, match_id: str) -> None:
        self.page.goto(f"{self.stack.base}/#/match/{match_id}")
        self.page.wait_for_selector("#match-root")

    def version(self) -> int:
        return int(self.page.get_attribute("#match-root", "data-version"))

    def commands(self) -> list:
        """Every command the board and the move list offer."""
        return [json.loads(c) for c in self.page.eval_on_selector_all(
            "#match-root [data-command]", "els => els.map(e => e.getAttribute('data-command'))")]

    def wait_version_above(self, version: int, timeout: float = 30000) -> None:
        self.page.wait_for_function(
            "v => Number(document.querySelector('#match-root')?.dataset.version) > v", arg=version,
            timeout=timeout)

    def play_one(self, before_click=None) -> bool:
        """Send one command by clicks: a command element if shown, else narrow the list by
        one choice (`before_click()` is called just before a command is clicked, while the
        page still shows the choices). False once the match is over. The page re-renders whenever the match
        moves, so an element may go between finding and clicking it: then look again. When
        no command comes for 60 s, the failure says what the page held and why its last
        click failed (an element another one covers cannot be clicked)."""
        from playwright.sync_api import Error as PlaywrightError
        deadline, trouble = time.monotonic() + 60, None
        while time.monotonic() < deadline:
            if self.page.query_selector("#match-root[data-status]:not([data-status=active])"):
                return False
            try:
                if self.page.query_selector("#match-root [data-command]"):
                    version = self.version()
                    if before_click is not None:
                        before_click()
                    self.page.locator("#match-root [data-command]").first.click(timeout=5000)
                    self.wait_version_above(version)
                    return True
                if self.page.query_selector("#match-root [data-choice-key]"):
                    self.page.locator("#match-root [data-choice-key]").first.click(timeout=5000)
                    continue
            except PlaywrightError as error:
                trouble = str(error)[:800]
                continue
            self.page.wait_for_timeout(100)
        held = self.page.evaluate("""() => { const m = window.orreryMatch, r = document.querySelector('#match-root');
            return { version: r && r.dataset.version, status: r && r.dataset.status,
                     to_act: m && m.match && m.match.to_act, legal: m && m.legal.commands.length,
                     notice: m && m.notice, connection: m && m.connection,
                     commands: document.querySelectorAll('#match-root [data-command]').length,
                     choices: document.querySelectorAll('#match-root [data-choice-key]').length } }""")
        raise AssertionError(f"the page offered no command for 60 s: {held}; last click: {trouble}")

    def screenshot_to(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Remember each phase's report on the test, so fixtures know whether it failed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def open_page(browser, stack, request):
    """open_page(**context options) -> a new browser (own storage) on the client. When the
    test fails, every page it opened is saved as a screenshot (failed-<test>-<n>.png)."""
    contexts, pages = [], []

    def make(**options) -> Page:
        context = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, **options})
        contexts.append(context)
        context.set_default_timeout(30000)
        pages.append(Page(context.new_page(), stack))
        return pages[-1]

    yield make
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        for n, page in enumerate(pages):
            try:
                page.screenshot_to(f"failed-{request.node.name}-{n}")
            except Exception:  # a closed page has nothing to show
                pass
    for context in contexts:
        context.close()
