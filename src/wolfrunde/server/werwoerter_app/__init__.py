"""Werwörter in the browser: guest rounds for one device or everyone's own device, a room kind of the one
room core (`server.kinds.werwoerter`).

Here live its parts: the messages a device may send (`messages`), the round's stored state (`state`),
its stages (`stages`), what a device is shown (`payloads`), the narrator's cues (`cues`, `audio`), the
stage lengths (`timings`), guest tokens (`guests`), opening and joining rounds (`rounds`) and its HTTP
routes (`http`).
"""
