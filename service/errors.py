"""Typed reasons a service command is refused. Each has a stable ``code`` the bot
maps to a catalog text; none carries UI text."""

from __future__ import annotations


class ServiceError(Exception):
    code = "error"

    def __init__(self, detail: str = "") -> None:
        super().__init__(detail or self.code)
        self.detail = detail


class NoSuchGameError(ServiceError):
    code = "no_game"


class NotInGameError(ServiceError):
    code = "not_in_game"


class NotYourTurnError(ServiceError):
    code = "not_your_turn"


class IllegalMoveError(ServiceError):
    code = "illegal_move"


class LobbyFullError(ServiceError):
    code = "lobby_full"


class AlreadyStartedError(ServiceError):
    code = "already_started"


class NotInLobbyError(ServiceError):
    """The command needs a lobby, and the game is playing or over."""

    code = "not_in_lobby"


class NotAllowedError(ServiceError):
    code = "not_allowed"


class SoloGameError(NotAllowedError):
    """A solo game (one person against the computer, in his private chat) takes no
    other person."""

    code = "solo"


class NotManagerError(NotAllowedError):
    """Only the game's creator or a chat admin may change the lobby's settings, its
    computer players or the group's language. ``creator``: the creator's name (None:
    he is not in the game any more, or there is no game)."""

    code = "not_manager"

    def __init__(self, creator: str | None, detail: str = "") -> None:
        super().__init__(detail or "only the game's creator or a chat admin may do that")
        self.creator = creator


class NotChatAdminError(NotAllowedError):
    """The chat's own settings (turn timers, expiry, display, forced moves, its
    language) are changed by the group's admins only: they bind every game of the
    chat, in every topic."""

    code = "not_chat_admin"


class AdminUnknownError(NotAllowedError):
    """Only an admin may do it, and Telegram could not say whether he is one (its
    getChatMember failed): refused rather than guessed."""

    code = "admin_unknown"


class NotSeatedError(NotAllowedError):
    """He does not sit at the table (a chat admin may still start or cancel it)."""

    code = "not_in_game"


class AgreementNeededError(NotAllowedError):
    """A started game is cancelled by a chat admin or by all its people agreeing:
    a player alone may only ask for it (`GameService.agree_to_cancel`)."""

    code = "agreement_needed"

    def __init__(self, game_id: int, detail: str = "") -> None:
        super().__init__(detail or "all the players must agree to cancel a started game")
        self.game_id = game_id


class NotMemberError(ServiceError):
    """Only members of the group may take a seat in its game (a join link shared
    outside it joins nobody)."""

    code = "not_member"


class StaleCommandError(ServiceError):
    """Issued against an older version of the game (an old keyboard, a double press)."""

    code = "stale"


class AlreadyJoinedError(ServiceError):
    code = "already_joined"


class NotEnoughPlayersError(ServiceError):
    code = "not_enough_players"


class NoPrivateChatError(ServiceError):
    """Start refused: these seated players (``names``, in seat order) have not opened
    the private chat with the bot (or blocked it), so they could not get their tiles."""

    code = "no_private_chat"

    def __init__(self, names: tuple[str, ...], detail: str = "") -> None:
        super().__init__(detail or "players cannot get their tiles: " + ", ".join(names))
        self.names = names


class ActiveGameExistsError(ServiceError):
    code = "game_exists"


class BadSettingsError(ServiceError):
    code = "bad_settings"


class GameOverError(ServiceError):
    code = "game_over"


class NoFishError(ServiceError):
    """/fish in a game whose kind has no blocked rounds (chinese: tricks)."""

    code = "no_fish"


class UnreadableGameError(ServiceError):
    """A stored game that cannot be rebuilt from its moves (set aside as broken): it has
    no record to export and nothing to review."""

    code = "unreadable"


class NoReviewError(ServiceError):
    """A review asked of a game whose kind the computer review does not cover."""

    code = "no_review"


# --- the post-game review
class NotFinishedError(ServiceError):
    """A review asked of a game that is not over (or was cancelled)."""

    code = "not_finished"


class StillSeatedError(ServiceError):
    """``/forget`` while the person sits in a game in its lobby or being played:
    ``status`` says which (``lobby``, ``playing``), ``game_id`` which game."""

    code = "still_seated"

    def __init__(self, status: str, game_id: int, chat_id: int) -> None:
        super().__init__(f"seated in game {game_id} ({status})")
        self.status = status
        self.game_id = game_id
        self.chat_id = chat_id


class MovesDeletedError(ServiceError):
    """The finished game's moves were deleted by the host's retention
    (``RETAIN_MOVES_DAYS``): its record can no longer be built; its result stays."""

    code = "moves_deleted"


class ForgottenSeatError(ServiceError):
    """A rematch of a game one of whose players was forgotten (``/forget``)."""

    code = "forgotten_seat"


class StaleForgetError(ServiceError):
    """A /forget confirmation pressed again: he was forgotten already (since then
    nothing, or only a new contact, is stored)."""

    code = "forget_stale"


class NoTournamentError(ServiceError):
    """No tournament registers or runs in this chat (topic), or not that one."""

    code = "no_tournament"


class TournamentExistsError(ServiceError):
    """The chat (topic) has a tournament registering or running already."""

    code = "tournament_exists"


class TournamentClosedError(ServiceError):
    """The tournament's registration is over (it started, ended or was cancelled)."""

    code = "tournament_closed"


class NotRegisteredError(ServiceError):
    """He is not a player of the tournament (or has withdrawn already)."""

    code = "not_registered"


class TooManyPlayersError(ServiceError):
    code = "tournament_full"


class TeamWaitingError(ServiceError):
    """A team tournament cannot start while a team waits for its partner (``names``:
    who registered each such team)."""

    code = "team_waiting"

    def __init__(self, names: tuple[str, ...]) -> None:
        super().__init__(", ".join(names))
        self.names = names


class TeamFullError(ServiceError):
    """That team has its partner already (or is no team of the tournament)."""

    code = "team_full"
