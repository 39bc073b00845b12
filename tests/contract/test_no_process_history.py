"""The repository speaks to its users and maintainers, not of the process that built it.

Every text file (code, comments, docstrings, tests, docs, data, configuration) is read and
must not name a development round ("wave 3"), a role of the people who built it ("the lead",
"engineers"), their notes, or a path on one machine. History belongs in commit messages.

Whole words, case-insensitive. "lead" is an ordinary word here (a heuristic lead of 8 points,
commands that lead to a state), so only the forms that name a person are refused: "the
lead" not followed by "of"/"to"/"in"/"over", "the lead's", "lead engineer".
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
THIS = Path(__file__).resolve()

# Directories that are not the repository's text: tools' caches, the virtual environment,
# what `make run` and the tests write.
SKIPPED_DIRS = {".git", ".venv", "venv", "data", "__pycache__", ".pytest_cache", "node_modules",
                ".hypothesis", "build", "dist"}
TEXT_SUFFIXES = {".py", ".md", ".txt", ".json", ".toml", ".cfg", ".ini", ".conf", ".yml",
                 ".yaml", ".lua", ".js", ".css", ".html", ".svg", ".sh", ".lock"}
TEXT_NAMES = {"Makefile", "Dockerfile", "run", ".gitignore", ".dockerignore"}

FORBIDDEN = [
    ("a development round", re.compile(r"\bwaves?\b", re.IGNORECASE)),
    ("a builder's role", re.compile(r"\bengineers?('s|s')?\b", re.IGNORECASE)),
    ("a builder's role", re.compile(r"\b(the|our) lead\b(?!\s+(of|to|in|over)\b)", re.IGNORECASE)),
    ("a builder's role", re.compile(r"\blead('s| engineer)\b", re.IGNORECASE)),
    ("a builder's role", re.compile(r"\b(coordinator|worktrees?)\b", re.IGNORECASE)),
    ("process notes", re.compile(r"closing[- ]notes?", re.IGNORECASE)),
    ("a path on one machine", re.compile(r"(?<![\w.])/(work|home|Users)/\w")),
]


def text_files():
    for path in ROOT.rglob("*"):
        relative = path.relative_to(ROOT)
        if any(part in SKIPPED_DIRS or part.endswith(".egg-info") for part in relative.parts):
            continue
        if path.is_file() and path != THIS and (path.suffix in TEXT_SUFFIXES
                                                 or path.name in TEXT_NAMES):
            yield path


def findings(text: str) -> list:
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for what, pattern in FORBIDDEN:
            match = pattern.search(line)
            if match:
                found.append((number, what, match.group(0)))
    return found


def test_no_file_names_the_process_that_built_it():
    problems = []
    for path in text_files():
        for number, what, word in findings(path.read_text(errors="replace")):
            problems.append(f"{path.relative_to(ROOT)}:{number}: {word!r} ({what})")
    assert not problems, "\n".join(problems)


def test_the_patterns_tell_process_words_from_ordinary_ones():
    """The check can fail: each refused form is caught, and the ordinary uses stay allowed."""
    refused = ["measured in wave 5", "Waves 5 and 6 pooled", "other engineers' tests",
               "the lead's run", "as the lead said", "our lead ran it", "ask the coordinator",
               "in a worktree", "docs/closing-notes/x.md", "see /work/main/README.md",
               "cd /home/ana/orrery"]
    allowed = ["a heuristic lead of 8 points", "a bigger lead is a little better",
               "the state they lead to", "the lead of 8 points", "leader of the faction",
               "leading seat", "microwave", "wavelength", "engineering", "/tmp/orrery-metrics",
               "redis://127.0.0.1:6379/0"]
    assert all(findings(line) for line in refused), [l for l in refused if not findings(l)]
    assert not any(findings(line) for line in allowed), [l for l in allowed if findings(l)]
