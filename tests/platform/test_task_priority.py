"""The task worker takes a turn's e-mail before the long tasks waiting (issue 50, finding 6f:
a turn e-mail came over a minute late behind analyses). In-process, with the real worker
(``db_worker --batch --max-tasks 1``) on the database queue and a real SMTP server on
loopback: a match's computer analysis is queued first, a correspondence turn's e-mail after
it; the worker's one task is the e-mail."""

from __future__ import annotations

import pytest
from aiosmtpd.controller import Controller
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from accounts import addresses
from games.matches import services
from games.matches.study.analysis_models import MatchAnalysis
from games.matches.study.computer_analysis import analysis_request
from games.notifications.models import Notification
from tests.support.mail import Inbox
from tests.support.server import free_port

from .conftest import make_user
from .test_computer_analysis import played_out

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def inbox(settings):
    """A real SMTP server on loopback that the site's mail goes to."""
    box = Inbox()
    smtp = Controller(box, hostname="127.0.0.1", port=free_port())
    smtp.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", smtp.port
    settings.SITE_URL = "https://games.example.org"
    yield box
    smtp.stop()


def test_a_turn_email_queued_after_an_analysis_is_sent_first(inbox):
    match, _ = played_out(3)
    analysis, asked = analysis_request(slug=match.replay_slug)
    assert asked and analysis.status == MatchAnalysis.Status.QUEUED

    alice, bob = make_user("alice", email="alice@example.org"), make_user("bob", email="bob@example.org")
    for user in (alice, bob):
        addresses.confirm(user=user)
    correspondence = services.match_create(
        user=alice, game="reversi", options={"size": 4}, opponent="invite", side=0, clock={"days": 3}
    )
    services.match_join(match_id=correspondence.pk, user=bob)  # alice's turn: her e-mail queued
    queued = list(DBTaskResult.objects.filter(status="READY").order_by("enqueued_at"))
    assert [t.task_path.rsplit(".", 1)[1] for t in queued] == ["analyse_match_task", "send_email"]

    call_command("db_worker", batch=True, interval=0, max_tasks=1, verbosity=0)

    (sent,) = inbox.wait("alice@example.org", 1)
    assert sent["Subject"] == "Your turn in Reversi vs bob"
    assert Notification.objects.get(user=alice, kind=Notification.Kind.TURN).emailed_at is not None
    analysis.refresh_from_db()
    assert analysis.status == MatchAnalysis.Status.QUEUED  # still waiting: the next task
