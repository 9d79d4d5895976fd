"""Table games (one device in the middle, or everyone's own device as a guest) and their commands.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_games",
        sa.Column("code", sa.String(8), primary_key=True),
        sa.Column("mode", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("lobby", sa.JSON, nullable=False),
        sa.Column("setup", sa.JSON, nullable=True),
        sa.Column("timer", sa.JSON, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "table_commands",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_code", sa.String(8), sa.ForeignKey("table_games.code", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("op", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("kind", sa.String(64), nullable=True),
        sa.Column("choice", sa.JSON, nullable=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("game_code", "seq"),
    )
    op.create_index("ix_table_commands_game_code", "table_commands", ["game_code"])


def downgrade() -> None:
    op.drop_index("ix_table_commands_game_code", "table_commands")
    op.drop_table("table_commands")
    op.drop_table("table_games")
