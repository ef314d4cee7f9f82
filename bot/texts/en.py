"""English texts."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # ------------------------------------------------------------ commands
    "cmd.newgame": "Open a new game in this group",
    "cmd.pass": "Pass your turn (when you cannot move)",
    "cmd.fish": "Is it a fish?",
    "cmd.hand": "Send my hand again",
    "cmd.table": "Show the table again",
    "cmd.score": "The score, or the last game's result",
    "cmd.rules": "Rules of the variants",
    "cmd.settings": "Game settings",
    "cmd.cancel": "Cancel the game",
    "cmd.stats": "My statistics",
    "cmd.top": "Rating leaderboard",
    "cmd.language": "Language: /language ru or en",
    "cmd.help": "How to play",
    "cmd.export": "The game record as a file",
    "cmd.start": "Start the bot",
    # ------------------------------------------------------------ general
    "help": (
        "🁫 Domino bot: dominoes for group chats.\n"
        "In a group, /newgame [variant] opens a game: press «Join», then «Start».\n"
        "Your tiles come to your private chat with me, as buttons: tap one to place it.\n"
        "Here in private, /newgame [variant] is a game against the computer.\n"
        "/hand sends your hand again; /table and /score show the table and the score.\n"
        "/cancel cancels a game; /stats and /top: your statistics and the ratings.\n"
        "The buttons below: the rules of every variant, the settings, all commands."
    ),
    "start.greeting": (
        "Hello, {name}! I deal dominoes in group chats, and here against the computer.\n"
        "Add me to a group and send /newgame there: your hand will arrive here. Or play "
        "here now: the button below, or /newgame with a game's name (/rules lists them).\n"
        "/help tells more."
    ),
    "start.joined": "You joined the game ({variant}). Your tiles will arrive here when it starts.",
    "start.already": "You are in the game ({variant}).",
    "start.bad_token": "This link is no longer valid. Press «Join» in the group again.",
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
    "err.stale": "These buttons are out of date.",
    "err.already_joined": "You are already in the game.",
    "err.not_enough_players": "Not enough players yet.",
    "err.game_exists": "A game is already open here: finish or /cancel it first.",
    "err.bad_settings": "These settings are not possible.",
    "err.game_over": "The game is over.",
    "err.no_fish": "There is no fish in this game: every round ends with its last trick.",
    "err.unreadable": "This game could not be restored after a restart, so it cannot be shown.",
    "err.no_review": ("The computer review covers the games played on a line of tiles; "
                      "not this one."),
    "btn.forged": "This button is not valid.",
    # budgets: what a flood of commands or presses gets (once, then nothing)
    "flood.slow": "⏳ {name}, that is a lot of commands at once: wait a minute, please.",
    "flood.chat": "⏳ Too many commands in this chat at once: I answer again in a minute.",
    "flood.press": "⏳ Too many presses: wait a few seconds.",
    "flood.busy": "⏳ The table is busy: press again in a moment.",
    "btn.old_lobby": "This game is closed.",
    # ------------------------------------------------------------ usage
    "usage.newgame": (
        "Unknown variant «{arg}». Did you mean:\n"
        "{variants}\n"
        "All the variants: /rules."
    ),
    "usage.rules": (
        "Unknown variant «{arg}». Did you mean:\n"
        "{variants}\n"
        "All the variants: /rules."
    ),
    "usage.language": "Use /language ru or /language en. Now: {language}.",
    "usage.no_args": "/{command} takes no arguments.",
    "language.set": "Language: English.",
    "language.name": "English",
    # ------------------------------------------------------------ lobby
    "lobby.title": "🁫 New game: {variant}",
    "lobby.players": "Players ({count}/{max}):",
    "lobby.player": "{number}. {name}",
    "lobby.ai_player": "{number}. {name} ({level})",
    "lobby.teams": "Teams: {value}",
    "lobby.target": "Target: {value}",
    "lobby.target_default": "Target: {value} (default)",
    "lobby.fish_point": "Fish point: {value}",
    "lobby.hint": "Press «Join» to play. Needs {min} to {max} players.",
    "lobby.solo_hint": ("You against the computer: add or remove computer players ({min} to "
                        "{max} at the table), then «Start». Your tiles are the buttons under "
                        "the table."),
    "lobby.needs_start": "🔓 Before the start, {names}: open the private chat with me "
                         "(the button below) and press «Start» there to get your tiles.",
    "lobby.cancelled": "🚫 The game was cancelled.",
    "lobby.started": "▶ The game has started.",
    "lobby.started_by": (
        "▶ The game has started: {name} leads. The table appears with the first tile."
    ),
    "lobby.commitment": (
        "🔒 deal {commitment}: the fingerprint of this game's secret, shown before the"
        " first tile; the finished game's /export holds the secret"
    ),
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
    "btn.play_solo": "🤖 Play against the computer",
    "solo.exists": ("You already have a game against the computer here: play it on, or "
                    "/cancel it first."),
    "err.solo": "This is a game against the computer: nobody else can sit at it.",
    "btn.cancel": "✖ Cancel",
    "btn.teams": "Teams: {value}",
    "btn.target": "Target: {value}",
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
    "ans.deep_link": "Open the chat with me and press «Start» to join.",
    "ans.placed": "Placed {tile}.",
    "ans.drew": "You drew {tile}.",
    "ans.passed": "You passed.",
    "ans.no_fit": "{tile} fits no open end.",
    "ans.wait": "Wait for your turn.",
    # ------------------------------------------------------------ hand
    "hand.header": "🁫 {variant} · {name}, seat {seat}",
    "hand.your_turn": "▶ Your turn!",
    "hand.lead": "▶ Your lead. {rule}",
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
    "round.eggs": "🥚 Round {round}: eggs — a fish with the lowest hands tied.",
    "round.hands": "Hands:",
    "round.hand": "{name}: {tiles} ({pips})",
    "round.points": "Round points: {points}",
    "round.score": "Score: {score}",
    "game.winner": "🏆 Winner: {names}!",
    "game.reason.target": "The target score was reached.",
    "game.reason.goat": "{names} became the goat 🐐.",
    "game.reason.rounds": "All rounds have been played.",
    "game.reason.four_fives": "Four fives on the ends!",
    "game.started": "▶ {variant}: the game begins. Tiles are in your private chats with me.",
    "notice.no_private": "{name} cannot get the tiles: open {link} and press «Start».",
    "notice.blocked": (
        "{name} blocked me and cannot get the tiles: unblock me and press «Start»."
    ),
    # ------------------------------------------------------------ other commands
    "score.none": "No score yet.",
    "score.title": "Score ({variant}, round {round}):",
    "fish.yes": "🐟 Yes, it is a fish: nobody can move.",
    "fish.no": "Not a fish yet: {boneyard} still in the boneyard.",
    "fish.unplayed": "{tiles} with a {pip}",
    "settings.no_lobby": "Settings are chosen in the lobby: open one with /newgame.",
    "stats.none": "No finished games yet.",
    "stats.title": "{name}'s statistics:",
    "stats.line": "{variant}: {games}, {wins}, {points}, {fish}, {goats}",
    "stats.solo": ("🤖 Of these, alone against the computer: {games}, {wins}. Your ratings "
                   "count them as any game: each computer level is a rated player."),
    "export.none": "There is no game record here yet.",
    "export.caption": "Game {game_id}: {variant}",
    "cancel.done": "The game was cancelled.",
    # ============================================================ turn timers
    "cmd.back": "Take your seat back from the computer",
    "err.bad_timer_setting": "I do not understand this setting; nothing was changed.",
    "timer.unit.s": "{n} s",
    "timer.unit.m": "{n} min",
    "timer.unit.h": "{n} h",
    "timer.unit.d": "{n} d",
    "timer.off": "off",
    "timer.timeout.skip": (
        "the forced move only (when there is a choice, an easy computer's move)"
    ),
    "timer.timeout.ai": "a computer player moves",
    "timer.summary": (
        "⏱ Timers of this group\n"
        "Time per turn: {turn}\n"
        "On a time-out: {timeout}\n"
        "A computer takes the seat: {takeover}\n"
        "A lobby that never starts closes after: {lobby}\n"
        "A game without moves closes after: {idle}\n"
        "A forced pass or draw plays itself: {forced}\n\n"
        "A chat admin changes them:\n"
        "/settings turn 30s|1m|2m|5m|1h|24h|off\n"
        "/settings timeout skip|ai\n"
        "/settings takeover 1-10|off\n"
        "/settings lobby 24h|off · /settings idle 7d|off\n"
        "/settings forced on|off"
    ),
    "timer.bad": (
        "I do not understand «{arg}»; nothing was changed.\n"
        "For example: /settings turn 2m, /settings timeout skip, /settings takeover 3, "
        "/settings lobby 24h, /settings idle 7d, /settings forced off. "
        "Turn times: 30s, 1m, 2m, 5m, 1h, 24h, off."
    ),
    "timer.timed_out": "⏰ {name} ran out of time: a move was made automatically.",
    "timer.timed_out_forced": "⏰ {name} ran out of time: the forced move was made.",
    "timer.took_over": (
        "🤖 {name}: {count} in a row. A computer player plays for them until they come "
        "back with /back or a tap on any of their tiles."
    ),
    "timer.back": "👋 {name} is back and plays again.",
    "timer.not_away": "No computer player is playing for you.",
    "timer.welcome_back": "Welcome back! You are playing your own moves again.",
    "timer.reminder": "⏰ {left} left for your move ({variant}, game {game_id}).",
    "timer.your_turn": "🁫 Your turn ({variant}, game {game_id}). You have {time} to move.",
    "timer.expired.lobby": "⌛ The lobby was closed: the game did not start within {after}.",
    "timer.expired.idle": "⌛ The game was closed: nobody moved for {after}.",
    "game.broken": "⚠️ This game could not be restored after a restart and was closed."
                   " Start a new one with /newgame.",
    # ============================================================ end of turn timers
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
    # ======================================================= variants of docs/rules.md 4.7-4.17
    # (the eleven new variants, their options, closers, several placements, signals)
    "variant.sea_kozel": "Sea Goat",
    "variant.general_kozel": "General's Goat",
    "variant.osel": "Osel (Donkey)",
    "variant.checheve": "Checheve",
    "variant.muggins": "Muggins",
    "variant.pyaterochka": "Pyaterochka",
    "variant.vsem_po_pyat": "Five Each",
    "variant.cuban": "Cuban",
    "variant.domiki": "Domiki (Flea)",
    "variant.semerka": "Semerka (Seven)",
    "variant.sport": "Sport",
    "rules.sea_kozel": (
        "Sea Goat (2-4 players, each for himself). As Kozel, but after a round only one "
        "player is written: the one with the most pips, who gets the pips of everyone but "
        "the winner, his own included; a write under 25 is discarded. A domino with 0-0 "
        "writes him 75; a domino with 6-6 sets his total to 100 and the winner's to 0. "
        "Whoever reaches 125 is the goat."
    ),
    "rules.general_kozel": (
        "General's Goat (4 players in two teams, everything dealt, line layout). A player "
        "who empties his hand leaves the play; his team is out when both partners are. "
        "The team wins the round (1 point) only if its last tile is 0-0 or 6-6; any other "
        "finish, and any fish, is a drawn round. The first team to 6 points wins (or play "
        "a set number of rounds). Partners may signal 😉 «I hold 6-6» or 😤 «I hold 0-0»; "
        "a bluff is allowed."
    ),
    "rules.osel": (
        "Osel, the Donkey (2-4 players, each for himself). Written as Kozel (the losers' "
        "pips, under 13 discarded, 101 is the goat), but the first double opens four "
        "directions. Whoever places a double may place more doubles in the same turn on "
        "other arms, up to four, then press «Done». A double other than the lead may go "
        "face down: it closes its arm until its owner reopens it at the start of one of "
        "his turns (he must, when he cannot place otherwise)."
    ),
    "rules.checheve": (
        "Checheve (2-4 players). As Osel, but a lone 0-0 left in hand counts 25 and a lone "
        "6-6 counts 50, and the whole round's write goes to the loser with the most pips "
        "(under 13 discarded). Going out with 0-0 makes every other player a goat at once; "
        "going out with 6-6 writes 50 more to every other player."
    ),
    "rules.muggins": (
        "Muggins (2-4 players; teams with 4 optional). Line layout. When the ends add up to "
        "a multiple of 5 you score one point per five. Whoever goes out scores the others' "
        "pips; in a fish the lowest hand scores the others' pips minus its own; rounded to "
        "5, then divided by 5. First to 61 wins."
    ),
    "rules.pyaterochka": (
        "Pyaterochka (2-4 players, or 2 against 2). As All Fives: a multiple of 5 on the "
        "ends scores itself; the spinner opens four directions at once; the first leader "
        "may lead any tile. A domino scores the opponents' pips, a fish each opponent's "
        "pips minus the winner's, rounded to 5. Target 150."
    ),
    "rules.vsem_po_pyat": (
        "Five Each (2-4 players; teams optional). Double-nine (option: double-six), 5 tiles "
        "each; the holder of the heaviest tile leads. Every placed tile scores its pips "
        "rounded to 5 (3-7: 5, 8-12: 10, ...). In a fish the lowest hand scores each "
        "opponent's pips minus its own. Target 200 (150, 250), checked after a round. "
        "Options: locked boneyard tiles, an extra turn after a double or a score, no going "
        "out with a double or a scoring tile."
    ),
    "rules.cuban": (
        "Cuban (2-4 players; teams optional). Double-nine, 10 tiles each, no drawing, line "
        "layout. The side that goes out scores the pips of all the others; in a fish the "
        "lowest hand scores the others' pips minus its own. Target 100 (150, 200)."
    ),
    "rules.domiki": (
        "Domiki, the Flea (2-4 players). The first double opens four directions at once. "
        "A turn may place up to four tiles, each on a different arm; press «Done» to stop. "
        "Every placed tile scores its pips. The first to the target (150) wins at once."
    ),
    "rules.semerka": (
        "Semerka, Seven (2-4 players). Line layout; draw until you can place. A tile with a "
        "6 gives you another turn; a tile of 7 pips makes the next player take 2 tiles: "
        "from the boneyard, else at random from your hand. At the round's end the most "
        "pips in hand (a double counts 10) gets a stick; three sticks and you are out. The "
        "last player left wins."
    ),
    "rules.sport": (
        "Sport (4 players in two teams). As Kozel, but the team that wins a round is "
        "credited the losers' pips (in a fish: the team with fewer pips); while a team has "
        "0, a credit under 13 is not recorded. The first team to 101 wins."
    ),
    "btn.face_down": "🂠{tile} {end} face down",
    "btn.open": "🔓 Reopen {end}",
    "btn.done": "✔ Done",
    "btn.signal_6": "😉 6-6?",
    "btn.signal_0": "😤 0-0?",
    "btn.rounds": "Rounds: {value}",
    "btn.rounds_off": "Rounds: to 6 wins",
    "btn.set": "Set: double-{value}",
    "btn.locked": "Locked tiles: {value}",
    "btn.extra_turn": "Extra turn: {value}",
    "btn.no_double_out": "No double out: {value}",
    "ans.signal_sent": "Signal sent to the table.",
    "ans.signal_wait": "You already signalled this turn.",
    "signal.6": "{name}: 😉 (holds 6-6?)",
    "signal.0": "{name}: 😤 (holds 0-0?)",
    "lobby.rounds": "Rounds: {value}",
    "lobby.rounds_off": "Rounds: until a team has 6 wins",
    "lobby.set": "Set: double-{value}",
    "lobby.locked": "Locked boneyard tiles: {value}",
    "lobby.extra_turn": "Extra turn after a double or a score: {value}",
    "lobby.no_double_out": "No going out with a double or a scoring tile: {value}",
    "hand.more": "▶ Place another tile on another arm, or press «Done».",
    "hand.must_open": "Nothing fits: reopen your face-down double.",
    "move.open": "{name} reopens {end}",
    "move.done": "{name} ends the turn",
    "move.take": "{name} takes {count} from the hand of the seven's player",
    "move.face_down": "{name} — 🂠{tile} face down{end}",
    "round.general_won": "The team finished with 0-0 or 6-6: one round point.",
    "round.general_drawn": "A drawn round: nobody scores.",
    "game.reason.last_left": "The last player left in the game.",
    "move.seven": "{name} takes {count} for the seven",
    "hand.out_of_play": "You have no tiles: you are out of play for now.",
    # ---- after the game, words and numbers
    "seat.computer": "🤖 Computer {number}",
    "names.and": " and ",
    "lobby.over": "🏁 Game over: {result}",
    "lobby.closed_title": "🁫 Game: {variant}",
    "result.won": "{names} won {score}",
    "result.won_many": "{names} won",
    "round.zero.eggs_carry": "Nothing is written: {carry} is carried over and added to the next round's score.",  # noqa: E501
    "round.zero.eggs": "Nobody scores: in this variant tied hands carry nothing over.",
    "round.zero.none": "Nobody scores this round.",
    "round.zero.discard": "Nothing is written: a round's write under {limit} is not recorded.",
    "round.zero.winner": "{name} scores nothing: the pips left in the other hands come to 0 points.",  # noqa: E501
    "score.last": "The last game ({variant}):",
    # ---- hidden information and /export
    "usage.export": "Use /export for the latest game, or /export N for game number N.",
    "export.none_private": "You have no started games yet: there is no record to send.",
    "export.not_yours": "You did not play game {game_id}, so I cannot send its record.",
    "export.not_here": "Game {game_id} was not played in this group.",
    "export.complete": "The game is over: the complete record, every hand and the boneyard.",
    "export.mine": ("The game is not over: your view, with only your own tiles. "
                    "The complete record comes when it ends."),
    "export.public": ("The game is not over: nothing hidden is in the file (no hand, "
                      "no boneyard). The complete record comes when it ends."),
    "export.broken": ("Game {game_id} was closed: its stored moves no longer rebuild it, "
                      "so there is no record to send."),
    "export.not_started": "Game {game_id} has not started: there is no record yet.",
    "export.others": "Your other games: {games}",
    # ---- words (refusals, /fish, /rules menu, hints, plurals)
    "plural.tile.one": "{n} tile",
    "plural.tile.few": "{n} tiles",
    "plural.tile.many": "{n} tiles",
    "word.and": "and",
    "no_game_private": (
        "You are not playing a game now. Open one in a group with /newgame, or play "
        "here against the computer: /newgame."
    ),
    "refuse.turn_of": "It is not your turn: it is {name}'s turn.",
    "refuse.pass_fits.one": "{tiles} fits: you cannot pass.",
    "refuse.pass_fits.many": "{tiles} fit: you cannot pass.",
    "refuse.draw_fits.one": "{tiles} fits: place it, you cannot draw.",
    "refuse.draw_fits.many": "{tiles} fit: place one, you cannot draw.",
    "refuse.pass_lead": "You lead: place one of the marked tiles; you cannot pass.",
    "refuse.draw_lead": "You lead: place one of the marked tiles; you cannot draw.",
    "refuse.buttons_only": ("There is no passing or drawing in this game: choose your "
                             "play with the buttons of your hand."),
    "refuse.pass_group": "Your pass was not made: I told you why in our private chat.",
    "refuse.draw_group": "Your draw was not made: I told you why in our private chat.",
    "ans.no_fit_ends": "{tile} fits no open end: the open ends show {ends}.",
    "fish.no_boneyard": (
        "Not a fish yet: the boneyard is empty, but a move is still possible."
    ),
    "fish.open": "Open ends {ends}; still off the table: {unplayed}.",
    "fish.open_one": "Open end {ends}; still off the table: {unplayed}.",
    "fish.open_none": "Open ends {ends}.",
    "fish.open_one_none": "Open end {ends}.",
    "hand.ends_legend": (
        "W, E, N, S: west ⬅, east ➡, north ⬆, south ⬇ — the marked ends on the table "
        "picture."
    ),
    "rules.ends_legend": (
        "The open ends are named as on the table picture: W west ⬅, E east ➡, N north ⬆, "
        "S south ⬇."
    ),
    "rules.menu": "📖 Rules: choose a variant.",
    "rules.start_first": (
        "I send rules in private: open {link} and press «Start», then ask again."
    ),
    "ans.rules_sent": "Sent to you in private.",
    "ans.rules_start": (
        "Open the chat with me and press «Start»: the rules will come there."
    ),
    "private.hint": (
        "I work with buttons and commands: your tiles come here as buttons when a game "
        "starts. /help tells more."
    ),
    # ---- the lobby says what will happen
    "btn.settings_done": "✔ Done",
    "err.not_manager": "Only {name} (who opened it) or an admin can change this.",
    "err.not_manager_admin": "Only a group admin can do that (or the creator of the "
                             "group's game).",
    "panel.title": "⚙ Game settings: {variant}",
    "panel.hint": "A press moves an option on; the group's lobby shows it.",
    "panel.teams_later": "Teams can be chosen once exactly 4 players are seated.",
    "panel.closed": "⚙ The settings of «{variant}» are closed. /settings in the group opens them "
                    "again.",
    "panel.started": "⚙ The game «{variant}» has started: its settings are closed.",
    "panel.cancelled": "⚙ The game «{variant}» was cancelled: its settings are closed.",
    "panel.opened": "Settings are open in our private chat.",
    "panel.open_private": "Open the chat with me to change the settings.",
    "panel.need_private": "{name}, the settings open in a private chat with me: "
                          "{link}",
    "panel.closed_answer": "These settings are closed.",
    "opt.teams": "with four players, partners sit opposite (1 and 3 against 2 and 4) "
                 "and score together.",
    "opt.target": "the game ends when a player or team reaches this score.",
    "opt.fish_point": "whoever blocks the game (makes a fish) gets 1 point.",
    "opt.rounds": "play this many rounds, the team that won more of them wins; "
                  "otherwise the first team to win 6 rounds wins.",
    "opt.set": "play with the double-six (28 tiles) or the double-nine (55 tiles).",
    "opt.locked": "the last boneyard tiles (2 with 2 players, 1 with 3) are never drawn.",
    "opt.extra_turn": "a player who scores or places a double plays again.",
    "opt.no_double_out": "nobody may go out with a double or a scoring tile; he draws "
                         "instead.",
    "optname.teams": "Teams",
    "optname.target": "Target",
    "optname.fish_point": "Fish point",
    "optname.rounds": "Rounds",
    "optname.set": "Set",
    "optname.locked": "Locked tiles",
    "optname.extra_turn": "Extra turn",
    "optname.no_double_out": "No double out",
    "rules.options": "House rules (the game's creator chooses them in ⚙ Settings):",
    "rules.no_options": "This variant has no house rules to choose.",
    # ---- forced moves and turn pings
    "timer.on": "on",
    "move.auto_pass": "{name} passes: nothing fits",
    "move.draws.one": "{name} draws {count} tile",
    "move.draws.few": "{name} draws {count} tiles",
    "move.draws.many": "{name} draws {count} tiles",
    "cmd.notify": "Turn pings: /notify on or off",
    "ping.turn": "🔔 Your turn in «{title}»: the table is waiting for you.",
    "ping.reminder": "🔔 Still your turn in «{title}»: the table has been waiting for {waited}.",
    "notify.now_on": "🔔 Turn pings are on: when your turn waits, I message you here.",
    "notify.now_off": "🔕 Turn pings are off.",
    "notify.set_on": "🔔 Turn pings are on.",
    "notify.set_off": "🔕 Turn pings are off: no messages when your turn waits, no mentions.",
    "notify.usage": (
        "/notify on — a private message when your turn has waited a while (and a "
        "mention in the group if it stalls); /notify off — none."
    ),
    # ---- forum topics: a game's topic deleted while it lived
    "topic.lost": (
        "The forum topic of game #{game_id} ({variant}) was deleted, so the game was cancelled."
    ),
    # ---- ratings
    "family.goat": "Goat family",
    "family.fives": "Fives family",
    "family.telephone": "Telephone",
    "family.threes": "Threes",
    "family.block_draw": "Block and draw",
    "rating.computer": "{level} — {value}",
    "rating.scope.chat": "this chat",
    "rating.scope.all": "all chats",
    "rating.top.title": "🏆 Top players — {family} ({scope}):",
    "rating.top.line": "{rank}. {name} — {value}",
    "rating.top.none": "{family} ({scope}): no rated games yet.",
    "rating.usage": (
        "Use /top for this chat (in private: everyone), /top all for everyone, and a "
        "family or any variant's name to choose the game: /top all kozel. "
        "Families: {families}."
    ),
    "rating.stats.title": "Rating (all chats):",
    "rating.stats.line": "{family}: {value}",
    "rating.chart.title": "{name} — rating",
    "rating.chart.subtitle": "last {games}",
    "rating.chart.caption": "📈 {name}: rating over the last {games}",
    # ---- the post-game review
    "cmd.review": "Review my last game: what my moves cost",
    "err.not_finished": "That game is not over: it can be reviewed once it ends.",
    "btn.review": "🔍 Review",
    "usage.review": ("Use /review in our private chat for your latest finished game, or "
                     "/review N for game number N."),
    "review.private_only": ("/review works in our private chat: send it to me there, or "
                            "press «🔍 Review» under a game's result."),
    "review.none": "You have no finished game yet: there is nothing to review.",
    "review.no_game": "There is no game {game_id}.",
    "review.not_player": "You did not play game {game_id}: only its players can review it.",
    "review.not_finished": "Game {game_id} is not over: it can be reviewed once it ends.",
    "review.busy": "Your review is still running: ask for the next one when it is done.",
    "review.progress": "🔍 Reviewing game {game_id} ({variant})… {done}/{total}",
    "review.summary": ("🔍 Game {game_id} ({variant}): {costly}; in all, your choices cost "
                       "about {points}."),
    "plural.costly.one": "{n} costly move",
    "plural.costly.few": "{n} costly moves",
    "plural.costly.many": "{n} costly moves",
    "review.explain": ("{good} of your {decisions} choices were as good as the computer's "
                       "best. The points are what your choices cost on average compared "
                       "with its best moves: an estimate, not points taken off your score, "
                       "which stays as it was."),
    "review.no_choice": "🔍 Game {game_id} ({variant}): you never had a real choice.",
    "review.clean": "No move of yours lost points worth showing. Well played!",
    "review.costliest": "The costliest decisions are in the pictures below.",
    "review.failed": "The review could not be finished. Try /review again later.",
    "review.decision": ("#{rank} · round {round}, turn {turn}\n"
                        "You played {played}; {best} would have scored about {points} more "
                        "on average."),
    "review.draw": "draw",
    "review.pass": "pass",
    "review.done": "end the turn",
    "review.open": "reopen {end}",
    "review.sent": "Your review comes in our private chat.",
    "review.not_player_answer": "Only the players of this game can review it.",
    "review.start_first": "Open our private chat first: the review comes there.",
    # ---- display: scoring hints and the text table
    "ttable.lead": "Lead",
    "ttable.spinner": "Spinner: {tile}",
    "ttable.turn": "Turn: {seat}. {name}",
    "ttable.hands": "Tiles in hand:",
    "ttable.score": "Score:",
    "usage.table": "/table — the table again; /table text — the table as text, once.",
    "display.summary": (
        "👁 What the group sees\n"
        "Points on the tile buttons: {hints}\n"
        "The live table: {table}\n"
        "/settings hints on|off · /settings table picture|text"
    ),
    "display.table.picture": "a picture",
    "display.table.text": "text",
    # ====================================================== kolbasa (docs/rules.md 4.19)
    "variant.kolbasa": "Kolbasa (Sausage)",
    "rules.kolbasa": (
        "Kolbasa, the Sausage (2 players, 14 tiles each, no boneyard). The holder of 1-1 "
        "leads it in the first round. The leader's line runs west (W), the other "
        "player's east (E). Place on your own line if you can; otherwise on your "
        "opponent's line; otherwise pass. Once both lines hold a tile, a player holding "
        "the tile of his own end and the opponent's end (4-3 when the ends are 4 and 3) "
        "may cut the sausage (✂): his whole line, that tile included, goes onto the "
        "opponent's line. The round ends on a domino or a fish; the loser is written "
        "the pips in his hand. Whoever reaches 101 loses."
    ),
    "family.kolbasa": "Kolbasa",
    "btn.own_line": "· my line",
    "btn.other_line": "→ other line",
    "btn.cut": "✂ cut with {tile}",
    "btn.lead_from": "· my line from {pip}",
    "ttable.lines": "Lines: W — {w}'s, E — {e}'s",
    "btn.free_lines": "Free lines: {value}",
    "lobby.free_lines": "Free lines (either line at will): {value}",
    "opt.free_lines": "a player may place on either line at will, not only on the other "
                      "line when his own takes nothing; the cut is unchanged.",
    "optname.free_lines": "Free lines",
    "move.cut": "{name} cuts the sausage with {tile} ✂: {count} to {other}'s line",
    # ====================================================== chinese (docs/rules.md 4.20)
    "variant.chinese": "Chinese dominoes (Tien Gow)",
    "rules.chinese": (
        "Chinese dominoes, Tien Gow (4 players; with 2 or 3 the tiles not dealt stay "
        "out unseen). 32 Chinese tiles, civil and military suits, 8 tiles each. The leader "
        "plays a tile or a combination (pair, triplet, quartet); everyone else plays as "
        "many tiles: face up only to beat it (same kind, strictly higher), otherwise "
        "face down. The best set takes the trick. The last trick's winner wins the "
        "round: the others pay him 4 minus their tricks (5 with none), payments with "
        "the banker doubled. 8 rounds (or 4, 12, 16)."
    ),
    "family.chinese": "Chinese dominoes",
    "chinese.play_up": "Play face up",
    "chinese.play_down": "Put face down",
    "chinese.stale": "That keyboard is old: use the newest one.",
    "chinese.forged": "That button is not one of this game's.",
    "chinese.not_your_turn": "It is not your turn.",
    "chinese.illegal": "Those tiles cannot be played like that: choose again.",
    "chinese.banker": "banker",
    "chinese.banker_is": "Banker: {name}",
    "chinese.down": "{count} face down",
    "chinese.trick": "Trick: {plays}",
    "chinese.no_trick": "No trick on the table yet.",
    "chinese.tricks": "Tricks won: {tricks}",
    "chinese.lead": ("▶ Your lead: tap the tiles of a single or a combination (✅), "
                     "then «Play face up»."),
    "chinese.follow": ("▶ Your turn: tap {count}, then play them face up if they beat "
                       "the trick, or put them face down."),
    "chinese.must_down": "▶ Your turn: tap {count} and put them face down.",
    "move.set_up": "{name} — {tiles}",
    "move.set_down": "{name} — {count} face down",
    "round.tricks": "🀄 Round {round}: {name} took the last trick and the round.",
    "opt.chinese.rounds": "the game is this many rounds; the highest total wins.",
    "btn.mixed": "Mixed sets: {value}",
    "lobby.mixed": "Mixed civil-military sets: {value}",
    "opt.mixed": "a civil tile with its military partners forms pairs, triplets and "
                 "quartets (off: only singles and the classic pairs).",
    "optname.mixed": "Mixed sets",
    "btn.early_death": "Early death: {value}",
    "lobby.early_death": "Early death: {value}",
    "opt.early_death": "a player without a trick must put his last tile face down when the "
                       "last trick is led as a single.",
    "optname.early_death": "Early death",
    # =================================================== triangular (docs/rules.md 4.21)
    "variant.triangular": "Triangular dominoes (Tri-Ominos)",
    "rules.triangular": (
        "Tri-Ominos (2-4 players, each for himself). 56 triangles with a number 0-5 at "
        "each corner; 9 each with 2 players, 7 with 3 or 4, the rest is the pool. The "
        "holder of the highest triple leads it on cell 0,0 (+10; 0-0-0 scores 40). A "
        "triangle goes on a cell sharing an edge with the layout, every touching corner "
        "showing the same number; it scores its numbers' sum, +40 for a bridge (one edge "
        "shared, the far corner touching), +50/60/70 for closing one/two/three "
        "hexagons. You may draw instead (−5), 3 a turn at most; then, with "
        "nothing to place, pass (−10). Going out scores 25 plus the others' hands; in a "
        "block the lowest hand scores the others' minus his own. The first to 400 after "
        "a round wins."
    ),
    "family.triangular": "Triangular dominoes",
    "tri.back": "« back",
    "tri.top": "{n} at the top ({reading})",
    "tri.choose_tile": "Choose a triangle.",
    "tri.choose_cell": "Where does {tile} go? The cells are numbered as on the table.",
    "tri.choose_turning": "{tile} on {cell}: which number at the top?",
    "tri.stale": "That keyboard is old: use the newest one.",
    "tri.forged": "That button is not one of this game's.",
    "tri.not_your_turn": "It is not your turn.",
    "tri.illegal": "That triangle does not go there: choose again.",
    "tri.pool": "Pool",
    "tri.draws": "draws",
    "tri.hexagon": "hexagon",
    "tri.bridge": "bridge",
    "tri.shown": "{name} leads 0-0-0 and shows {tile}",
    "tri.move": "{name}: {tile} {cell} {points}",
    "tri.hand": "Your triangles ({count}): {tiles}",
    "tri.must_draw": "No triangle fits: draw from the pool (−5).",
    "tri.must_pass": "No triangle fits and no more drawing: pass (−10).",
    "tri.drawn": "Drawn this turn: {count} of 3.",
    "tri.turn": "Turn",
    "tri.round": "Round",
    "move.draw_points": "{name} draws ({points})",
    "move.pass_points": "{name} passes ({points})",
    "opt.triangular.target": "the game ends after the round in which a player reaches "
                             "this score; the highest total wins.",
    "tri.reason.not_in_hand": "That triangle is not in your hand.",
    "tri.reason.lead_cell": "The lead goes on cell 0,0.",
    "tri.reason.lead_tile": "The lead rule names another triangle.",
    "tri.reason.occupied": "That cell holds a triangle.",
    "tri.reason.no_edge": "That cell shares no edge with a triangle.",
    "tri.reason.mismatch": "A corner differs from the number already on that point.",
    "tri.reason.must_place": "A triangle fits: place it.",
    "tri.reason.no_draw": "No more drawing this turn.",
    "tri.reason.must_draw": "Nothing fits: draw first.",
    "tri.reason.not_your_turn": "It is not your turn.",
    "tri.reason.round_over": "The round is over.",
    "tri.reason.game_over": "The game is over.",
    "ttable.tri_grid": "Triangles (cell, shape, numbers from the apex clockwise):",
    "ttable.tri_open": "Open cells: {cells}",
    "ttable.tri_pool": "Pool: {count}",
    "btn.voluntary_draw": "Voluntary draw: {value}",
    "lobby.voluntary_draw": "Voluntary draw (draw even when a triangle fits): {value}",
    "opt.voluntary_draw": "a player may draw (−5) even when a triangle fits; off: only when "
                          "nothing fits.",
    "optname.voluntary_draw": "Voluntary draw",
    "plural.triangle.one": "{n} triangle",
    "plural.triangle.few": "{n} triangles",
    "plural.triangle.many": "{n} triangles",
    # ============================================================ moments as messages
    "note.domino": "🁫 Round {round}: {name} went out · your side: {points} · score {score}",
    "note.fish": "🐟 Round {round}: fish · your side: {points} · score {score}",
    "note.eggs": "🥚 Round {round}: eggs · your side: {points} · score {score}",
    "note.tricks": "🀄 Round {round}: {name} took the last trick · your side: {points} · "
                   "score {score}",
    "btn.rematch": "🔁 Rematch",
    "btn.rematch_count": "🔁 Rematch {done}/{all}",
    "btn.rematch_started": "🔁 Rematch started",
    "rematch.asked": "You want a rematch. Waiting for: {names}.",
    "rematch.again": "You have already asked for the rematch. Waiting for: {names}.",
    "rematch.not_player": "Only those who played this game can ask for its rematch.",
    "rematch.busy": "This chat already has a game: finish it or /cancel it first.",
    "rematch.started": "The rematch starts: same seats, same rules.",
    "rematch.done": "The rematch of this game has started already.",
    "timer.took_over_private": (
        "🤖 You missed {count} in a row ({variant}, game {game_id}): a computer player "
        "plays your seat now. Send /back, or tap any of your tiles, to play again."
    ),
    # ---- who may change what in a group: chat-wide settings by admins, cancelling a
    # started game by agreement, seats for members, no anonymous senders, removal
    "err.not_chat_admin": (
        "Only a group admin can change the group's settings: they apply to every game "
        "here, in every topic."
    ),
    "err.admin_unknown": "Telegram did not say if you are an admin. Try again soon.",
    "err.agreement_needed": (
        "A started game is cancelled by a group admin, or when all its players agree: "
        "send /cancel and the others press the button."
    ),
    "err.not_member": "Only members of this game's group can take a seat.",
    "start.member_unknown": (
        "Telegram did not tell me whether you are a member of the group of this game, "
        "so you were not seated. Press the link again in a moment."
    ),
    "sender.impersonal": (
        "You are writing as the group or as a channel, so I cannot tell who you are. "
        "Write as yourself to play."
    ),
    "setting.turn": "⏱ Time per turn: {value}",
    "setting.timeout": "⌛ On a time-out: {value}",
    "setting.takeover": "🤖 A computer takes the seat: {value}",
    "setting.lobby": "🚪 A lobby that never starts closes after: {value}",
    "setting.idle": "💤 A game without moves closes after: {value}",
    "setting.forced": "⏩ A forced pass or draw plays itself: {value}",
    "setting.hints": "💡 Points on the tile buttons: {value}",
    "setting.table": "🖼 The live table: {value}",
    "cancel.ask": (
        "{name} wants to cancel the game. It is cancelled when every player agrees: "
        "press the button. A group admin can cancel it at once with /cancel."
    ),
    "btn.cancel_agree": "✅ Cancel the game ({agreed}/{needed})",
    "ans.cancel_agreed": "You agreed to cancel the game ({agreed}/{needed}).",
    "ans.cancel_already": "You have agreed already ({agreed}/{needed}).",
    "removed.cancelled": (
        "I was removed from the group of game #{game_id} ({variant}), so the game was "
        "cancelled."
    ),
    # starting only what can be played; the review queue
    "err.no_private_chat": "Not yet: {names} must open my chat (🔓) and press «Start».",
    "btn.open_private": "🔓 {name}: open the private chat",
    "review.queued": "⏳ Your review is queued: {ahead} ahead of you. This message shows "
                     "its progress when its turn comes.",

    # --- the words of a side's points (penalty games write, scoring games credit)
    # and what must lead a round and why
    "score.written_to": "{points} written to {names}",
    "score.written_none": "Nothing written this round",
    "score.written_amount": "{points} written",
    "score.taken_from": "{points} taken off {names}",
    "score.taken_amount": "{points} taken off",
    "score.loses_at": " ({limit} loses)",
    "result.won_written": "Won: {names}",
    "result.entry": "{names}, {points}",
    "result.goat.one": "🐐 Goat: {names}",
    "result.goat.many": "🐐 Goats: {names}",
    "plural.point.one": "{n} point",
    "plural.point.few": "{n} points",
    "plural.point.many": "{n} points",
    "plural.stick.one": "{n} stick",
    "plural.stick.few": "{n} sticks",
    "plural.stick.many": "{n} sticks",
    "lead.any": "Any tile may lead: place any of yours.",
    "lead.highest_double": "The first round starts with the highest double: lead {tile}.",
    "lead.lowest_double": "The first round starts with the lowest double, the double blank "
                          "last: lead {tile}.",
    "lead.telephone": "The first round starts with the two-three, else the lowest double "
                      "(the double blank last): lead {tile}.",
    "lead.one_one": "The holder of 1-1 starts: lead {tile}.",
    "lead.no_double": "Nobody holds a double, so the heaviest tile starts the first round: "
                      "lead {tile}.",
    "refuse.lead": "{tile} cannot lead. {rule}",
    "result.winner_entry": "{names} ({points} written)",
    # ---- ratings that welcome: calibration, the plain meaning, counts in words
    "rating.value": "{rating} ({games})",
    "rating.calibrating": "calibrating: {done} {of_total}",
    "rating.meaning": (
        "The rating is a cautious estimate of skill: it rises as you beat strong "
        "opponents."
    ),
    "rating.top.calibrating": "Still calibrating: {players}",
    "rating.top.calibrating_player": "{name} ({done} {of_total})",
    "rating.top.computers": "🤖 Computer players, not ranked: {players}",
    "rating.decimal_point": ".",
    "plural.rating_game.one": "{n} game",
    "plural.rating_game.few": "{n} games",
    "plural.rating_game.many": "{n} games",
    "plural.rating_of.one": "of {n} game",
    "plural.rating_of.few": "of {n} games",
    "plural.rating_of.many": "of {n} games",
    "plural.rating_last.one": "{n} rated game",
    "plural.rating_last.few": "{n} rated games",
    "plural.rating_last.many": "{n} rated games",
    "plural.stats_game.one": "{n} game",
    "plural.stats_game.few": "{n} games",
    "plural.stats_game.many": "{n} games",
    "plural.stats_win.one": "{n} win",
    "plural.stats_win.few": "{n} wins",
    "plural.stats_win.many": "{n} wins",
    "plural.stats_point.one": "{n} point",
    "plural.stats_point.few": "{n} points",
    "plural.stats_point.many": "{n} points",
    "plural.stats_fish.one": "{n} fish",
    "plural.stats_fish.few": "{n} fish",
    "plural.stats_fish.many": "{n} fish",
    "plural.stats_goat.one": "goat {n} time",
    "plural.stats_goat.few": "goat {n} times",
    "plural.stats_goat.many": "goat {n} times",
    # /help in a few lines, its longer pages a button away; pointers to private answers
    "btn.help_r": "📖 Rules",
    "btn.help_s": "⚙️ Settings",
    "btn.help_c": "📋 Commands",
    "btn.help_v": "🔍 Review",
    "help.s": (
        "⚙️ Settings\n"
        "\n"
        "A game's options (variant, teams, target, house rules) are chosen in its lobby: "
        "«⚙ Settings» opens them in the private chat of the game's creator or a group "
        "admin.\n"
        "\n"
        "The group's own settings bind every game there; its admins change them:\n"
        "/settings turn 2m — time per turn (30s, 1m, 2m, 5m, 1h, 24h, off)\n"
        "/settings timeout skip|ai — on a time-out, the forced move or a computer's\n"
        "/settings takeover 3 — a computer takes the seat after 3 missed turns in a row\n"
        "/settings lobby 24h, /settings idle 7d — when an unused lobby or game closes\n"
        "/settings forced off — a forced pass or draw is no longer made for you\n"
        "/settings hints off — no points on the tile buttons\n"
        "/settings table text — the table as text instead of a picture\n"
        "/settings alone shows them.\n"
        "\n"
        "Your own: /notify off stops the turn reminders in private, /notify on brings "
        "them back; /language ru|en."
    ),
    "help.c": (
        "📋 Commands\n"
        "\n"
        "In a group:\n"
        "/newgame [variant] — open a game (alone: the variant last played here)\n"
        "/settings — the lobby's settings, or the group's (see ⚙️ Settings)\n"
        "/table [text] — the table again (text: as text)\n"
        "/pass — pass when nothing fits; /fish — is the game blocked?\n"
        "/cancel — cancel the game: the players agree, or an admin decides\n"
        "/back — take your seat back from the computer\n"
        "\n"
        "Anywhere:\n"
        "/hand — your hand again, in private\n"
        "/score — the score, or the last game's result\n"
        "/rules [variant] — the rules of the variants\n"
        "/export [N] — a game's record as a file: while it goes on, without the "
        "other players' tiles and the boneyard; once it is over, complete\n"
        "/stats — your statistics, ratings and rating chart\n"
        "/top [family] — the leaderboard (one rating per family of games)\n"
        "/review [N] — in private: what your decisions in a finished game cost\n"
        "/notify on|off — turn reminders in private\n"
        "/language ru|en — the language\n"
        "/privacy — what I store about you; /forget — delete it, in private\n"
        "\n"
        "In a forum, each topic can hold its own game."
    ),
    "help.v": (
        "🔍 Review\n"
        "\n"
        "When a game is over, the «🔍 Review» button under its result, or /review in our private "
        "chat, goes through your decisions: the hard computer values each choice you had "
        "and shows the ones that cost the most points, with the move it would have made.\n"
        "/review N reviews game N; the review covers games played on a line of tiles."
    ),
    "start.group": (
        "🁫 I deal dominoes here and send each player his tiles in private.\n"
        "/newgame opens a game, /help tells more."
    ),
    "usage.variant_far": "Unknown variant «{arg}». All the variants and their rules: /rules.",
    "ans.help_sent": "Sent to you in private.",
    "ans.help_start": "Open the chat with me and press «Start»: the help will come there.",
    "private.your_turn": "Your turn: tap a tile marked ✅.",
    "private.turn_of": "It is {name}'s turn. Your hand is below.",
    "note.sent_private": "→ {name}: sent to you in private.",
    # the settings panel's pages: its variant button and the variant page
    "btn.panel_variant": "🎲 Variant: {variant} ▸",
    "btn.panel_back": "◂ Back",
    "panel.variants_hint": "Choose the variant; /rules tells how each is played.",
    # ---- the review in plain words: its summary, a decision that is not a tile, and how
    # it is computed
    "review.summary_small": ("🔍 Game {game_id} ({variant}): no costly moves; in all, your "
                             "choices cost about {points}."),
    "review.summary_perfect": ("🔍 Game {game_id} ({variant}): no costly moves; your choices "
                               "were as good as the computer's."),
    "review.decision_move": ("#{rank} · round {round}, turn {turn}\n"
                             "Your move: {played}. Better: {best}, about {points} more "
                             "on average."),
    "help.review": (
        "🔍 How the review works\n"
        "\n"
        "After the game the hard computer goes through every move where you had a real "
        "choice. It looks only at what you could see then: your tiles, the table and the "
        "score. It deals the tiles you could not see at random many times, plays each "
        "possible move out on those same deals and averages the points each move brings. "
        "The difference between the best move and yours is what your choice cost on "
        "average; a costly move is one that cost a large share of a usual round (about "
        "10 points in most games).\n"
        "These points are an estimate of your choices, not points taken off your score: "
        "luck can still win a game played with mistakes, or lose one played well."
    ),
    # the ends of the table in the reader's language (texts, buttons, the picture),
    # and the counts of missed turns
    "end.W": "W",
    "end.E": "E",
    "end.N": "N",
    "end.S": "S",
    "plural.missed_turns.one": "{n} turn missed",
    "plural.missed_turns.few": "{n} turns missed",
    "plural.missed_turns.many": "{n} turns missed",
    "plural.turn.one": "{n} turn",
    "plural.turn.few": "{n} turns",
    "plural.turn.many": "{n} turns",
    "plural.after_missed.one": "after {n} missed turn in a row",
    "plural.after_missed.few": "after {n} missed turns in a row",
    "plural.after_missed.many": "after {n} missed turns in a row",
    # privacy: /privacy, /forget (bot/handlers/privacy.py), the retention's answers
    "cmd.privacy": "What the bot stores about you",
    "cmd.forget": "Delete everything the bot stores about you",
    "privacy.text": (
        "🔒 What I store and why\n"
        "\n"
        "About you: your Telegram id, your name and username as Telegram gives them, "
        "your language and your settings (turn pings on or off). About games: who sat "
        "where, every move, the results; your statistics and ratings. About groups: "
        "their ids, titles and settings. And the ids of the messages I keep up to date "
        "(the table, your hand), so I can edit them.\n"
        "\n"
        "Why: to play the games, to show the tables and the results, to keep statistics "
        "and ratings.\n"
        "\n"
        "For how long: {moves} {pings} Everything else is kept as long as this bot runs.\n"
        "\n"
        "Who sees what: your tiles only you (in private); a game's table, moves and "
        "result the group where it is played; /stats only its asker. /top in a group "
        "shows that group's players; /top all and /top in private show by name only you "
        "and the people you have played with, everyone else as «a player».\n"
        "\n"
        "To delete all of it: /forget (in private). Your seats in old games stay as "
        "«Player N», so the other players' results stay as they are."
    ),
    "privacy.moves_forever": "moves of finished games are kept for ever;",
    "privacy.moves_days": "moves of finished games are deleted after {days} (their results, "
                          "statistics and ratings stay);",
    "privacy.pings_forever": "turn pings and what a group was told are kept for ever.",
    "privacy.pings_days": "turn pings and what a group was told are deleted after {days}.",
    "privacy.group": (
        "🔒 I store your Telegram id, name, language and settings, the games you play "
        "and your results and ratings. The details, and how to delete it all "
        "(/forget), in private: {link}"
    ),
    "forget.group": (
        "Send /forget to me in private (it deletes what I store about you): {link}"
    ),
    "forget.ask": (
        "Delete everything I store about you? Your name, language and settings, your "
        "statistics, ratings and rating history go. In finished games your seat stays as "
        "«Player N», so the other players keep their results. This cannot be undone."
    ),
    "btn.forget_yes": "✅ Delete",
    "btn.forget_no": "Cancel",
    "forget.lobby": (
        "You are in a game's lobby. Leave it first (the «Leave» button under the lobby), "
        "then send /forget again."
    ),
    "forget.playing": (
        "You are playing a game. Finish it, or cancel it with /cancel in its group, then "
        "send /forget again."
    ),
    "forget.done": (
        "🗑 Done: I no longer store anything about you. If you write to me again, I will "
        "know you as a new player."
    ),
    "forget.kept": "Nothing was deleted.",
    "ans.forget_done": "Deleted.",
    "ans.forget_kept": "Nothing was deleted.",
    "err.forget_stale": ("This button is old: nothing was changed. Send /forget again if "
                         "you wish."),
    "err.forgotten_seat": ("A player of that game asked me to forget him: it cannot be "
                           "played again."),
    "err.moves_deleted": ("That game's moves were deleted by this bot's retention; its "
                          "result stays."),
    "seat.forgotten": "Player {number}",
    "err.still_seated": ("You sit at a game not over yet: finish it, cancel it or leave its "
                         "lobby, then send /forget again."),
    "rating.hidden": "a player",
    "export.moves_deleted": (
        "The moves of game {game_id} were deleted after {days}, as this bot keeps "
        "finished games' moves no longer: there is no record to send. Its result, the "
        "statistics and the ratings stay."
    ),
    "review.moves_deleted": (
        "The moves of that game were deleted after {days} (this bot keeps finished "
        "games' moves no longer): it cannot be reviewed. Its result stays."
    ),
    "plural.day.one": "{n} day",
    "plural.day.few": "{n} days",
    "plural.day.many": "{n} days",
}
