"""What the admin pages read: an import's live status, a report's rows with bar widths."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import zip_longest

from .models import Import, Report


def duration_text(job: Import) -> str:
    duration = job.duration
    if duration is None:
        return ""
    seconds = duration.total_seconds()
    return f"{seconds:.1f} s" if seconds < 120 else f"{int(seconds // 60)} min {int(seconds % 60)} s"


def progress_text(job: Import) -> str:
    if job.state == Import.State.QUEUED:
        return "waiting for a worker"
    if job.state == Import.State.RUNNING and not job.progress_total:
        return "downloading..."
    done = f"{job.progress_done} of {job.progress_total} {job.unit}"
    if job.state == Import.State.FAILED:
        return f"failed after {done}" if job.progress_total else "failed"
    return done


def import_status(job: Import) -> dict:
    """The JSON the admin pages poll while an import is queued or running."""
    report = getattr(job, "report", None) if job.state == Import.State.DONE else None
    return {
        "id": job.pk,
        "state": job.state,
        "active": job.is_active,
        "done": job.progress_done,
        "total": job.progress_total,
        "unit": job.unit,
        "percent": job.percent,
        "label": progress_text(job),
        "duration": duration_text(job),
        "error": job.error,
        "report": report.pk if report else None,
    }


def ranked_rows(report: Report) -> list[dict]:
    """The report's rows, each with its bar width in percent of the top count."""
    words = list(report.words.all())
    top = words[0].count if words else 1
    return [
        {"rank": w.rank, "word": w.word, "count": w.count, "width": round(w.count * 100 / top, 1)}
        for w in words
    ]


def comparison(reports: Iterable[Report]) -> tuple[list[Report], list[list[dict | None]]]:
    """Reports side by side: one row per rank, one cell per report (None past its N)."""
    reports = list(reports)
    columns = [ranked_rows(report) for report in reports]
    return reports, [list(row) for row in zip_longest(*columns)]
