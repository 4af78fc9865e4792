"""Admin: matches (filters, moves inline read-only, abort action). Pure configuration."""

from django.contrib import admin, messages

from games.matches import services
from games.matches.models import Match, Move, Seat


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
    fields = ("ply", "seat", "move", "forced", "created_at")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


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
    list_display = ("id", "game", "status", "visibility", "ply", "created_by", "created_at", "finished_at")
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
