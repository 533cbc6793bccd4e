"""Warnsdorff's rule (1823): go where the fewest onward moves are left.

Ties go to the first candidate in the search's order (Python's sort keeps it), which is
the built-in "warnsdorff" with tie-break "first".
"""


def describe():
    """Warnsdorff's rule: fewest onward moves first"""


def order(position, candidates):
    return sorted(candidates, key=position.degree)
