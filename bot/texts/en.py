"""English texts."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # ------------------------------------------------------------ commands
    "cmd.newgame": "Open a new game in this group",
    "cmd.pass": "Pass your turn (when you cannot move)",
    "cmd.fish": "Is it a fish?",
    "cmd.hand": "Send my hand again",
    "cmd.table": "Show the table again",
    "cmd.score": "The score",
    "cmd.rules": "Rules of a variant",
    "cmd.settings": "Game settings",
    "cmd.cancel": "Cancel the game",
    "cmd.stats": "My statistics",
    "cmd.top": "Leaderboard",
    "cmd.language": "Language: /language ru or en",
    "cmd.help": "How to play",
    "cmd.export": "The game record as a file",
    "cmd.start": "Start the bot",
    # ------------------------------------------------------------ general
    "help": (
        "🁫 Domino bot\n\n"
        "In a group: /newgame [variant] opens a game; players press «Join», "
        "add computer players, and press «Start». Your tiles arrive here, in the "
        "private chat with me, as buttons: press a tile to place it. The group sees the "
        "table as a picture.\n\n"
        "Commands: /pass, /fish, /hand, /table, /score, /rules [variant], /settings, "
        "/cancel, /stats, /top, /language ru|en, /export.\n\n"
        "Variants: {variants}"
    ),
    "start.greeting": (
        "Hello, {name}! I deal dominoes in group chats.\n"
        "Add me to a group and send /newgame there. Your hand will arrive here.\n"
        "/help tells more."
    ),
    "start.joined": "You joined the game ({variant}). Your tiles will arrive here when it starts.",
    "start.already": "You are in the game ({variant}).",
    "start.bad_token": "This link is no longer valid. Press «Join» in the group again.",
    "group_only": "This command works in a group chat.",
    "no_game_here": "There is no game here. Start one with /newgame.",
    "yes": "yes",
    "no": "no",
    # ------------------------------------------------------------ errors
    "err.error": "Something went wrong. Try again.",
    "err.no_game": "There is no such game.",
    "err.not_in_game": "You are not in this game.",
    "err.not_your_turn": "It is not your turn.",
    "err.illegal_move": "That move is not allowed now.",
    "err.lobby_full": "The game is full.",
    "err.already_started": "The game has already started.",
    "err.not_in_lobby": "The game has not started yet.",
    "err.not_allowed": "Only the game's creator or a group admin may do that.",
    "err.stale": "This keyboard is out of date.",
    "err.already_joined": "You are already in the game.",
    "err.not_enough_players": "Not enough players yet.",
    "err.game_exists": "A game is already open here: finish or /cancel it first.",
    "err.bad_settings": "These settings are not possible.",
    "err.game_over": "The game is over.",
    "btn.forged": "This button is not valid.",
    "btn.old_lobby": "This game is closed.",
    # ------------------------------------------------------------ usage
    "usage.newgame": "Unknown variant «{arg}». Use /newgame [variant], one of: {variants}",
    "usage.rules": "Unknown variant «{arg}». Use /rules [variant], one of: {variants}",
    "usage.language": "Use /language ru or /language en. Now: {language}.",
    "usage.no_args": "/{command} takes no arguments.",
    "language.set": "Language: English.",
    "language.name": "English",
    # ------------------------------------------------------------ lobby
    "lobby.title": "🁫 New game: {variant}",
    "lobby.players": "Players ({count}/{max}):",
    "lobby.player": "{number}. {name}",
    "lobby.ai_player": "{number}. 🤖 {name} ({level})",
    "lobby.teams": "Teams: {value}",
    "lobby.target": "Target: {value}",
    "lobby.target_default": "Target: {value} (default)",
    "lobby.fish_point": "Fish point: {value}",
    "lobby.hint": "Press «Join» to play. Needs {min} to {max} players.",
    "lobby.needs_start": "{name}: open {link} and press Start to get your tiles.",
    "lobby.settings_hint": "Choose the variant and house rules, then press «Back».",
    "lobby.cancelled": "🚫 The game was cancelled.",
    "lobby.started": "▶ The game has started.",
    "ai.easy": "easy",
    "ai.medium": "medium",
    "ai.hard": "hard",
    # ------------------------------------------------------------ buttons
    "btn.join": "✋ Join",
    "btn.leave": "🚪 Leave",
    "btn.add_ai": "🤖+ {level}",
    "btn.remove_ai": "🤖−",
    "btn.settings": "⚙ Settings",
    "btn.start": "▶ Start",
    "btn.cancel": "✖ Cancel",
    "btn.back": "⬅ Back",
    "btn.teams": "Teams: {value}",
    "btn.target": "Target {value}",
    "btn.fish_point": "Fish point: {value}",
    "btn.draw": "🂠 Draw",
    "btn.pass": "⏭ Pass",
    "btn.open_hand": "🁢 My tiles",
    # ------------------------------------------------------------ callback answers
    "ans.joined": "You joined.",
    "ans.left": "You left.",
    "ans.ai_added": "Computer player added.",
    "ans.ai_removed": "Computer player removed.",
    "ans.settings": "Settings changed.",
    "ans.started": "Let's play!",
    "ans.cancelled": "Cancelled.",
    "ans.deep_link": "Open the chat with me and press Start to join.",
    "ans.placed": "Placed {tile}.",
    "ans.drew": "You drew {tile}.",
    "ans.passed": "You passed.",
    "ans.no_fit": "{tile} fits no open end.",
    "ans.wait": "Wait for your turn.",
    # ------------------------------------------------------------ hand
    "hand.header": "🁫 {variant} · {name}, seat {seat}",
    "hand.your_turn": "▶ Your turn!",
    "hand.lead": "▶ Your lead: place any marked tile.",
    "hand.turn_of": "Turn: {name}",
    "hand.ends": "Open ends: {ends}",
    "hand.boneyard": "Boneyard: {count}",
    "hand.drew": "You drew {tile}.",
    "hand.must_draw": "No tile fits: draw from the boneyard.",
    "hand.must_pass": "No tile fits and nothing to draw: pass.",
    "hand.over": "The game is over.",
    "hand.round_over": "The round is over.",
    "hand.cancelled": "The game was cancelled.",
    "hand.tiles": "Your tiles: {tiles}",
    "hand.none": "—",
    # ------------------------------------------------------------ table
    "table.header": "🁫 {variant} · round {round}",
    "table.last": "Last: {move}",
    "table.turn": "Turn: {name}",
    "table.score": "Score: {score}",
    "table.over": "🏁 Game over.",
    "table.cancelled": "🚫 Game cancelled.",
    "move.place": "{name} — {tile}{end}",
    "move.points": " (+{points})",
    "move.draw": "{name} draws",
    "move.pass": "{name} passes",
    "label.turn": "Turn",
    "label.boneyard": "Boneyard",
    "label.score": "Score",
    "label.round": "Round",
    # ------------------------------------------------------------ round and game end
    "round.domino": "🁫 Round {round}: {name} is out — domino!",
    "round.fish": "🐟 Round {round}: fish! The last tile was {name}'s.",
    "round.eggs": "🥚 Round {round}: eggs — a tied fish; {carry} carried to the next round.",
    "round.hands": "Hands:",
    "round.hand": "{name}: {tiles} ({pips})",
    "round.points": "Round points: {points}",
    "round.score": "Score: {score}",
    "game.winner": "🏆 Winner: {names}!",
    "game.reason.target": "The target was reached.",
    "game.reason.goat": "{names} became the goat 🐐.",
    "game.reason.rounds": "All rounds are played.",
    "game.reason.four_fives": "Four fives on the ends!",
    "game.started": "▶ {variant}: the game begins. Tiles are in your private chats with me.",
    "notice.no_private": "{name} cannot get the tiles: open {link} and press Start.",
    "notice.blocked": "{name} blocked me and cannot get the tiles: unblock me and press Start.",
    # ------------------------------------------------------------ other commands
    "score.none": "No score yet.",
    "score.title": "Score ({variant}, round {round}):",
    "fish.yes": "🐟 Yes, it is a fish: nobody can move.",
    "fish.no": "Not a fish: {boneyard} in the boneyard; tiles not yet on the table: {unplayed}.",
    "fish.unplayed": "{pip}: {count}",
    "settings.no_lobby": "Settings are chosen in the lobby: open one with /newgame.",
    "stats.none": "No finished games yet.",
    "stats.title": "Statistics of {name}:",
    "stats.line": "{variant}: games {games}, wins {wins}, points {points}, fish {fish}, goats {goats}",  # noqa: E501
    "top.none": "No finished games yet.",
    "top.title": "🏆 Top players:",
    "top.line": "{rank}. {name} — wins {wins} of {games}, points {points}",
    "export.none": "There is no game record here yet.",
    "export.caption": "Game {game_id}: {variant}",
    "cancel.done": "The game was cancelled.",
    # ------------------------------------------------------------ variants
    "variant.telephone": "Telephone",
    "variant.threes": "Threes",
    "variant.kozel": "Kozel (Goat)",
    "variant.all_fives": "All Fives",
    "variant.draw": "Draw",
    "variant.block": "Block",
    "rules.telephone": (
        "Telephone (2 players, or 4 in two teams). Spinner layout: the first double with "
        "tiles on both sides opens north and south. Whenever the open ends add up to a "
        "multiple of 5 you score ends/5. The round's winner scores the others' pips/5 "
        "(rounded up). First side to 51 wins."
    ),
    "rules.threes": (
        "Threes (2-4 players). The first double is a spinner. When three or more open ends "
        "add up to a multiple of 3 you score 6; the first double scores a bonus of 2, 4 or 8. "
        "One round; the most points win."
    ),
    "rules.kozel": (
        "Kozel, the Goat (2-4 players, 4 in two teams). Line layout. Whoever cannot place "
        "draws; the round ends with a domino or a fish. The losers write down their pips "
        "(13 or more). Whoever reaches 101 is the goat and loses."
    ),
    "rules.all_fives": (
        "All Fives (2-4 players). Spinner layout. You score the open ends' total when it is "
        "a multiple of 5; whoever goes out scores the opponents' pips. "
        "Target 150 (or 100, 200, 250)."
    ),
    "rules.draw": (
        "Draw (2-4 players). Line layout, no scoring during play: whoever goes out scores "
        "the opponents' pips. Draw from the boneyard when you cannot place. "
        "Target 100."
    ),
    "rules.block": (
        "Block (2-4 players). Like Draw, but there is no drawing: whoever cannot place "
        "passes. Target 100."
    ),
}
