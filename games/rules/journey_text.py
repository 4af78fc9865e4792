"""The console texts of The Journey (the original Java program's ``println`` lines), pure.

Every line here is what the original program prints; ``journey.py`` decides when. A speaker's
line is ``"<name>: <text>"`` (``NPC.talk`` / ``Warrior.talk``); the options line keeps the
original's trailing space.

>>> monster_lines("M1", 12, 40)[0]
'M1: I am the monster M1.  Here is my territory.  My damage power is 12.'
>>> prompt_lines("W0", (3, 4), 40)
['Hi, W0. Your position is (3,4) and health is 40.', "Specify your target position (Input 'x y')."]
"""

from __future__ import annotations

from collections.abc import Sequence

SIZE = 10
WELCOME = "Welcome to Kafustrok. Light blesses you. "
VICTORY = "Congratulations, all the monsters have been killed."
DEFEAT = "Unfortunately, the mission failed and all the warriors died."
CHOICES = ("1. Yes", "2. No")
RULE = "-" * int(SIZE * 5.5)  # the Java loop prints D * 5.5 = 55 hyphens


def talk(name: str, text: str) -> str:
    """A line spoken by ``name``: ``"M0: text"``."""
    return f"{name}: {text}"


def options_lines(speaker: str) -> list[str]:
    """The question's closing lines: the speaker's options line, then ``1. Yes`` / ``2. No``."""
    return [talk(speaker, "You now have following options: "), *CHOICES]


def prompt_lines(warrior: str, pos: Sequence[int], health: int) -> list[str]:
    """The two lines that open a warrior's turn (``Warrior.teleport``)."""
    return [
        f"Hi, {warrior}. Your position is ({pos[0]},{pos[1]}) and health is {health}.",
        "Specify your target position (Input 'x y').",
    ]


def monster_lines(monster: str, power: int, health: int) -> list[str]:
    """A monster introduces itself and asks whether to fight."""
    return [
        talk(monster, f"I am the monster {monster}.  Here is my territory.  My damage power is {power}."),
        talk(monster, f"Your health is {health}."),
        talk(monster, "Do you really want to challenge me?"),
        *options_lines(monster),
    ]


def elf_lines(elf: str, power: int, crystals: int) -> list[str]:
    """An elf introduces itself and offers help."""
    return [
        talk(elf, f"My name is {elf}.  Welcome to my home.  My magic power is {power}."),
        talk(elf, f"Your magic crystal is {crystals}."),
        talk(elf, "Do you need my help?"),
        *options_lines(elf),
    ]


def share_lines(host: str, host_crystals: int, visitor_crystals: int) -> list[str]:
    """Warrior ``host`` greets a visiting warrior and offers to share crystals."""
    return [
        talk(
            host,
            f"Hi, bro. You can call me {host}.  I am very happy to meet you.  "
            f"I have {host_crystals} magic crystals.",
        ),
        talk(host, f"The number of your magic crystals is {visitor_crystals}."),
        talk(host, "Need I share with you some magic crystals?"),
        *options_lines(host),
    ]


def killed_monster(warrior: str, monster: str) -> str:
    return talk(warrior, f"Nice, I have killed the monster {monster}.")


def warrior_killed(warrior: str) -> str:
    return f"Very sorry, {warrior} has been killed."


def elf_thanks(warrior: str, elf: str) -> str:
    return talk(warrior, f"Thanks for your help! {elf}.")


def not_enough_crystals(warrior: str) -> str:
    return talk(warrior, "Very embarrassing, I don't have enough crystals.")


def potion_taken(warrior: str, potion: str) -> str:
    return talk(warrior, f"Very good, I got additional healing potion {potion}.")


def shared_thanks(warrior: str, value: int) -> str:
    return talk(warrior, f"Thanks for your shared {value} crystals.")


def cannot_share(host: str) -> str:
    return talk(host, "Sorry bro, I cannot share magic crystals with you.")


def skipped(warrior: str) -> str:
    """Not in the original: the console line for a turn the platform skipped (absent player)."""
    return f"({warrior} is away: the turn is skipped.)"


def board_lines(grid: Sequence[Sequence[str]]) -> list[str]:
    """``Map.printBoard``: a header of column numbers, then each row between 55-hyphen rules.

    ``grid[x][y]`` is a two-character label or ``""`` for an empty cell.

    >>> grid = [[""] * SIZE for _ in range(SIZE)]
    >>> grid[5][0], grid[5][2] = "P2", "W0"
    >>> lines = board_lines(grid)
    >>> lines[0]
    ' | 0  | 1  | 2  | 3  | 4  | 5  | 6  | 7  | 8  | 9  |'
    >>> lines[12]
    '5| P2 |    | W0 |    |    |    |    |    |    |    |'
    >>> len(lines), len(lines[1]), set(lines[1])
    (22, 55, {'-'})
    """
    lines = [" " + "".join(f"| {i}  " for i in range(len(grid))) + "|", RULE]
    for x, row in enumerate(grid):
        lines.append(f"{x}" + "".join(f"| {cell or '  '} " for cell in row) + "|")
        lines.append(RULE)
    return lines
