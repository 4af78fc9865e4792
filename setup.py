"""Builds the C cores of the computer players in place (``make`` runs it; see the README).

    python setup.py -q build_ext --inplace

Each core is the inner loop of a search whose pure-Python reference sits beside it and is
what the tests compare it with.
"""

import platform

from setuptools import Extension, setup

FLAGS = ["-O3", "-std=c11", "-D_GNU_SOURCE"]
if platform.machine() in ("x86_64", "AMD64"):
    FLAGS.append("-mpopcnt")  # one instruction for the counts the move ordering makes at every node

setup(
    name="boardgames-cores",
    packages=[],  # the site is not installed as a package: only the cores are built, in place
    ext_modules=[
        Extension(
            "games.catalog.connect_four._core",
            ["games/catalog/connect_four/_core.c"],
            extra_compile_args=FLAGS,
        ),
        Extension("games.ai._reversi_core", ["games/ai/_reversi_core.c"], extra_compile_args=FLAGS),
    ],
)
