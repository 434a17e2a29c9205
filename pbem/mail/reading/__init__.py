"""Reading player mail: MIME parts, the body text, quotes and signatures cut, HTML made text,
auto-replies and bounces told apart, and the mail command on the first line."""
