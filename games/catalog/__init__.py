"""The games the site offers: one folder per game, and what the platform asks of a game.

A game's folder (``games/catalog/<slug>/``) holds all of that game:

- ``kit.py``: ``KIT``, the one page to read (``games.catalog.kit.GameKit``): its engine, its
  computer levels, judgement, analysis, rules-page diagrams and pools;
- ``engine.py``: ``GAME``, the rules the site plays (a ``games.rules.base.Game``, pure Python),
  built on the seed's functions where the game has a seed (``games/rules/<slug>.py``, the
  address ``games.md`` gives them);
- its computer players, searches and data; ``diagrams.py``;
- ``rules.html``, the rules page; ``static/``, served at ``/static/games/<slug>/``:
  ``render.js`` (the board) and ``thumb.svg`` (the lobby's picture).

``registry`` lists the kits, one line a game. The platform reads games through it and the
modules here (``computer``: levels and moves; ``judge``: draw offers; ``analysis`` and
``review``), never by a game's name. Code shared by a family stays shared (the Reversi
family's search is ``games.ai``), and the family's kits say so.
"""
