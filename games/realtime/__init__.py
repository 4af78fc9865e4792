"""Live play over WebSockets: the match, lobby and event sockets, the messages clients send
(``messages``) and the server sends (``outgoing``), the subscribers that send to them
(``broadcast``, ``lobby_events``, ``events_socket``), and ``outbox``, the one way to the
sockets' loop."""
