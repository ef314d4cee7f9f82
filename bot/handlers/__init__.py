"""The handlers of Telegram's updates: commands (by concern: the lobby, the game under
way, information), button presses, membership changes and the post-game review. A
handler decodes an update, calls one service command and shows its report through
the presenter; it may import bot/showing, bot/ui, bot/kinds, bot/transport and the
service, never storage."""
