"""Live play over WebSockets: the match consumer, the client messages it accepts, and the
broadcast of every new state to a match's sockets (a subscriber of ``match_changed``); the
lobby socket and its hints (``lobby``, ``lobby_events``, another subscriber)."""
