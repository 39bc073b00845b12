"""Orrery's services: each a composition root over `shared/`; they never import each other."""
