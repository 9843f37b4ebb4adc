"""The scene inspector's parts; inspect_scene.py runs them (docs/scene-inspection.md)."""
