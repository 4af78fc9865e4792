"""Puzzles in the admin: browse them, and start a search for new ones in the background."""

from __future__ import annotations

import random

from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect

from games.catalog.registry import KITS

from .models import Puzzle, PuzzleRating
from .tasks import find_puzzles_task

SEARCH_COUNT = 20  # new puzzles a search started from the admin looks for, per game


@admin.action(description="Find new puzzles (background, every game with puzzles)", permissions=["find"])
def find_puzzles(modeladmin, request, queryset) -> None:
    """Every game's search queued for the task worker (``manage.py find_puzzles`` without ``--ship``):
    stored public matches first, then the computer levels' games."""
    games = [slug for slug, kit in KITS.items() if kit.puzzles is not None]
    for slug in games:
        find_puzzles_task.enqueue(slug, SEARCH_COUNT, random.randrange(1 << 30))
    modeladmin.message_user(
        request,
        f"Looking for up to {SEARCH_COUNT} new puzzles in each of {len(games)} games in the background: "
        "reload this page to see them as they are stored.",
        messages.SUCCESS,
    )


@admin.register(Puzzle)
class PuzzleAdmin(admin.ModelAdmin):
    list_display = (
        "pk",
        "game",
        "result",
        "rounded_rating",
        "tries",
        "solved",
        "themes",
        "source",
        "created_at",
    )
    list_filter = ("game", "result")
    ordering = ("game", "rating")
    readonly_fields = [f.name for f in Puzzle._meta.fields]
    actions = [find_puzzles]
    show_full_result_count = False

    def has_add_permission(self, request) -> bool:
        return False  # found and proved by the solvers only

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_find_permission(self, request) -> bool:
        return request.user.has_perm("puzzles.add_puzzle") or request.user.is_superuser

    @admin.display(description="rating", ordering="rating")
    def rounded_rating(self, row: Puzzle) -> str:
        return f"{row.rating:.0f}"

    def changelist_view(self, request, extra_context=None):
        """The search needs no selection: it runs with none too."""
        posted = request.POST
        if posted.get("action") == "find_puzzles" and not posted.getlist(ACTION_CHECKBOX_NAME):
            if not self.has_find_permission(request):
                raise PermissionDenied
            find_puzzles(self, request, self.get_queryset(request))
            return HttpResponseRedirect(request.get_full_path())
        return super().changelist_view(request, extra_context)


@admin.register(PuzzleRating)
class PuzzleRatingAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "rating", "deviation", "solved", "failed", "best_streak", "updated_at")
    list_filter = ("game",)
    readonly_fields = [f.name for f in PuzzleRating._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
