"""The test suite's mail stack is the product's sandbox server."""

from pbem.sandbox.mailstack import (  # noqa: F401
    MailStack,
    MailStackError,
    available,
    free_port,
    local_part,
    lmtp_deliver,
    make_certificate,
    mailbox_user,
)
