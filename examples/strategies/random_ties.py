"""Warnsdorff's rule with random tie-breaks: each run's seed gives another order.

``position.random`` is a ``random.Random`` seeded per run, so a run can be repeated.
"""


def describe():
    """Warnsdorff, random tie-break"""


def order(position, candidates):
    shuffled = list(candidates)
    position.random.shuffle(shuffled)
    return sorted(shuffled, key=position.degree)
