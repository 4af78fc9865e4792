"""Admin: start and watch imports (live progress, retry), read and compare reports. Staff only."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseNotAllowed, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from . import selectors, services
from .forms import ImportForm
from .models import BOOK_NAMES, ChapterText, Import, Report

MEDIA = {"css": {"all": ["bible/admin.css"]}, "js": ["bible/progress.js"]}


def progress_bar(job: Import) -> str:
    """The bar and its label; ``progress.js`` polls ``data-status-url`` while the import is at work."""
    return format_html(
        '<div class="bible-progress" data-bible-import="{}" data-state="{}" data-status-url="{}" title="{}%">'
        '<div class="bible-progress-fill bible-{}" style="width: {}%"></div></div>'
        '<span class="bible-progress-label">{}</span>',
        job.pk,
        job.state,
        reverse("admin:bible_import_status"),
        job.percent,
        job.state,
        job.percent,
        selectors.progress_text(job),
    )


@admin.action(description="Retry the selected failed (or stalled) imports", permissions=["retry"])
def retry_imports(modeladmin, request, queryset) -> None:
    retried = 0
    for job in queryset.retryable():
        try:
            services.import_retry(import_id=job.pk)
            retried += 1
        except services.ImportBusy as exc:
            modeladmin.message_user(request, str(exc), messages.WARNING)
    modeladmin.message_user(request, f"Queued {retried} import(s) again; others were left as they were.")


def _ids(text: str) -> list[int]:
    """The ids of ``?ids=1,2,3``: ASCII digits only ("²".isdigit() is True, int("²") raises)."""
    return [
        int(i)
        for i in (part.strip() for part in text.split(","))
        if i.isascii() and i.isdigit() and len(i) < 19
    ]


@admin.register(Import)
class ImportAdmin(admin.ModelAdmin):
    form = ImportForm
    list_display = (
        "id",
        "scope",
        "top_n",
        "state_badge",
        "progress",
        "duration",
        "report_link",
        "created_at",
    )
    list_display_links = ("id", "scope")
    list_filter = ("state", "translation")
    search_fields = ("translation", "error")
    actions = [retry_imports]
    # The view page: the record; its live state, progress, error and report are in the panel above.
    shown = (
        "translation",
        "book_named",
        "chapter",
        "top_n",
        "redownload",
        "source",
        "attempts",
        "task_id",
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
    )

    class Media:
        css = MEDIA["css"]
        js = MEDIA["js"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is not None:
            kwargs["form"] = forms.ModelForm  # the view page: nothing to edit, no list to download
        return super().get_form(request, obj, change, **kwargs)

    def get_fields(self, request, obj=None):
        return self.shown if obj is not None else ImportForm.Meta.fields

    def get_readonly_fields(self, request, obj=None):
        return self.shown if obj is not None else ()

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # an import is a record; it changes only by running or by "Retry"

    def has_retry_permission(self, request) -> bool:
        return request.user.has_perm("bible.change_import")

    @admin.display(description="book")
    def book_named(self, job: Import) -> str:
        """ "19 Psalms", as the form offered it; "-" for the whole translation."""
        return f"{job.book} {BOOK_NAMES[job.book - 1]}" if job.book else "-"

    @admin.display(description="state", ordering="state")
    def state_badge(self, job: Import) -> str:
        return format_html(
            '<span class="bible-state bible-{}" data-bible-state-of="{}">{}</span>',
            job.state,
            job.pk,
            job.get_state_display(),
        )

    @admin.display(description="progress")
    def progress(self, job: Import) -> str:
        return progress_bar(job)

    @admin.display(description="duration")
    def duration(self, job: Import) -> str:
        return format_html(
            '<span data-bible-duration="{}">{}</span>', job.pk, selectors.duration_text(job) or "-"
        )

    @admin.display(description="report")
    def report_link(self, job: Import) -> str:
        report = getattr(job, "report", None)
        if report is None:
            return "-"
        return format_html(
            '<a href="{}">Report {}</a>', reverse("admin:bible_report_change", args=[report.pk]), report.pk
        )

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("report")

    def save_model(self, request, obj, form, change) -> None:
        try:
            job = services.import_start(
                translation=obj.translation,
                book=obj.book,
                chapter=obj.chapter,
                top_n=obj.top_n,
                redownload=obj.redownload,
                user=request.user,
            )
        except services.ImportBusy as exc:  # lost a race the form's own check could not see
            self.message_user(request, str(exc), messages.ERROR)
            obj.pk = None
            return
        obj.pk = job.pk
        obj.refresh_from_db()

    def log_addition(self, request, obj, message):
        if obj.pk is not None:
            super().log_addition(request, obj, message)

    def response_add(self, request, obj, post_url_continue=None):
        if obj.pk is None:
            return HttpResponseRedirect(reverse("admin:bible_import_changelist"))
        if "_addanother" in request.POST:
            return super().response_add(request, obj, post_url_continue)
        self.message_user(request, f"{obj} is queued: the page below follows its progress.", messages.SUCCESS)
        return HttpResponseRedirect(reverse("admin:bible_import_change", args=[obj.pk]))

    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [
            path("status/", wrap(self.status_view), name="bible_import_status"),
            path("<int:pk>/retry/", wrap(self.retry_view), name="bible_import_retry"),
        ] + super().get_urls()

    def status_view(self, request):
        """JSON status of the imports ``?ids=1,2,3`` (polled by the list and change pages)."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        ids = _ids(request.GET.get("ids", ""))[:200]
        jobs = Import.objects.filter(pk__in=ids).select_related("report")
        return JsonResponse({"imports": [selectors.import_status(job) for job in jobs]})

    def retry_view(self, request, pk: int):
        """The change page's "Retry" button (POST)."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not self.has_retry_permission(request):
            raise PermissionDenied
        job = get_object_or_404(Import, pk=pk)
        try:
            services.import_retry(import_id=job.pk)
            self.message_user(request, f"{job} is queued again.", messages.SUCCESS)
        except (services.ImportBusy, ValueError) as exc:
            self.message_user(request, str(exc), messages.ERROR)
        return HttpResponseRedirect(reverse("admin:bible_import_change", args=[job.pk]))

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            context["bible_status"] = selectors.import_status(obj)
            context["bible_progress"] = progress_bar(obj)
            context["bible_can_retry"] = obj.is_retryable and self.has_retry_permission(request)
        return super().render_change_form(request, context, add, change, form_url, obj)


@admin.action(description="Compare the selected reports side by side")
def compare_reports(modeladmin, request, queryset):
    ids = ",".join(str(pk) for pk in sorted(queryset.values_list("pk", flat=True)))
    return HttpResponseRedirect(reverse("admin:bible_report_compare") + f"?ids={ids}")


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("id", "scope", "top_n", "tokens", "distinct_words", "leaders", "created_at")
    list_filter = ("translation", "top_n")
    search_fields = ("translation", "book_name", "words__word")
    actions = [compare_reports]
    fields = ("translation", "scope", "top_n", "tokens", "distinct_words", "chapters", "run", "created_at")
    readonly_fields = fields

    class Media:
        css = MEDIA["css"]

    def has_add_permission(self, request) -> bool:
        return False  # reports are written by imports only

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # immutable

    @admin.display(description="top words")
    def leaders(self, report: Report) -> str:
        return ", ".join(f"{w.word} {w.count}" for w in list(report.words.all())[:5])

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("words")

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None:
            context["bible_rows"] = selectors.ranked_rows(obj)
        return super().render_change_form(request, context, add, change, form_url, obj)

    def get_urls(self):
        return [
            path("compare/", self.admin_site.admin_view(self.compare_view), name="bible_report_compare"),
        ] + super().get_urls()

    def compare_view(self, request):
        if not self.has_view_permission(request):
            raise PermissionDenied
        ids = _ids(request.GET.get("ids", ""))[:12]
        by_id = {r.pk: r for r in Report.objects.filter(pk__in=ids).prefetch_related("words")}
        reports, rows = selectors.comparison(by_id[pk] for pk in ids if pk in by_id)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "title": "Compare reports",
            "reports": reports,
            "rows": rows,
            "media": self.media,
        }
        return TemplateResponse(request, "admin/bible/report/compare.html", context)


@admin.register(ChapterText)
class ChapterTextAdmin(admin.ModelAdmin):
    list_display = ("translation", "book_nr", "book_name", "chapter", "length", "fetched_at")
    list_filter = ("translation",)
    search_fields = ("book_name", "text")
    readonly_fields = ("translation", "book_nr", "book_name", "chapter", "text", "fetched_at")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # later imports of a covered scope read this text instead of downloading it

    @admin.display(description="characters")
    def length(self, chapter: ChapterText) -> int:
        return len(chapter.text)
