"""The engines the site plays: one module per game, each a :class:`games.rules.base.Game`
subclass built from the seed's functions in ``games.rules.<game>``, and its ``GAME``."""
