"""Cases in the DATC text format of the jDip and godip test files: reading them (text) and
adjudicating each one's phase (cases), for `pbem adjudicate`."""
