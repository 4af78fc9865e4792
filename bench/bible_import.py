"""Importing a whole, full-size Bible from a local getBible mirror takes seconds.

Serves a synthetic translation (66 books, 1,189 chapters, ~31,000 verses, ~800,000 tokens;
``bench/synthetic_bible.py``) on 127.0.0.1 with the tests' mirror, then times:
1. ``get_text("syn")`` (one download of ~7 MB, JSON decoding, joining) and ``top_words`` on it;
2. ``get_text`` book by book (66 requests on one keep-alive session each time: the slow way);
3. the whole task path in this process on a fresh SQLite database: ``services.import_start``
   (enqueues the task) then ``run_import.call`` (download, store 1,189 chapters with progress,
   count, write the report), then the same scope again (read from the stored text);
4. the same through a real ``manage.py db_worker --batch`` process (start-up included).

    .venv/bin/python bench/bible_import.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import synthetic_bible  # noqa: E402

from tests.bible.mirror import Mirror, build_files  # noqa: E402


def timed(fn, repeat: int):
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - started)
    return result, times


def show(label: str, times: list[float]) -> None:
    print(
        f"{label:52} best {min(times):6.3f} s   median {statistics.median(times):6.3f} s   (n={len(times)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    started = time.perf_counter()
    books = synthetic_bible.bible()
    files = build_files({"syn": books}, {"syn": ("Synthetic Bible", "English")})
    chapters = sum(len(chs) for _, _, chs in books)
    verses = sum(len(vs) for _, _, chs in books for vs in chs.values())
    print(
        f"synthetic translation: {len(books)} books, {chapters} chapters, {verses} verses, "
        f"whole file {len(files['syn.json']) / 1e6:.1f} MB (made in {time.perf_counter() - started:.1f} s)"
    )
    mirror = Mirror(files)
    workdir = Path(tempfile.mkdtemp(prefix="bible-bench-"))
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "site_config.settings",
            "SQLITE_PATH": str(workdir / "db.sqlite3"),
            "GETBIBLE_BASE_URL": mirror.base_url,
            "LOG_LEVEL": "ERROR",
        }
    )
    import django

    django.setup()
    from django.core.management import call_command

    from games.bible import getbible, services, wordfreq
    from games.bible.models import ChapterText, Import
    from games.bible.tasks import run_import

    call_command("migrate", verbosity=0)

    text, times = timed(lambda: getbible.get_text("syn"), args.repeat)
    print(f"get_text('syn'): {len(text.split()):,} tokens, {len(text):,} characters")
    show("get_text whole translation (1 request)", times)
    top, times = timed(lambda: wordfreq.top_words(text), args.repeat)
    show("top_words on it", times)
    print(f"  top 10: {top}")

    def by_book() -> str:
        session = getbible.new_session()
        return getbible.join_text(
            c.text for nr in range(1, 67) for c in getbible.get_chapters("syn", nr, session=session)
        )

    joined, times = timed(by_book, args.repeat)
    assert joined == text
    show("get_text book by book (66 requests)", times)

    def task_path(redownload: bool) -> Import:
        job = services.import_start(translation="syn", top_n=10, redownload=redownload)
        run_import.call(job.pk)
        job.refresh_from_db()
        assert job.state == Import.State.DONE, job.error
        return job

    job, times = timed(lambda: task_path(True), 1)
    show("task path, downloading (start + run_import.call)", times)
    assert dict(job.report.words.values_list("word", "count")) == top
    print(
        f"  report: {job.report.tokens:,} words counted, {job.report.distinct_words:,} distinct, "
        f"progress {job.progress_done}/{job.progress_total} {job.unit}, "
        f"{ChapterText.objects.filter(translation='syn').count()} chapters stored"
    )
    _, times = timed(lambda: task_path(False), args.repeat)
    show("task path, from the stored text", times)
    _, times = timed(lambda: task_path(True), args.repeat)
    show("task path, downloading again (upserts)", times)
    assert ChapterText.objects.filter(translation="syn").count() == chapters

    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    worker_times = []
    for _ in range(args.repeat):
        job = services.import_start(translation="syn", redownload=True)
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "manage.py", "db_worker", "--batch", "--no-startup-delay", "--no-reload", "-v0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
        worker_times.append(time.perf_counter() - started)
        job.refresh_from_db()
        assert job.state == Import.State.DONE, job.error
    show("db_worker --batch process, start-up included", worker_times)
    print(f"  last worker import: {job.duration.total_seconds():.3f} s from started_at to finished_at")
    mirror.close()


if __name__ == "__main__":
    main()
