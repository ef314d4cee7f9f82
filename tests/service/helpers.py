"""Driving games through the service as players would."""

from __future__ import annotations

from service.bench import play_random as play_some

__all__ = ["play_some"]
