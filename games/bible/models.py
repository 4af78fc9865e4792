"""Imports, the text they store, and their immutable word-frequency reports.

Invariants live in the database: one stored text per (translation, book, chapter); at most one
queued or running import per scope; one row per rank and per word in a report.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from games import leases

BOOKS = 66
# The usual English names of books 1-66, for labels (reports keep the names the translation gives).
BOOK_NAMES = [
    name.replace("_", " ")
    for name in (
        "Genesis Exodus Leviticus Numbers Deuteronomy Joshua Judges Ruth 1_Samuel 2_Samuel 1_Kings 2_Kings "
        "1_Chronicles 2_Chronicles Ezra Nehemiah Esther Job Psalms Proverbs Ecclesiastes Song_of_Solomon "
        "Isaiah Jeremiah Lamentations Ezekiel Daniel Hosea Joel Amos Obadiah Jonah Micah Nahum Habakkuk "
        "Zephaniah Haggai Zechariah Malachi Matthew Mark Luke John Acts Romans 1_Corinthians 2_Corinthians "
        "Galatians Ephesians Philippians Colossians 1_Thessalonians 2_Thessalonians 1_Timothy 2_Timothy "
        "Titus Philemon Hebrews James 1_Peter 2_Peter 1_John 2_John 3_John Jude Revelation"
    ).split()
]
assert len(BOOK_NAMES) == BOOKS
# How many chapters each book has, the most any usual versification gives it (Joel has 4 in
# the Hebrew count, Esther 16 and Daniel 14 with the Greek additions): a chapter above it is
# refused on the form rather than failing as a 404 of the API.
BOOK_CHAPTERS = [
    50, 40, 27, 36, 34, 24, 21, 4, 31, 24, 22, 25, 29, 36, 10, 13, 16, 42, 150, 31, 12, 8,
    66, 52, 5, 48, 14, 14, 4, 9, 1, 4, 7, 3, 3, 3, 2, 14, 4, 28, 16, 24, 21, 28, 16, 16,
    13, 6, 6, 4, 4, 5, 3, 6, 4, 3, 1, 13, 5, 5, 3, 5, 1, 1, 1, 22,
]  # fmt: skip
assert len(BOOK_CHAPTERS) == BOOKS
# A running import with no sign of life (progress) for this long lost its worker: it may be retried.


def scope_label(translation: str, book: int | None, chapter: int | None, book_name: str = "") -> str:
    """``kjv whole Bible``, ``kjv John``, ``kjv John 3`` (``book_name`` defaults to the English name)."""
    if book is None:
        return f"{translation} whole Bible"
    name = book_name or (BOOK_NAMES[book - 1] if 1 <= book <= BOOKS else f"book {book}")
    return f"{translation} {name}" + ("" if chapter is None else f" {chapter}")


class ChapterText(models.Model):
    """The downloaded text of one chapter (its verses joined with one space), stored once."""

    translation = models.CharField(max_length=32)
    book_nr = models.PositiveSmallIntegerField()
    book_name = models.CharField(max_length=100)
    chapter = models.PositiveSmallIntegerField()
    text = models.TextField()
    fetched_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["translation", "book_nr", "chapter"]
        verbose_name = "stored chapter"
        constraints = [
            models.UniqueConstraint(fields=["translation", "book_nr", "chapter"], name="bible_chapter_once"),
        ]

    def __str__(self) -> str:
        return f"{self.translation} {self.book_name} {self.chapter}"


class ImportQuerySet(models.QuerySet):
    def active(self) -> ImportQuerySet:
        return self.filter(state__in=[Import.State.QUEUED, Import.State.RUNNING])

    def retryable(self) -> ImportQuerySet:
        """Failed imports, and running ones whose worker has not been heard of for the lease
        (``games.leases``: a killed worker)."""
        stalled = Q(state=Import.State.RUNNING, beat_at__lt=leases.lapsed_before())
        return self.filter(Q(state=Import.State.FAILED) | stalled)

    def of_scope(self, translation: str, book: int | None, chapter: int | None) -> ImportQuerySet:
        return self.filter(translation=translation, book=book, chapter=chapter)

    def covering(self, translation: str, book: int | None, chapter: int | None) -> ImportQuerySet:
        """Imports whose scope contains this one (the whole translation, the book, the chapter)."""
        wider = Q(book=None)
        if book is not None:
            wider |= Q(book=book, chapter=None)
            if chapter is not None:
                wider |= Q(book=book, chapter=chapter)
        return self.filter(wider, translation=translation)


class Import(models.Model):
    """One request to download a scope and count its words; it ends with a report or an error."""

    class State(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    class Source(models.TextChoices):
        DOWNLOAD = "download", "downloaded"
        STORED = "stored", "stored text"

    translation = models.CharField(max_length=32)
    book = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(BOOKS)]
    )
    chapter = models.PositiveSmallIntegerField(null=True, blank=True, validators=[MinValueValidator(1)])
    top_n = models.PositiveSmallIntegerField(
        "top N", default=10, validators=[MinValueValidator(1), MaxValueValidator(1000)]
    )
    redownload = models.BooleanField(
        "download again",
        default=False,
        help_text="Download even if the text of this scope is already stored.",
    )
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED, db_index=True)
    source = models.CharField(max_length=10, choices=Source.choices, blank=True)
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    beat_at = models.DateTimeField(null=True, blank=True)  # its worker's last sign of life (games.leases)
    task_id = models.CharField(max_length=64, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = ImportQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(chapter=None) | Q(book__isnull=False), name="bible_chapter_needs_book"
            ),
            models.CheckConstraint(
                condition=Q(progress_done__lte=models.F("progress_total")), name="bible_progress"
            ),
            # Never two imports of one scope at work (NULLs coalesced: they would never clash).
            models.UniqueConstraint(
                "translation",
                Coalesce("book", 0),
                Coalesce("chapter", 0),
                condition=Q(state__in=["queued", "running"]),
                name="bible_one_active_import_per_scope",
            ),
        ]

    def __str__(self) -> str:
        return f"Import {self.pk}: {self.scope}"

    @property
    def scope(self) -> str:
        return scope_label(self.translation, self.book, self.chapter)

    @property
    def unit(self) -> str:
        """What the progress counts: books of a whole translation, chapters of a book."""
        return "books" if self.book is None else "chapters"

    @property
    def percent(self) -> int:
        if self.state == self.State.DONE:
            return 100
        return self.progress_done * 100 // self.progress_total if self.progress_total else 0

    @property
    def duration(self) -> timedelta | None:
        if self.started_at is None:
            return None
        return (self.finished_at or timezone.now()) - self.started_at

    @property
    def is_active(self) -> bool:
        return self.state in (self.State.QUEUED, self.State.RUNNING)

    @property
    def is_stalled(self) -> bool:
        beat = self.beat_at
        return self.state == self.State.RUNNING and beat is not None and beat < leases.lapsed_before()

    @property
    def is_retryable(self) -> bool:
        return self.state == self.State.FAILED or self.is_stalled


class Report(models.Model):
    """The word frequencies of one scope, written once in one transaction and never changed."""

    run = models.OneToOneField(
        Import, null=True, blank=True, on_delete=models.SET_NULL, related_name="report"
    )
    translation = models.CharField(max_length=32)
    book = models.PositiveSmallIntegerField(null=True, blank=True)
    chapter = models.PositiveSmallIntegerField(null=True, blank=True)
    book_name = models.CharField(max_length=100, blank=True)
    top_n = models.PositiveSmallIntegerField("top N")
    tokens = models.PositiveIntegerField(
        "tokens counted",
        help_text="Words counted: tokens left after stripping, stop words and one-letter words.",
    )
    distinct_words = models.PositiveIntegerField()
    chapters = models.PositiveIntegerField(help_text="Chapters of text analysed.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Report {self.pk}: {self.scope} top {self.top_n}"

    @property
    def scope(self) -> str:
        return scope_label(self.translation, self.book, self.chapter, self.book_name)


class ReportWord(models.Model):
    """One ranked row of a report."""

    report = models.ForeignKey(Report, on_delete=models.CASCADE, related_name="words")
    rank = models.PositiveIntegerField()
    word = models.TextField()
    count = models.PositiveIntegerField()

    class Meta:
        ordering = ["report", "rank"]
        constraints = [
            models.UniqueConstraint(fields=["report", "rank"], name="bible_report_rank_once"),
            models.UniqueConstraint(fields=["report", "word"], name="bible_report_word_once"),
            models.CheckConstraint(condition=Q(rank__gte=1), name="bible_rank_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.rank}. {self.word} ({self.count})"
