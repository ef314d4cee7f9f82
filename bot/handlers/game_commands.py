"""The commands of a game under way: ``/pass``, ``/fish``, ``/hand``, ``/table``,
``/score`` and ``/export``, and text typed to the bot in private (a player is pointed
at his hand)."""

from __future__ import annotations

import json
import time

from telegram import Update
from telegram.constants import ChatType

from bot.handlers.commands import Context, command_env, game_command, no_args
from bot.handlers.common import error_text, game_number, move_refusal, moves_deleted_text
from bot.texts import tr, variant_name
from bot.transport import tg
from bot.ui.formatting import fish_text
from bot.ui.names import seat_name
from bot.ui.result_words import last_result_message, score_message
from bot.wiring.state import get_state
from engine.core.moves import PASS
from engine.domino.record import FORMAT as RECORD_FORMAT
from service import GameInfo, ServiceError
from service.display import parse_table_arg
from service.errors import MovesDeletedError, UnreadableGameError


async def cmd_pass(update: Update, context: Context) -> None:
    found = await game_command(update, context, "pass")
    if found is None:
        return
    env, game = found
    try:
        report = await env.state.service.move(game.game_id, env.user.id, game.version, PASS)
    except ServiceError as exc:
        # in a group nothing of his hand is told: the reason goes to his private chat
        service = env.state.service
        said = await move_refusal(service, env.lang, exc, game.game_id, env.user.id, PASS,
                                  private=env.private)
        await env.say(said)
        if not env.private and said == tr(env.lang, "refuse.pass_group"):
            known = await service.user(env.user.id)
            if known is not None and known.has_private_chat and not known.blocked:
                lang = await env.ui.user_language(env.user.id, user=known)
                env.ui.say(env.user.id, await move_refusal(
                    service, lang, exc, game.game_id, env.user.id, PASS),
                    key=("reply", env.user.id, "pass"), origin=env.update_id)
        return
    env.state.pipeline.after(report)


async def cmd_fish(update: Update, context: Context) -> None:
    found = await game_command(update, context, "fish")
    if found is None:
        return
    env, game = found
    try:
        claim = await env.state.service.claim_fish(game.chat_id, topic=game.topic)
    except ServiceError as exc:
        await env.say(error_text(env.lang, exc))
        return
    await env.say(fish_text(env.lang, claim))


async def cmd_hand(update: Update, context: Context) -> None:
    found = await game_command(update, context, "hand")
    if found is None:
        return
    env, game = found
    seat = game.seat_of(env.user.id)
    if seat is None:
        await env.say(tr(env.lang, "err.not_in_game"))
        return
    env.ui.told_no_hand.discard((game.game_id, env.user.id))
    env.ui.show_hand(game, seat.seat, resend=True)
    if not env.private:  # a hand he can get: the group is told where it went
        known = await env.state.service.user(env.user.id)
        if known is not None and known.has_private_chat and not known.blocked:
            await env.sent_in_private()


async def cmd_table(update: Update, context: Context) -> None:
    env = await command_env(update, context)
    if env is None:
        return
    # /table text sends the table as text once
    as_text = len(env.args) == 1 and parse_table_arg(env.args[0]) == "text"
    if env.args and not as_text:
        await env.say(tr(env.lang, "usage.table"))
        return
    game = await env.state.service.active_game(env.chat_id, topic=env.topic)
    if game is None or game.status != "playing":  # in private: his solo table
        await env.say(tr(env.lang, "no_game_private" if env.private else "no_game_here"))
        return
    if as_text:
        env.ui.show_text_table(game, env.chat_id)
        return
    env.ui.show_table(game, resend=True)


async def cmd_score(update: Update, context: Context) -> None:
    env = await command_env(update, context)
    if env is None or not await no_args(env, "score"):
        return
    game = await env.my_game()
    if game is None or game.view is None:
        service = env.state.service
        last = await (service.last_finished_game(user_id=env.user.id) if env.private
                      else service.last_finished_game(chat_id=env.chat_id, topic=env.topic))
        text = last_result_message(env.lang, last) if last is not None else None
        await env.say(text or tr(env.lang, "score.none"))
        return
    await env.say(score_message(env.lang, game, game.view))


HINT_INTERVAL = 60.0  # seconds between two hints to one user typing in private


_HINTS_KEY = "domino_private_hints"


