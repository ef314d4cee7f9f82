"""Where the bot is put together: the settings (config.py), the state the handlers
share (state.py), what the update processor must know of the games
(update_games.py), and the application with its one table of handlers (app.py). Only
bot/__main__.py and the tests import app.py; state.py is read by the handlers and the
showing side's jobs."""
