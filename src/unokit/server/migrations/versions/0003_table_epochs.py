"""each table's epoch: the fencing token of the process that owns it

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
    op.add_column(
        "tables", sa.Column("epoch", sa.Integer, nullable=False, server_default=sa.text("0"))
    )


def downgrade() -> None:
    op.drop_column("tables", "epoch")
