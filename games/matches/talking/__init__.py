"""Talking in a match: the players' and the spectators' chat rooms, mutes, reports and bars
(``chat``: the rules of who may say what; ``chat_store``: a line's SQL; ``chat_models``)."""
