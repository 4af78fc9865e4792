"""Notifications: the bell's list (``Notification``), e-mail for correspondence turns and low
time (``EmailPreferences``, ``tasks``), and the subscriber of ``match_changed`` that writes them
(``receivers``). Models here belong to the ``games`` app (re-exported by ``games.models``)."""
