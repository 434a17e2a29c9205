"""Map rendering: draw a game-neutral board Picture as SVG (archive) or PNG (mail)."""
