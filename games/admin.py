"""Admin: matches (filters, moves inline read-only, abort action), the computer levels'
ratings (read-only, "measure again" in the background), tournaments, and the notifications
sent (read-only). Pure configuration."""

from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html

from games.autoplay.level_ratings import ANCHOR_LEVEL, ANCHOR_RATING, DEFAULT_GAMES, measurement_start
from games.matches import services
from games.matches.models import LevelMeasurement, LevelRating, Match, Move, Seat
from games.matches.replays import positions
from games.matches.talking import chat
from games.matches.talking.chat_models import ChatBar, ChatLine, ChatReport
from games.notifications.models import Notification
from games.tournaments import services as tournament_services
from games.tournaments.models import Entrant, Tournament


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
    fields = ("ply", "seat", "played", "forced", "takeback", "created_at")  # takeback: taken back by it
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
        # players decide these (a takeback's request and whether the match allows them)
        "takebacks",
        "takeback_offer",
        "takeback_to",
    )
    inlines = [SeatInline, MoveInline]
    actions = [abort_matches]
    # The clock is the server's to keep (the clock watcher reads these): never typed in.
    clock_fields = ("time_control", "clock_ms", "clock_since", "deadline", "clock_low_ply")

    def get_readonly_fields(self, request, obj: Match | None = None) -> tuple[str, ...]:
        """The clock always; ``rated`` once the match has started (its end rates it)."""
        started = obj is not None and obj.status != Match.Status.WAITING
        return (*self.readonly_fields, *self.clock_fields, *(("rated",) if started else ()))

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


@admin.action(description="Measure the levels again (background)", permissions=["measure"])
def measure_levels(modeladmin, request, queryset) -> None:
    """Every game's levels, selected or not (they are rated together): the task worker plays
    ``manage.py rate_levels``' games and stores the new ratings (one measurement at a time)."""
    measurement, started = measurement_start(DEFAULT_GAMES)
    if not started:
        modeladmin.message_user(
            request,
            f"The levels are being measured already (measurement {measurement.pk}, {measurement.status}).",
            messages.WARNING,
        )
        return
    modeladmin.message_user(
        request,
        f"Measuring every game's levels in the background (measurement {measurement.pk}, {DEFAULT_GAMES} "
        f"games per pair of levels, about a minute): reload this page for the new ratings.",
        messages.SUCCESS,
    )


@admin.register(LevelMeasurement)
class LevelMeasurementAdmin(admin.ModelAdmin):
    """Each run of "Measure the levels again": queued, running (its worker alive), done or failed."""

    list_display = ("pk", "status", "games", "attempts", "created_at", "finished_at", "error")
    readonly_fields = ("status", "games", "attempts", "beat_at", "error", "created_at", "finished_at")
    fields = readonly_fields

    def has_add_permission(self, request) -> bool:
        return False  # started by the ratings' action

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(LevelRating)
class LevelRatingAdmin(admin.ModelAdmin):
    list_display = ("game", "level", "rounded_rating", "rounded_deviation", "games", "updated_at")
    list_filter = ("game",)
    ordering = ("game", "rating")
    fields = ("game", "level", "rating", "deviation", "volatility", "games", "updated_at")
    readonly_fields = fields
    actions = [measure_levels]
    show_full_result_count = False  # so the actions are offered with no rows too (the first run)

    def has_add_permission(self, request) -> bool:
        return False  # written by measuring only

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def has_measure_permission(self, request) -> bool:
        return request.user.has_perm("games.change_levelrating")

    @admin.display(description="rating", ordering="rating")
    def rounded_rating(self, row: LevelRating) -> str:
        fixed = f" (the anchor, fixed at {ANCHOR_RATING:.0f})" if row.level == ANCHOR_LEVEL else ""
        return f"{row.rating:.0f}{fixed}"

    @admin.display(description="deviation", ordering="deviation")
    def rounded_deviation(self, row: LevelRating) -> str:
        return f"{row.deviation:.0f}"

    def changelist_view(self, request, extra_context=None):
        """The measuring action needs no selection (it measures every level): it runs with none too."""
        posted = request.POST
        if posted.get("action") == "measure_levels" and not posted.getlist(ACTION_CHECKBOX_NAME):
            if not self.has_measure_permission(request):
                raise PermissionDenied
            measure_levels(self, request, self.get_queryset(request))
            return HttpResponseRedirect(request.get_full_path())
        return super().changelist_view(request, extra_context)


class EntrantInline(admin.TabularInline):
    model = Entrant
    extra = 0
    fields = ("user", "level", "joined_at")
    readonly_fields = fields
    can_delete = False


@admin.action(description="Cancel the selected tournaments (their matches being played are aborted)")
def cancel_tournaments(modeladmin, request, queryset) -> None:
    for tournament in queryset:
        tournament_services.tournament_cancel(tournament_id=tournament.pk, user=request.user, staff=True)
    modeladmin.message_user(request, f"Cancelled {queryset.count()} tournament(s).", messages.SUCCESS)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "format", "status", "round", "rounds", "entry", "starts_at", "created_by")
    list_filter = ("status", "format", "game", "entry")
    search_fields = ("name",)
    readonly_fields = ("status", "round", "rounds", "created_by", "created_at", "finished_at")
    inlines = [EntrantInline]
    actions = [cancel_tournaments]


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    """What the site told whom (support questions: "I never got my turn e-mail")."""

    list_display = ("created_at", "user", "kind", "text", "read_at", "emailed_at")
    list_filter = ("kind", ("read_at", admin.EmptyFieldListFilter))
    search_fields = ("user__username", "text")
    list_select_related = ("user",)
    fields = ("user", "kind", "text", "url", "match", "created_at", "read_at", "emailed_at")
    readonly_fields = fields
    date_hierarchy = "created_at"

    def has_add_permission(self, request) -> bool:
        return False  # written by the site's events only

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class ChatReportInline(admin.TabularInline):
    model = ChatReport
    extra = 0
    fields = ("by", "at")
    readonly_fields = fields
    can_delete = False


@admin.action(description="Hide the selected lines (gone from every history and replay)")
def hide_lines(modeladmin, request, queryset) -> None:
    hidden = chat.chat_hide(line_ids=list(queryset.values_list("pk", flat=True)))
    modeladmin.message_user(request, f"{hidden} lines hidden.")


@admin.register(ChatLine)
class ChatLineAdmin(admin.ModelAdmin):
    """Chat lines, reported ones first to look at: hide them, bar their author (Chat bars)."""

    list_display = ("at", "user", "room", "text", "reported", "hidden", "match")
    list_filter = ("hidden", "room", ("reports", admin.EmptyFieldListFilter))
    search_fields = ("user__username", "text", "match__id")
    list_select_related = ("user",)
    fields = ("match", "room", "user", "text", "at", "hidden")
    readonly_fields = ("match", "room", "user", "text", "at")
    inlines = [ChatReportInline]
    actions = [hide_lines]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(report_count=Count("reports"))

    @admin.display(description="reports", ordering="report_count")
    def reported(self, line: ChatLine) -> int:
        return line.report_count

    def has_add_permission(self, request) -> bool:
        return False  # said by people only


@admin.register(ChatBar)
class ChatBarAdmin(admin.ModelAdmin):
    """Who may not chat until when, and why (the reason is shown to them)."""

    list_display = ("user", "until", "reason", "created_at")
    search_fields = ("user__username", "reason")
    autocomplete_fields = ("user",)
