"""Map files: reading and checking a hex map, and generating a playable one."""
