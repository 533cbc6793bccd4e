"""One adapter per puzzle: settings and their widget, searches, verdicts, words, painters."""
