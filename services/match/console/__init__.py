"""The operator console (/console): what runs, how far behind it is, and any match's log."""
