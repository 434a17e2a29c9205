"""The order language's parts: deployment and setup mails, the words of order lines, and standing
reactions that could never fire."""
