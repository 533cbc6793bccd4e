"""The version, in a module of its own: the page and the command line read it without
importing the package's front (which loads the notebook API on demand)."""

__version__ = "0.1.0"
