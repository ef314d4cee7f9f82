"""The bot's side of each game kind (engine/games.py): its hand message and buttons,
its press decoding, its table picture and text, the words of its own moves;
bot/kinds/registry.py lists the kinds. It may import bot/ui, bot/texts, the
service's types, the engine and the renderer; never bot/showing, bot/handlers or
bot/transport."""
