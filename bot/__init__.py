"""The Telegram bot, by concern:

- ``wiring``: the settings, the shared state, and the application with its one table
  of handlers;
- ``handlers``: the updates (commands by concern, button presses, membership, the
  review), each a thin call of the service;
- ``showing``: what is shown and when (the presenter and its parts, the after-move
  pipeline, timers, pings, computer turns, worker processes);
- ``kinds``: each game kind's hand, buttons, picture, text and move words, listed in
  ``kinds.registry``;
- ``ui``: pure words, keyboards, the callback codec, text tables and pictures;
- ``transport``: Telegram's calls, pace, outbox, update order, flood budgets, topics;
- ``texts``: the catalogues of every word a player reads.

A package imports only those after it in this list, with two exceptions: the
shared state (``wiring.state``, kept in ``application.bot_data``) is read by the
handlers and the showing side's jobs, and the turn timers (``showing.timers``) use
the handlers' common checks for their commands.
"""
