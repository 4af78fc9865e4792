"""The import service in-process (the worker runs the same ``import_run``): reports, storage,
failures, retries, and never two imports of one scope at work."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django_tasks_db.models import DBTaskResult

from games.bible import getbible, services
from games.bible.models import ChapterText, Import, Report
from games.bible.tasks import run_import
from games.bible.wordfreq import count_words, top_words
from tests.bible.mirror import verse_texts

pytestmark = pytest.mark.django_db


def start_and_run(**scope) -> Import:
    job = services.import_start(**scope)
    services.import_run(import_id=job.pk)
    job.refresh_from_db()
    return job


def test_start_queues_a_task_after_commit(api, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = services.import_start(translation="akjv", book=1, top_n=5)
    job.refresh_from_db()
    assert job.state == Import.State.QUEUED and api.log == []
    task = DBTaskResult.objects.get(pk=job.task_id)
    assert task.task_path == "games.bible.tasks.run_import" and task.args_kwargs["args"] == [job.pk]
    run_import.call(job.pk)  # what the worker does
    job.refresh_from_db()
    assert job.state == Import.State.DONE


def test_whole_translation_report(api):
    job = start_and_run(translation="akjv", top_n=5)
    assert job.state == Import.State.DONE and job.error == ""
    assert (job.progress_done, job.progress_total, job.unit) == (3, 3, "books")
    assert job.source == Import.Source.DOWNLOAD and job.started_at <= job.finished_at
    report = job.report
    text = " ".join(verse_texts("akjv"))
    counts = count_words(text)
    assert (report.tokens, report.distinct_words, report.chapters) == (sum(counts.values()), len(counts), 6)
    rows = [(w.rank, w.word, w.count) for w in report.words.all()]
    assert rows == [(i, word, n) for i, (word, n) in enumerate(top_words(text, 5).items(), 1)]
    assert rows[0] == (1, "God", 8)
    assert report.scope == "akjv whole Bible" and api.log == ["akjv.json"]


def test_book_and_chapter_reports(api):
    book = start_and_run(translation="kjv", book=8, top_n=3)
    assert (book.progress_done, book.progress_total, book.unit) == (2, 2, "chapters")
    assert book.report.scope == "kjv Ruth" and book.report.chapters == 2
    assert dict(book.report.words.values_list("word", "count")) == top_words(get_text_of("kjv", 8), 3)
    chapter = start_and_run(translation="kjv", book=57, chapter=1, top_n=100)
    assert chapter.report.scope == "kjv Philemon 1"
    assert chapter.report.words.count() == chapter.report.distinct_words  # N beyond the vocabulary


def get_text_of(ver, bk=None, ch=None) -> str:
    return " ".join(verse_texts(ver, bk, ch))


def test_text_is_stored_once_and_reused(api):
    start_and_run(translation="web", book=1)
    assert ChapterText.objects.filter(translation="web").count() == 3
    again = start_and_run(translation="web", book=1, top_n=2)
    assert again.source == Import.Source.STORED and api.log == ["web/1.json"]  # no new download
    chapter = start_and_run(translation="web", book=1, chapter=2)
    assert chapter.source == Import.Source.STORED and api.log == ["web/1.json"]
    assert chapter.report.tokens == sum(count_words(get_text_of("web", 1, 2)).values())
    whole = start_and_run(translation="web", redownload=False)  # not covered: downloads
    assert whole.source == Import.Source.DOWNLOAD and api.log == ["web/1.json", "web.json"]
    forced = start_and_run(translation="web", book=1, redownload=True)
    assert forced.source == Import.Source.DOWNLOAD and api.log[-1] == "web/1.json"
    assert ChapterText.objects.filter(translation="web").count() == 6  # still one row per chapter
    assert Report.objects.count() == 5
    texts = dict(
        ChapterText.objects.filter(translation="web").values_list("chapter", "text").filter(book_nr=1)
    )
    assert texts[1] == get_text_of("web", 1, 1)


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("500", "answered HTTP 500"),
        ("timeout", "No answer within 0.5 s"),
        ("garbage", "is not JSON"),
        ("shape", "Unexpected JSON"),
        ("drop", "Cannot reach the getBible API"),
        ("404", "Not found (HTTP 404)"),
    ],
)
def test_a_failure_leaves_a_message_and_no_report_and_retry_works(api, mode, message):
    api.fail(mode, "kjv")
    job = start_and_run(translation="kjv", top_n=4)
    assert job.state == Import.State.FAILED and message in job.error
    assert job.finished_at is not None and not Report.objects.exists()
    api.heal()
    services.import_retry(import_id=job.pk)
    job.refresh_from_db()
    assert job.state == Import.State.QUEUED and job.error == ""
    services.import_run(import_id=job.pk)
    job.refresh_from_db()
    assert job.state == Import.State.DONE and job.attempts == 2 and job.report.top_n == 4


def test_failure_while_writing_the_report_leaves_no_partial_report(api, monkeypatch):
    from games.bible import models

    def explode(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(models.ReportWord.objects, "bulk_create", explode)
    job = services.import_start(translation="akjv", book=57)
    with pytest.raises(RuntimeError):
        services.import_run(import_id=job.pk)
    job.refresh_from_db()
    assert job.state == Import.State.FAILED and "disk full" in job.error
    assert not Report.objects.exists()


def test_unknown_book_and_chapter_fail_readably(api):
    book = start_and_run(translation="akjv", book=2)
    assert book.state == Import.State.FAILED and book.error.startswith("Not found (HTTP 404): ")
    assert book.error.endswith("/v2/akjv/2.json")
    chapter = start_and_run(translation="akjv", book=1, chapter=50)
    assert chapter.state == Import.State.FAILED and "/v2/akjv/1/50.json" in chapter.error
    # Even once the whole translation is stored, a book it lacks is asked for, and is unknown.
    assert start_and_run(translation="akjv").state == Import.State.DONE
    again = start_and_run(translation="akjv", book=2)
    assert again.state == Import.State.FAILED and again.error.endswith("/v2/akjv/2.json")


def test_one_scope_never_at_work_twice(api):
    first = services.import_start(translation="akjv", book=1)
    with pytest.raises(services.ImportBusy, match=f"Import {first.pk} of akjv Genesis is already queued"):
        services.import_start(translation="akjv", book=1, top_n=20)
    services.import_start(translation="akjv", book=1, chapter=1)  # another scope is fine
    services.import_start(translation="akjv")
    with pytest.raises(services.ImportBusy):
        services.import_start(translation="akjv")
    # The database refuses it too (NULL book and chapter included), whatever the code above does.
    with pytest.raises(IntegrityError), transaction.atomic():
        Import.objects.create(translation="akjv")
    # The task only runs a queued import, once.
    services.import_run(import_id=first.pk)
    first.refresh_from_db()
    finished = first.finished_at
    services.import_run(import_id=first.pk)
    first.refresh_from_db()
    assert first.finished_at == finished and first.attempts == 1 and Report.objects.count() == 1
    services.import_start(translation="akjv", book=1)  # finished: may start again


def test_only_failed_imports_are_retried(api):
    job = start_and_run(translation="akjv", book=8)
    with pytest.raises(ValueError, match="only failed or stalled imports"):
        services.import_retry(import_id=job.pk)
    api.fail("500", "akjv")
    failed = start_and_run(translation="akjv", book=8, chapter=1, redownload=True)
    busy = services.import_start(translation="akjv", book=8, chapter=1)
    with pytest.raises(services.ImportBusy):
        services.import_retry(import_id=failed.pk)
    assert busy.state == Import.State.QUEUED


def test_get_text_and_the_task_agree(api):
    job = start_and_run(translation="web", top_n=10)
    expected = top_words(getbible.get_text("web"), 10)
    assert dict(job.report.words.values_list("word", "count")) == expected


def test_a_stalled_run_may_be_retried_and_the_old_run_writes_nothing(api):
    from datetime import timedelta

    from django.utils import timezone

    job = services.import_start(translation="akjv", book=57)
    # A worker claimed it, then was killed: the import stays "running".
    Import.objects.filter(pk=job.pk).update(state=Import.State.RUNNING, attempts=1, beat_at=timezone.now())
    with pytest.raises(ValueError, match="only failed or stalled imports"):
        services.import_retry(import_id=job.pk)
    long_ago = timezone.now() - timedelta(hours=1)
    Import.objects.filter(pk=job.pk).update(beat_at=long_ago)
    old_run = Import.objects.get(pk=job.pk)
    assert old_run.is_stalled and services.import_retry(import_id=job.pk).state == Import.State.QUEUED
    services.import_run(import_id=job.pk)
    job.refresh_from_db()
    assert job.state == Import.State.DONE and job.attempts == 2 and Report.objects.count() == 1
    # The old run wakes up and finishes: it may not touch the import nor add a report.
    with pytest.raises(services._Superseded):
        services._run(old_run)
    services._fail(old_run, "late")
    job.refresh_from_db()
    assert job.state == Import.State.DONE and job.error == "" and Report.objects.count() == 1
