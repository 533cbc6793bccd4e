"""Warnsdorff's rule with Roth's tie-break: among squares with the fewest onward moves,
the one farthest from the centre of the board first (the built-in tie-break "roth")."""


def describe():
    """Warnsdorff, ties to the square farthest from the centre (Roth)"""


def order(position, candidates):
    rows, cols = position.rows, position.cols

    def far(square):
        # Squared distance from the centre, doubled to stay in whole numbers.
        dr = 2 * position.row(square) - (rows - 1)
        dc = 2 * position.col(square) - (cols - 1)
        return dr * dr + dc * dc

    return sorted(candidates, key=lambda s: (position.degree(s), -far(s)))
