"""One store for every room kind: table games and Werwörter rounds move into `rooms` and `room_commands`.

Revision ID: 0004
Revises: 0003

`rooms` gains `kind` and `ended_at`; its `lobby` becomes the kind's `state`; `host_id` is only set for
online rooms. `room_commands.choice` becomes `payload` (a decision's canonical choice, a device's tap, a
Werwörter decision). The rows of `table_games`/`table_commands` and `ww_rooms`/`ww_commands` are copied
over (a code that is taken already gets a new one) and the old tables are dropped.
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("kind", sa.String(32), nullable=False, server_default="online"))
        batch.add_column(sa.Column("ended_at", sa.Float, nullable=True))
        batch.alter_column("lobby", new_column_name="state", existing_type=sa.JSON, existing_nullable=False)
        batch.alter_column("host_id", existing_type=sa.Integer, nullable=True)
    with op.batch_alter_table("rooms") as batch:
        batch.alter_column("kind", existing_type=sa.String(32), server_default=None)
    with op.batch_alter_table("room_commands") as batch:
        batch.alter_column("choice", new_column_name="payload", existing_type=sa.JSON, existing_nullable=True)
        batch.alter_column("op", existing_type=sa.String(16), type_=sa.String(32), existing_nullable=False)

    connection = op.get_bind()
    taken = {row[0] for row in connection.execute(sa.text("SELECT code FROM rooms"))}
    rooms = _table("rooms", "code", "kind", "status", "host_id", "state", "setup", "timer", "created_at", "updated_at")
    commands = _table("room_commands", "room_code", "seq", "op", "seat", "kind", "payload", "at")
    table_games = _table("table_games", "code", "mode", "status", "lobby", "setup", "timer", "created_at", "updated_at")
    table_commands = _table("table_commands", "game_code", "seq", "op", "seat", "kind", "choice", "at")
    ww_rooms = _table(
        "ww_rooms", "code", "mode", "status", "seats", "settings", "setup", "stage", "created_at", "updated_at"
    )
    ww_commands = _table("ww_commands", "room_code", "seq", "decision", "at")

    def free(code: str) -> str:
        while code in taken:
            code = "".join(secrets.choice(ALPHABET) for _ in range(6))
        taken.add(code)
        return code

    def move(game: sa.RowMapping, kind: str, state: object, timer: object, rows: sa.CursorResult[object]) -> None:
        """Copies one room and its commands (already in the new shape) into `rooms`/`room_commands`."""
        code = free(game["code"])
        connection.execute(
            rooms.insert().values(
                code=code,
                kind=kind,
                status=game["status"],
                host_id=None,
                state=state,
                setup=game["setup"],
                timer=timer,
                created_at=game["created_at"],
                updated_at=game["updated_at"],
            )
        )
        for row in rows.mappings():
            connection.execute(commands.insert().values(room_code=code, **row))

    for game in connection.execute(sa.select(table_games)).mappings().all():
        table_rows = sa.select(
            table_commands.c.seq,
            table_commands.c.op,
            table_commands.c.seat,
            table_commands.c.kind,
            table_commands.c.choice.label("payload"),
            table_commands.c.at,
        )
        rows = connection.execute(table_rows.where(table_commands.c.game_code == game["code"]).order_by("seq"))
        move(game, game["mode"], game["lobby"], game["timer"], rows)
    for game in connection.execute(sa.select(ww_rooms)).mappings().all():
        ww_rows = sa.select(
            ww_commands.c.seq,
            sa.literal("decide").label("op"),
            sa.null().label("seat"),
            sa.null().label("kind"),
            ww_commands.c.decision.label("payload"),
            ww_commands.c.at,
        )
        rows = connection.execute(ww_rows.where(ww_commands.c.room_code == game["code"]).order_by("seq"))
        state = {"mode": game["mode"], "seats": game["seats"], "settings": game["settings"], "stage": game["stage"]}
        move(game, "werwoerter", state, None, rows)
    op.drop_index("ix_table_commands_game_code", "table_commands")
    op.drop_table("table_commands")
    op.drop_table("table_games")
    op.drop_table("ww_commands")
    op.drop_table("ww_rooms")


JSON_COLUMNS = frozenset(
    {"state", "setup", "timer", "payload", "lobby", "choice", "seats", "settings", "stage", "decision"}
)
NUMBER_COLUMNS = {
    "host_id": sa.Integer,
    "seq": sa.Integer,
    "seat": sa.Integer,
    "created_at": sa.Float,
    "updated_at": sa.Float,
    "at": sa.Float,
}


def _table(name: str, *columns: str) -> sa.TableClause:
    """A typed stand-in for a table, so JSON columns are encoded and decoded as the dialect needs."""

    def typed(column: str) -> sa.ColumnClause[object]:
        kind = sa.JSON() if column in JSON_COLUMNS else NUMBER_COLUMNS.get(column, sa.String)()
        return sa.column(column, kind)

    return sa.table(name, *(typed(column) for column in columns))


def downgrade() -> None:
    raise NotImplementedError("the one room store is not split up again")
