"""Invitations into an online room's lobby, so that any server process can list an account's pending
invitations.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "invites",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room_code", sa.String(8), sa.ForeignKey("rooms.code", ondelete="CASCADE"), nullable=False),
        sa.Column("inviter_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("invitee_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("room_code", "invitee_id"),
    )
    op.create_index("ix_invites_invitee_id", "invites", ["invitee_id"])


def downgrade() -> None:
    op.drop_index("ix_invites_invitee_id", table_name="invites")
    op.drop_table("invites")
