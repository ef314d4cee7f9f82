"""Telegram's side of the bot: the calls and their failures (tg.py), the pace of each
chat (limiter.py), the per-chat outbox, the order of updates by game key, the flood
budgets and forum topics. It knows no game's words: what it must know of the games
(which game an update names) is given by bot/wiring."""
