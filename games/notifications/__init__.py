"""Notifications: the bell's list (``Notification``), e-mail for correspondence turns and low
time (``EmailPreferences``, ``tasks``), and the subscribers of the domain's events that write
them (``receivers``, ``low_time``); new ones are announced as ``events.Notified``. Models here
belong to the ``games`` app (re-exported by ``games.models``)."""
