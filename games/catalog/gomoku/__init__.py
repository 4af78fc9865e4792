"""Gomoku and the m,n,k-games."""
