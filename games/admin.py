"""Admin: matches (filters, moves inline read-only, abort action). Pure configuration."""

from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html

from games.matches import services
from games.matches.models import Match, Move, Seat
from games.matches.replays import positions


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("seat", "user", "level")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


class MoveInline(admin.TabularInline):
    model = Move
    extra = 0
    fields = ("ply", "seat", "played", "forced", "created_at")
    readonly_fields = fields
    can_delete = False
    ordering = ("ply",)

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description="Move")
    def played(self, move: Move) -> str:
        """The move as the move list writes it, linking to the replay at that ply."""
        # One inline per request: the labels of the match are worked out once for all rows.
        if getattr(self, "_labels_of", None) != move.match_id:
            self._labels = {m["ply"]: m["label"] for m in positions(move.match)[1]}
            self._labels_of = move.match_id
        url = f"{reverse('replay', args=[move.match.replay_slug])}?ply={move.ply}"
        return format_html('<a href="{}">{}</a>', url, self._labels.get(move.ply, move.move))


@admin.action(description="Abort the selected matches")
def abort_matches(modeladmin, request, queryset) -> None:
    aborted = 0
    for match in queryset:
        before = match.status
        services.match_abort(match_id=match.pk, user=request.user, staff=True)
        aborted += before not in (Match.Status.FINISHED, Match.Status.ABORTED)
    modeladmin.message_user(
        request, f"Aborted {aborted} match(es); finished ones were left as they were.", messages.SUCCESS
    )


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "players", "status", "visibility", "ply", "created_at", "finished_at")
    list_filter = ("game", "status", "visibility", "created_at")
    search_fields = ("id", "seats__user__username", "replay_slug")
    date_hierarchy = "created_at"
    readonly_fields = (
        "id",
        "game",
        "options",
        "seed",
        "status",
        "visibility",
        "state",
        "ply",
        "result",
        "created_by",
        "rematch_of",
        "replay_slug",
        "created_at",
        "updated_at",
        "finished_at",
    )
    inlines = [SeatInline, MoveInline]
    actions = [abort_matches]

    def has_add_permission(self, request) -> bool:
        return False

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats__user")

    @admin.display(description="Players")
    def players(self, match: Match) -> str:
        """Everyone seated, in seat order: names, "computer (level)" or "open seat"."""
        seats = sorted(match.seats.all(), key=lambda s: s.seat)
        return ", ".join(
            s.user.username if s.user else f"computer ({s.level})" if s.level else "open seat" for s in seats
        )
