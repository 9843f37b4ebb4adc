"""What a patch refuses with."""


class PatchError(Exception):
    """The edit cannot be applied: the candidate is invalid, with this reason."""
