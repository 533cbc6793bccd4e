"""Sudoku: the puzzle's spec (``SPEC``) over its problem, searches and text layouts."""

from __future__ import annotations
