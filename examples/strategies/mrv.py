"""Minimum remaining values for Sudoku: fill the blank cell with the fewest candidate
digits (the first such in reading order), its digits in ascending order: the built-in
"mrv" (without forced cells)."""


def describe():
    """MRV: the cell with the fewest candidates first"""


def cell(position, cells):
    return min(cells, key=position.count)


def digits(position, cell, digits):
    return digits
