"""Bots: they see only a seat's view and the legal actions."""
