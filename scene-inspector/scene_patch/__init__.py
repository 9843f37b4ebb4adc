"""patch_scene.py's parts: where an edit applies on the syntax tree, and what it refuses with."""
