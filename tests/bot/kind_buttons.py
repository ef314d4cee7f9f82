"""What the end-to-end tests of every kind with buttons of its own check the same
way: a person's hand message found by its buttons' prefix, no hand buttons in the
group, and forged, stale and off-turn presses each answered and changing nothing."""

from __future__ import annotations

from tests.bot.emulator import Message, User
from tests.bot.harness import Bot


def hand_message(bot: Bot, user: User, prefix: str) -> Message | None:
    """The user's newest private message with the kind's hand buttons (``prefix``:
    the start of their callback data, "mt:")."""
    for m in reversed(bot.emu.bot_messages(user.id)):
        if any(d.startswith(prefix) for d in m.callback_datas()):
            return m
    return None


def no_hand_buttons_in(bot: Bot, group_id: int, prefix: str) -> None:
    for m in bot.emu.bot_messages(group_id):
        assert not any(d.startswith(prefix) for d in m.callback_datas()), m.text


async def check_refusals(bot: Bot, group_id: int, users: list[User], on_turn: User,
                         msg: Message, old: tuple[User, Message, str] | None, prefix: str,
                         nonsense: str) -> list[str]:
    """The other player pressing the on-turn player's button, data of another game,
    data no keyboard makes (``nonsense``, after the game's id) and a keyboard of an
    earlier turn (``old``): each answered, the game's version unchanged. The
    answers."""
    game = await bot.game_in(group_id)
    assert game is not None
    version, gid = game.version, game.game_id
    data = sorted(msg.callback_datas())[0]
    other = next(u for u in users if u is not on_turn)
    other_msg = bot.emu.bot_messages(other.id)[-1]  # his own hand (no buttons now)
    answers = [
        await bot.press(other, other.id, other_msg.message_id, data, forge=True),
        await bot.press(on_turn, on_turn.id, msg.message_id,
                        data.replace(f"{prefix}{gid}:", f"{prefix}{gid + 7}:"), forge=True),
        await bot.press(on_turn, on_turn.id, msg.message_id, f"{prefix}{gid}:{nonsense}",
                        forge=True),
    ]
    if old is not None:
        user, old_msg, old_data = old
        answers.append(await bot.press(user, user.id, old_msg.message_id, old_data,
                                       forge=True))
    assert all(answers), answers
    after = await bot.game_in(group_id)
    assert after is not None and after.version == version
    return [a or "" for a in answers]
