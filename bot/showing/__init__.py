"""What the bot shows and when: the presenter and its parts (lobby, hands, table,
round results, restoring after a restart), the after-move pipeline, the turn timers,
pings and computer-player jobs, and the worker processes. It may import bot/ui,
bot/kinds, bot/transport, bot/texts, the service and the engine; never bot/handlers'
commands or bot/wiring's app."""
