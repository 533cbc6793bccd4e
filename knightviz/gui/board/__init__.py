"""The board: pure geometry, paint layers with their own caches, the model, the widget."""

from knightviz.gui.board.model import BoardModel
from knightviz.gui.board.widget import BoardWidget

__all__ = ["BoardModel", "BoardWidget"]
