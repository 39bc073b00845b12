"""Newaru movement and respawn (rulebook, Movement 3 and Examples 1-4; Setup 9)."""
import random
from dataclasses import replace

from shared.games.exsilium import newaru
from shared.games.exsilium.state import Turn
from shared.games.exsilium.table import Tx
from tests.games.exsilium.helpers import given_play, place

