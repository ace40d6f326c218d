"""fixed seeds shown to everyone; the client address behind each table and seat (limits)

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
    # tables stored before this revision were seeded by their creator or at random: call
    # them fixed, since nobody can tell which (their next match is seeded afresh either way)
    op.add_column(
        "tables",
        sa.Column("fixed_seed", sa.Boolean, nullable=False, server_default=sa.true()),
    )
    op.add_column("tables", sa.Column("creator", sa.String(32), nullable=True))
    op.add_column("seats", sa.Column("address", sa.String(32), nullable=True))


def downgrade() -> None:
    op.drop_column("seats", "address")
    op.drop_column("tables", "creator")
    op.drop_column("tables", "fixed_seed")
