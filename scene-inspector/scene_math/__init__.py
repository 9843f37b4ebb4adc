"""check_math.py's parts: the notation it reads, reading a formula, deciding statements and derivation steps."""
