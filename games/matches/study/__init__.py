"""Study: a finished match analysed by the computer, move by move (``computer_analysis``, run
by the task worker; ``analysis_models``)."""
