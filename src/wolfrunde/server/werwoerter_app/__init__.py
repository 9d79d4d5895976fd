"""Werwörter in the browser: guest rooms for one device or everyone's own device, served by `wolfrunde serve`.

`routes()` gives the HTTP and WebSocket routes; `Registry` owns the rooms (one asyncio task each).
"""

from wolfrunde.server.werwoerter_app.registry import Registry
from wolfrunde.server.werwoerter_app.routes import routes

__all__ = ["Registry", "routes"]
