"""Bot API methods about the bot and chats: getMe, commands, chat info, members,
chat actions and the menu button."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from .errors import bad_request
from .models import Chat, Json, User
from .params import Params
from .polling import UpdateQueue
from .world import World

MAX_COMMANDS = 100
CHAT_ACTIONS = frozenset({
    "typing", "upload_photo", "record_video", "upload_video", "record_voice", "upload_voice",
    "upload_document", "choose_sticker", "find_location", "record_video_note",
    "upload_video_note",
})
_GLOBAL_SCOPES = ("default", "all_private_chats", "all_group_chats", "all_chat_administrators")
_ADMIN_RIGHTS: Json = {
    "can_be_edited": False,
    "is_anonymous": False,
    "can_manage_chat": True,
    "can_delete_messages": True,
    "can_manage_video_chats": True,
    "can_restrict_members": True,
    "can_promote_members": False,
    "can_change_info": True,
    "can_invite_users": True,
    "can_post_stories": False,
    "can_edit_stories": False,
    "can_delete_stories": False,
}

# a restricted member: what he may not do (Telegram lists every right)
_RESTRICTED_RIGHTS: Json = {
    "can_change_info": False, "can_invite_users": False, "can_pin_messages": False,
    "can_send_messages": False, "can_send_polls": False, "can_send_other_messages": False,
    "can_add_web_page_previews": False, "can_manage_topics": False, "can_send_audios": False,
    "can_send_documents": False, "can_send_photos": False, "can_send_videos": False,
    "can_send_video_notes": False, "can_send_voice_notes": False, "can_edit_tag": False,
    "can_react_to_messages": False,
    "until_date": 0,
}

Handler = Callable[[Params], Any]


class ChatMethods:
    """The Bot API methods that do not post messages."""

    def __init__(self, world: World, updates: UpdateQueue) -> None:
        self.world = world
        self.updates = updates

    def handlers(self) -> dict[str, Handler]:
        return {
            "getMe": self.get_me,
            "logOut": lambda p: True,
            "close": lambda p: True,
            "setMyCommands": self.set_commands,
            "getMyCommands": self.get_commands,
            "deleteMyCommands": self.delete_commands,
            "getChat": self.get_chat,
            "getChatMember": self.get_chat_member,
            "getChatAdministrators": self.get_chat_admins,
            "getChatMemberCount": self.get_member_count,
            "sendChatAction": self.send_chat_action,
            "setChatMenuButton": self.set_menu_button,
            "getChatMenuButton": self.get_menu_button,
        }

    # ------------------------------------------------------------------ the bot
    def get_me(self, p: Params) -> Json:
        return self.world.bot.to_api() | {
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }

    # ------------------------------------------------------------------ commands
    def _scope_key(self, p: Params) -> tuple[str, str]:
        scope = p.get_json("scope", "BotCommandScope") or {"type": "default"}
        if not isinstance(scope, dict):
            raise bad_request("can't parse BotCommandScope JSON object")
        kind = scope.get("type")
        lang = p.get("language_code") or ""
        if lang and (len(lang) != 2 or not lang.isalpha()):
            raise bad_request("invalid language code specified")
        if kind in _GLOBAL_SCOPES:
            return str(kind), lang
        if kind in ("chat", "chat_administrators", "chat_member"):
            p.fields = {**p.fields, "chat_id": str(scope.get("chat_id", ""))}
            chat = self.world.target_chat(p)
            if kind == "chat_member":
                uid = scope.get("user_id")
                if chat.is_private or not isinstance(uid, int) or uid not in chat.members:
                    raise bad_request("user not found")
                return f"chat_member:{chat.id}:{uid}", lang
            if kind == "chat_administrators" and chat.is_private:
                raise bad_request("can't use chat_administrators scope in private chats")
            return f"{kind}:{chat.id}", lang
        raise bad_request("wrong BotCommandScope type specified")

    def set_commands(self, p: Params) -> bool:
        commands = p.get_json("commands", "commands")
        if not isinstance(commands, list):
            raise bad_request("commands is empty")
        if len(commands) > MAX_COMMANDS:
            raise bad_request("BOT_COMMANDS_TOO_MUCH")
        clean: list[Json] = []
        for c in commands:
            if not isinstance(c, dict):
                raise bad_request("can't parse BotCommand JSON object")
            name = str(c.get("command", "")).lstrip("/")
            desc = str(c.get("description", ""))
            if not (1 <= len(name) <= 32) or not all(
                ch.islower() or ch.isdigit() or ch == "_" for ch in name
            ) or not name.isascii():
                raise bad_request("BOT_COMMAND_INVALID")
            if not 1 <= len(desc) <= 256:
                raise bad_request("command description is empty" if not desc
                                  else "BOT_COMMAND_DESCRIPTION_INVALID")
            clean.append({"command": name, "description": desc})
        key = self._scope_key(p)
        if clean:
            self.world.commands[key] = clean
        else:
            self.world.commands.pop(key, None)
        return True

    def get_commands(self, p: Params) -> list[Json]:
        return copy.deepcopy(self.world.commands.get(self._scope_key(p), []))

    def delete_commands(self, p: Params) -> bool:
        self.world.commands.pop(self._scope_key(p), None)
        return True

    # ------------------------------------------------------------------ chats and members
    def get_chat(self, p: Params) -> Json:
        chat = self.world.lookup_chat(p)
        return chat.to_api() | {
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": {
                "unlimited_gifts": False,
                "limited_gifts": False,
                "unique_gifts": False,
                "premium_subscription": False,
                "gifts_from_channels": False,
            },
        }

    def _bot_status(self, chat: Chat) -> str:
        if chat.is_private:
            return "member"
        if chat.bot_kicked:
            return "kicked"
        if not chat.bot_member:
            return "left"
        return "administrator" if chat.bot_admin else "member"

    def _user_status(self, chat: Chat, uid: int) -> str:
        if chat.is_private:
            return "member" if uid == chat.id else "left"
        if uid in chat.banned:
            return "kicked"
        if uid in chat.restricted:
            return "restricted"
        if uid not in chat.members:
            return "left"
        if uid == chat.owner_id:
            return "creator"
        return "administrator" if uid in chat.admins else "member"

    def member_json(self, chat: Chat, uid: int) -> Json:
        user: User
        if uid == self.world.bot.id:
            user, status = self.world.bot, self._bot_status(chat)
        else:
            found = self.world.users.get(uid)
            if found is None:
                raise bad_request("user not found")
            user, status = found, self._user_status(chat, uid)
        out: Json = {"status": status, "user": user.to_api()}
        if status == "creator":
            out["is_anonymous"] = False
        elif status == "administrator":
            out |= _ADMIN_RIGHTS
        elif status == "kicked":
            out["until_date"] = 0
        elif status == "restricted":
            out |= _RESTRICTED_RIGHTS | {"is_member": uid in chat.members}
        return out

    def get_chat_member(self, p: Params) -> Json:
        chat = self.world.lookup_chat(p)
        return self.member_json(chat, p.req_int("user_id"))

    def get_chat_admins(self, p: Params) -> list[Json]:
        chat = self.world.lookup_chat(p)
        if chat.is_private:
            raise bad_request("there are no administrators in the private chat")
        ids = sorted(chat.admins & chat.members)
        if chat.owner_id in ids:
            ids.remove(chat.owner_id)
            ids.insert(0, chat.owner_id)
        out = [self.member_json(chat, uid) for uid in ids]
        if chat.bot_admin:
            out.append(self.member_json(chat, self.world.bot.id))
        return out

    def get_member_count(self, p: Params) -> int:
        chat = self.world.lookup_chat(p)
        return 2 if chat.is_private else len(chat.members) + int(chat.bot_member)

    def send_chat_action(self, p: Params) -> bool:
        chat = self.world.target_chat(p)
        action = p.req_str("action")
        if action not in CHAT_ACTIONS:
            raise bad_request("wrong parameter action in request")
        self.world.chat_actions.append((chat.id, action))
        return True

    def set_menu_button(self, p: Params) -> bool:
        button = p.get_json("menu_button", "menu button") or {"type": "default"}
        if p.has("chat_id"):
            self.world.target_chat(p).menu_button = button
        else:
            self.world.default_menu = button
        return True

    def get_menu_button(self, p: Params) -> Json:
        if p.has("chat_id"):
            return self.world.target_chat(p).menu_button or {"type": "default"}
        return self.world.default_menu
