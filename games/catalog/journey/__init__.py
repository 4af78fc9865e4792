"""The Journey: everything of the game in one folder; ``kit.py`` says what it provides."""
