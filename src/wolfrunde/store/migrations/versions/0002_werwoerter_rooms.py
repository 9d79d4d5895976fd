"""Werwörter rooms (guests, no accounts) and their stored commands.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ww_rooms",
        sa.Column("code", sa.String(8), primary_key=True),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("setup", sa.JSON, nullable=True),
        sa.Column("stage", sa.JSON, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "ww_commands",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room_code", sa.String(8), sa.ForeignKey("ww_rooms.code", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("decision", sa.JSON, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("room_code", "seq"),
    )


def downgrade() -> None:
    op.drop_table("ww_commands")
    op.drop_table("ww_rooms")
