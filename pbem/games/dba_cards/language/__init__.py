"""The order language's parts: the lines of any mail, deployment and setup mails, the words of
order lines, and standing reactions that could never fire."""
