"""The bare minimum to compare with: a Starlette WebSocket server that sends every message it receives to
every socket of the sender's room (the sender too); a socket that has gone is skipped, as a real server
does. `python bench/bare_broadcast.py PORT`."""

import sys
from collections import defaultdict

import uvicorn
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

rooms: defaultdict[str, set[WebSocket]] = defaultdict(set)


async def room(websocket: WebSocket) -> None:
    await websocket.accept()
    members = rooms[websocket.path_params["code"]]
    members.add(websocket)
    try:
        while True:
            text = await websocket.receive_text()
            for member in list(members):
                try:
                    await member.send_text(text)
                except Exception:  # that member left: the others still get it, the sender stays
                    members.discard(member)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        members.discard(websocket)


async def health(request: object) -> PlainTextResponse:
    return PlainTextResponse("ok")


app = Starlette(routes=[Route("/health", health), WebSocketRoute("/ws/{code}", room)])
if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", backlog=4096)