async def on_private_text(update: Update, context: Context) -> None:
    """Text typed to the bot in private (not a command): a short hint, at most one a
    minute per user, so ten lines typed get one answer. A player of a game under way
    is pointed at his hand instead (his turn, or whose it is), and gets it anew."""
    message, user = update.message, update.effective_user
    if message is None or user is None or message.chat.type != ChatType.PRIVATE:
        return
    hinted: dict[int, float] = context.bot_data.setdefault(_HINTS_KEY, {})
    now = time.monotonic()
    last = hinted.get(user.id)
    if last is not None and now - last < HINT_INTERVAL:
        return
    if len(hinted) > 10_000:  # forget the oldest
        for key in sorted(hinted, key=hinted.__getitem__)[:5_000]:
            del hinted[key]
    hinted[user.id] = now
    state = get_state(context)
    ui = state.presenter
    lang = await ui.user_language(user.id, user.language_code)
    playing = [(game, seat) for game in await state.service.games_of_user(user.id)
               if game.status == "playing" and (seat := game.seat_of(user.id)) is not None]
    if not playing:
        ui.say(message.chat.id, tr(lang, "private.hint"))
        return
    # the game where it is his turn, else his first
    game, seat = next(((g, s) for g, s in playing if g.turn == s.seat), playing[0])
    on_turn = next((s for s in game.seats if s.seat == game.turn), None)
    if on_turn is not None:
        ui.say(message.chat.id, tr(lang, "private.your_turn") if on_turn is seat
               else tr(lang, "private.turn_of", name=seat_name(lang, on_turn)))
    ui.told_no_hand.discard((game.game_id, user.id))
    ui.show_hand(game, seat.seat, resend=True)


EXPORT_HINTS = 5  # in private, the caption names this many of his other games



async def cmd_export(update: Update, context: Context) -> None:
    """The record of a game as a JSON file. Nothing hidden leaves an unfinished game:
    in a group (every member sees the file) it is the public view, whoever asks; in
    private the asker's own view of a game he sat in; a finished game's record is
    complete. ``/export N`` names the game."""
    env = await command_env(update, context)
    if env is None:
        return
    number = game_number(env.args[0]) if len(env.args) == 1 else None
    if env.args and number is None:
        await env.say(tr(env.lang, "usage.export"))
        return
    service = env.state.service
    others: list[GameInfo] = []
    if env.private:
        games = await service.started_games_of_user(env.user.id, limit=EXPORT_HINTS + 1)
        if number is None:
            if not games:
                await env.say(tr(env.lang, "export.none_private"))
                return
            game: GameInfo | None = games[0]
        else:
            try:
                game = await service.game(number)
            except ServiceError:
                game = None
            if game is None or game.seat_of(env.user.id) is None:
                await env.say(tr(env.lang, "export.not_yours", game_id=number))
                return
        assert game is not None
        others = [g for g in games if g.game_id != game.game_id][:EXPORT_HINTS]
        asker: int | None = env.user.id
    else:
        if number is None:
            game = await service.last_game(env.chat_id, topic=env.topic)
        else:
            try:
                game = await service.game(number)
            except ServiceError:
                game = None
            if game is None or game.chat_id != env.chat_id:
                await env.say(tr(env.lang, "export.not_here", game_id=number))
                return
        asker = None  # every member sees the file: nothing hidden, whoever asks
    if game is not None and game.status == "lobby" and number is not None:
        await env.say(tr(env.lang, "export.not_started", game_id=number))
        return
    if game is None or game.status == "lobby":
        await env.say(tr(env.lang, "export.none_private" if env.private else "export.none"))
        return
    try:
        record = await service.record_for(game.game_id, asker)
    except UnreadableGameError:
        await env.say(tr(env.lang, "export.broken", game_id=game.game_id))
        return
    except MovesDeletedError:  # the host's retention deleted its moves
        await env.say(moves_deleted_text(env.lang, "export.moves_deleted",
                                         env.state.settings.retain_moves_days,
                                         game_id=game.game_id))
        return
    except ServiceError:
        await env.say(tr(env.lang, "export.none"))
        return
    complete = record.get("format") == RECORD_FORMAT
    kind = "export.complete" if complete else \
        "export.mine" if record.get("viewer") is not None else "export.public"
    lines = [tr(env.lang, "export.caption", game_id=game.game_id,
                variant=variant_name(env.lang, game.variant)), tr(env.lang, kind)]
    if others:
        lines.append(tr(env.lang, "export.others",
                        games=", ".join(f"/export {g.game_id}" for g in others)))
    data = json.dumps(record, ensure_ascii=False, indent=1).encode()
    name = f"domino-{game.game_id}.json" if complete else f"domino-{game.game_id}-view.json"
    caption = "\n".join(lines)[:1024]

    async def send() -> None:  # in the chat's order: the handler never waits for its pace
        await tg.quietly(context.bot.send_document(
            env.chat_id, data, filename=name, caption=caption, message_thread_id=env.topic),
            "sending the record")

    env.ui.outbox.send(env.chat_id, send, key=("reply", env.user.id, env.command),
                       origin=env.update_id)


__all__ = ["EXPORT_HINTS", "HINT_INTERVAL", "cmd_export", "cmd_fish", "cmd_hand", "cmd_pass",
           "cmd_score", "cmd_table", "on_private_text"]
