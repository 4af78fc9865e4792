"""Every change to imports and reports goes through these functions (admin, task, tests).

An import runs in the background worker (``tasks.run_import`` calls :func:`import_run`):
it gets the scope's chapters (stored ones, or one download with ``getbible.get_chapters``),
stores each book's chapters as it goes (updating the progress), counts the words with
``wordfreq`` and writes the report, its rows and the final state in one transaction. A failure
marks the import failed with a readable message and leaves no report.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby

from django.db import IntegrityError, transaction
from django.db.models import F
from django.dispatch import Signal
from django.utils import timezone

from games import leases

from . import getbible, wordfreq
from .models import ChapterText, Import, Report, ReportWord, scope_label


class ImportBusy(Exception):
    """Another import of the same scope is queued or running."""


class _Superseded(Exception):
    """This run was given up as stalled and queued again: it must not write anything more."""


# Sent after the commit of an import queued (``import_id``); the task module subscribes and
# hands it to the worker, so the services never import the task that calls them.
import_queued = Signal()


def _enqueue(import_id: int) -> None:
    import_queued.send(sender=Import, import_id=import_id)


def import_start(
    *,
    translation: str,
    book: int | None = None,
    chapter: int | None = None,
    top_n: int = 10,
    redownload: bool = False,
    user=None,
) -> Import:
    """Queue an import; the worker picks it up once this transaction commits."""
    busy = Import.objects.active().of_scope(translation, book, chapter).first()
    if busy is not None:
        raise ImportBusy(f"Import {busy.pk} of {busy.scope} is already {busy.state}.")
    try:
        with transaction.atomic():
            job = Import.objects.create(
                translation=translation,
                book=book,
                chapter=chapter,
                top_n=top_n,
                redownload=redownload,
                created_by=user if user is not None and user.is_authenticated else None,
            )
    except IntegrityError:
        scope = scope_label(translation, book, chapter)
        raise ImportBusy(f"An import of {scope} is already queued or running.") from None
    transaction.on_commit(lambda: _enqueue(job.pk))
    return job


def import_retry(*, import_id: int) -> Import:
    """Queue a failed import again (same scope and N); a new report is written if it succeeds.

    A running import whose worker gave no sign of life for the lease (a killed worker; the
    servers' sweep takes it up by itself too) may be retried; should its old run wake up, it
    can no longer write anything.
    """
    job = Import.objects.get(pk=import_id)
    if not job.is_retryable:
        raise ValueError(f"Import {job.pk} is {job.state}: only failed or stalled imports can be retried.")
    try:
        with transaction.atomic():
            updated = (
                Import.objects.retryable()
                .filter(pk=job.pk)
                .update(
                    state=Import.State.QUEUED,
                    progress_done=0,
                    progress_total=0,
                    error="",
                    source="",
                    started_at=None,
                    finished_at=None,
                    updated_at=timezone.now(),
                )
            )
    except IntegrityError:
        raise ImportBusy(f"Another import of {job.scope} is already queued or running.") from None
    if updated:
        transaction.on_commit(lambda: _enqueue(job.pk))
    job.refresh_from_db()
    return job


def import_run(*, import_id: int) -> None:
    """The task body: run a queued import to its end (done with a report, or failed)."""
    now = timezone.now()
    claimed = Import.objects.filter(pk=import_id, state=Import.State.QUEUED).update(
        state=Import.State.RUNNING, started_at=now, updated_at=now, beat_at=now, attempts=F("attempts") + 1
    )
    if not claimed:
        return  # already run, running elsewhere, or gone: never run twice
    job = Import.objects.get(pk=import_id)
    try:
        with leases.beating(_this_run(job)):  # a download may take minutes between progress
            _run(job)
    except _Superseded:
        pass
    except getbible.GetBibleError as exc:
        _fail(job, str(exc))
    except BaseException as exc:
        _fail(job, f"Internal error: {exc!r}")
        raise


def take_up_lapsed() -> int:
    """(Every server's sweep.) Imports whose worker stopped beating are queued again, or
    fail after three ends (``games.leases``); a report is written once either way."""
    return leases.take_up(
        Import.objects.all(),
        message="The task worker stopped three times during this import.",
        enqueue=_enqueue,
        status="state",
        reset={"progress_done": 0, "progress_total": 0, "source": "", "started_at": None},
    )


def _this_run(job: Import):
    """The import's row while this run still owns it (not given up and queued again since)."""
    return Import.objects.filter(pk=job.pk, state=Import.State.RUNNING, attempts=job.attempts)


def _fail(job: Import, message: str) -> None:
    _this_run(job).update(
        state=Import.State.FAILED, error=message, finished_at=timezone.now(), updated_at=timezone.now()
    )


def _progress(job: Import) -> Callable[[int, int], None]:
    def report(done: int, total: int) -> None:
        if not _this_run(job).update(progress_done=done, progress_total=total, updated_at=timezone.now()):
            raise _Superseded

    return report


def _is_stored(job: Import) -> bool:
    """Was this scope's whole text stored by an earlier import (so no download is needed)?"""
    if (
        job.chapter is not None
        and ChapterText.objects.filter(
            translation=job.translation, book_nr=job.book, chapter=job.chapter
        ).exists()
    ):
        return True
    done = Import.objects.covering(job.translation, job.book, job.chapter).filter(state=Import.State.DONE)
    return done.exists()


def _stored_chapters(job: Import) -> list[getbible.Chapter]:
    rows = ChapterText.objects.filter(translation=job.translation)
    if job.book is not None:
        rows = rows.filter(book_nr=job.book)
    if job.chapter is not None:
        rows = rows.filter(chapter=job.chapter)
    fields = ("book_nr", "book_name", "chapter", "text")
    return [
        getbible.Chapter(nr, name, ch, (text,) if text else ())
        for nr, name, ch, text in rows.values_list(*fields)
    ]


def _store(job: Import, chapters: list[getbible.Chapter], progress: Callable[[int, int], None]) -> None:
    """Store the chapters once each (an upsert: importing a scope again adds no rows), a book
    at a time, counting books (whole translation) or chapters (one book) as progress."""
    groups = [list(group) for _, group in groupby(chapters, key=lambda c: c.book_nr)]
    by_book = job.book is None
    total = len(groups) if by_book else len(chapters)
    done = 0
    progress(done, total)
    now = timezone.now()
    for group in groups:
        ChapterText.objects.bulk_create(
            [
                ChapterText(
                    translation=job.translation,
                    book_nr=c.book_nr,
                    book_name=c.book_name,
                    chapter=c.chapter,
                    text=c.text,
                    fetched_at=now,
                )
                for c in group
            ],
            update_conflicts=True,
            unique_fields=["translation", "book_nr", "chapter"],
            update_fields=["book_name", "text", "fetched_at"],
        )
        done += 1 if by_book else len(group)
        progress(done, total)


def _run(job: Import) -> None:
    progress = _progress(job)
    # A covered scope with no stored chapter (a book the translation lacks) asks the API, which
    # then answers 404 for it.
    chapters = _stored_chapters(job) if not job.redownload and _is_stored(job) else []
    if chapters:
        source = Import.Source.STORED
        total = len({c.book_nr for c in chapters}) if job.book is None else len(chapters)
        progress(total, total)
    else:
        source = Import.Source.DOWNLOAD
        _this_run(job).update(source=source, updated_at=timezone.now())
        chapters = getbible.get_chapters(job.translation, job.book, job.chapter)
        _store(job, chapters, progress)
    if not chapters:
        raise getbible.BadShape(f"The getBible API sent no chapters for {job.scope}.")
    text = getbible.join_text(c.text for c in chapters)
    counts = wordfreq.count_words(text)
    top = wordfreq.rank(counts, job.top_n)
    with transaction.atomic():
        report = Report.objects.create(
            run=job,
            translation=job.translation,
            book=job.book,
            chapter=job.chapter,
            book_name=chapters[0].book_name if job.book is not None else "",
            top_n=job.top_n,
            tokens=sum(counts.values()),
            distinct_words=len(counts),
            chapters=len(chapters),
        )
        ReportWord.objects.bulk_create(
            ReportWord(report=report, rank=rank, word=word, count=count)
            for rank, (word, count) in enumerate(top.items(), start=1)
        )
        finished = _this_run(job).update(
            state=Import.State.DONE,
            source=source,
            error="",
            finished_at=timezone.now(),
            updated_at=timezone.now(),
        )
        if not finished:
            raise _Superseded  # rolls the report back
