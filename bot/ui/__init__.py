"""Values in, text and buttons out: the words of moves, results, lobbies and hands,
the keyboards and the callback codec, text tables, pictures and rating words. Pure:
it may import bot/texts, the service's types, the engine and the renderer; nothing
of Telegram but its keyboard types, no I/O."""
