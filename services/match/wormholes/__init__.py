"""Multi-battle: battle groups of linked tables and the relay that carries fleets between their logs."""
