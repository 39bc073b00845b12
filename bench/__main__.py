"""`python -m bench [append replay http_load http_single]`: run benches, one JSON line each."""
import importlib
import sys

ALL = ["append", "replay", "http_load", "http_single"]


def main(argv) -> int:
    for name in argv or ALL:
        importlib.import_module(f"bench.{name}").run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
