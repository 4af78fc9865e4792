"""The Journey: the kit. Played together or against each other by two to four people (or the
random computer); never analysed, judged or pooled."""

from games.catalog.kit import GameKit

from .diagrams import diagrams
from .engine import GAME

KIT = GameKit(game=GAME, diagrams=diagrams)
