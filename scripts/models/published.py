"""Architectures whose data/models/<Arch>/config.json is a checkpoint's published config.

Each entry: ``reference`` (Hugging Face id), ``source`` (where the config text was found:
repository + path), optional ``edits`` (any change made to the published text) and ``notes``.
The config files themselves are stored by hand and never regenerated.
"""

PUBLISHED = {}
