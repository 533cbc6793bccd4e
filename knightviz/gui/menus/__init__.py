"""The window's menus that do more than hold actions: one object each."""
