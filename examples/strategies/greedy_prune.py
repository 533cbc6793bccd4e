"""Pruning: keep only the best candidate (Warnsdorff's pick) and drop the rest.

A search that keeps fewer candidates than it is given may miss solutions: this one
never comes back to try a second square, so where the greedy walk gets stuck there is
no tour, even when one exists. The result says so.
"""


def describe():
    """Warnsdorff's pick only (pruning)"""


def order(position, candidates):
    return sorted(candidates, key=position.degree)[:1]
