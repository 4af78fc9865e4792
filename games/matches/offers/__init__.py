"""Offers one player makes and the other answers: a draw (``draws``) and taking moves back
(``takebacks``)."""
