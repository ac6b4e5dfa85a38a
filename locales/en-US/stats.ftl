## Statistics, server boards and privacy. $name is a player's name as text; $command is how to
## start a game (see game.ftl). Numbers are plain integers.

stats-none-self = You have not finished a game yet. Play one with { $command }: your statistics start with your first finished game.
stats-none-other = { $name } has not finished a game yet.
stats-none-rule = No finished { $rule } game yet.
stats-hidden = { $name } keeps their statistics private.
stats-bot = Bots do not play TriPeaks, so they have no statistics.
# The one-line summary sent with the stats card.
stats-summary = { $name }: { $played } played, { $won } won ({ $percent } %), streak { $streak } (best { $best_streak }), best score { $best }.
# Scope of the numbers: every rule, or one.
stats-scope-all = all rules
stats-scope-rule = { $rule } rule
# The stats card (a picture): short labels that fit under big numbers.
stats-card-title = { $name } · TriPeaks
stats-card-played = Played
stats-card-win-rate = Win rate
stats-card-streak = Streak
stats-card-best-score = Best score
stats-card-best-streak = best { $count }
stats-card-outcomes = { $won } won · { $blocked } blocked · { $abandoned } abandoned
stats-card-details = Average win { $average } · Fewest moves { $fewest } · Longest chain { $chain } · Hints { $hints }
stats-card-last-30-days = Last 30 days: { $played } played, { $won } won
stats-card-daily-streak = Daily streak { $count }
stats-card-recent = Last { $count ->
        [one] game
       *[other] { $count } games
    }
# A number known only from some games (older games did not record it).
stats-at-least = at least { $value }
stats-unknown = unknown
# The picture's alt text: the same as the card, in words.
stats-alt = TriPeaks statistics of { $name } ({ $scope }): { $played } games played, { $won } won, { $blocked } blocked, { $abandoned } abandoned; win rate { $percent } %; current win streak { $streak }, best { $best_streak }; best score { $best }; average score of won games { $average }; fewest moves in a win { $fewest }; longest chain { $chain }; hints used { $hints }. Last 30 days: { $recent_played } played, { $recent_won } won. Last games, oldest first: { $strip }.
stats-strip-won = won { $score }
stats-strip-blocked = blocked { $score }
stats-strip-abandoned = abandoned { $score }

board-title = **TriPeaks board** · { $period } · by { $metric }
board-period-week = this week
board-period-month = this month
board-period-all = all time
board-metric-wins = wins
board-metric-best = best score
board-metric-streak = win streak
# $when is a duration such as "2 days".
board-resets-week = Weeks start on Monday at 00:00 UTC: this board resets in { $when }.
board-resets-month = Months start on the 1st at 00:00 UTC: this board resets in { $when }.
board-line-wins = #{ $rank } · { $name }: { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    } in { $games ->
        [one] { $games } game
       *[other] { $games } games
    }
board-line-best = #{ $rank } · { $name }: { $score } points
board-line-streak = #{ $rank } · { $name }: { $streak ->
        [one] { $streak } win
       *[other] { $streak } wins
    } in a row
board-you = { $name } (you)
board-hidden-player = a hidden player
board-unknown-player = a player
board-your-place = Your place:
board-players = { $count ->
        [one] { $count } player ranked.
       *[other] { $count } players ranked.
    }
board-empty = No game has been finished in this server { $period } yet. Be the first: { $command }.
board-dm = Boards are per server: in direct messages you see only your own results.
board-dm-none = You have no finished game { $period } yet.

duration-days = { $count ->
        [one] { $count } day
       *[other] { $count } days
    }
duration-hours = { $count ->
        [one] { $count } hour
       *[other] { $count } hours
    }
duration-minutes = { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }

settings-public-on = You are shown on server boards, and other players can see your statistics.
settings-public-off = You are hidden: server boards leave you out (you see yourself as “a hidden player”), and nobody else can see your statistics.

forget-confirm = This deletes everything TriPeaks keeps about you: your current game, your finished games and statistics, your settings and your name on the boards. It cannot be undone. Press the button to confirm.
button-forget = Delete my data
forget-done = Deleted: { $parts }. TriPeaks keeps nothing more about you.
forget-part-current = your current game
forget-part-finished = { $count ->
        [one] { $count } finished game
       *[other] { $count } finished games
    }
forget-part-settings = your settings
forget-part-corrupt = { $count ->
        [one] { $count } unreadable saved game
       *[other] { $count } unreadable saved games
    }
forget-part-name = your name on the boards
forget-nothing = There is nothing to delete: TriPeaks keeps no data about you.
forget-not-yours = This button belongs to the player who asked to delete their data. To delete yours, use { $command }.
history-title = Last finished games of { $name }:
history-line = { $number }. { $date } · { $rule }{ $modes } · { $outcome } · { $score } points · { $moves } moves · { $time } · `{ $code }`
history-none-self = You have no finished game yet. Start one with { $command }.
history-none-other = { $name } has no finished game yet.
history-times = Fastest win { $fastest } · average winning time { $average }
history-no-replay = This game was finished before replays were kept, so it has no replay.
history-replay-damaged = The record of this game is damaged, so it cannot be replayed. Every other game of the history still can.
history-not-found = That game is not in the history any more.
button-replay = Replay { $number }
replay-text = Replay of `{ $code }`: { $outcome }, { $score } points.
replay-alt = Replay of { $code } from the deal to its end, { $actions } actions: { $outcome }, { $score } points.
replay-coming = This replay is already being made for this channel: it will be here in a moment.
replay-busy = Replays are busy right now. Try again in a moment.

# The modes option of /tripeaks stats and /tripeaks leaderboard: a bad value ($input as typed),
# the games of other mode sets not counted ($count, $others), the modes counted ($modes: names).
modes-option-invalid = “{ $input }” is not a set of modes: write mode letters as a deal code does (A, M, P, O, W, J, T; for example AP or J), or standard for the standard game.
stats-other-modes =
    { $count ->
        [one] { $count } game in other modes is not counted here: the modes option shows it.
       *[other] { $count } games in other modes are not counted here: the modes option shows them.
    }
stats-none-modes =
    No finished game with { $modes } yet; { $others ->
        [one] { $others } game in other modes: the modes option shows it.
       *[other] { $others } games in other modes: the modes option shows them.
    }
modes-counted = Counting games with: { $modes }.
board-other-modes =
    { $count ->
        [one] Your { $count } game in other modes in this period counts on its own board (option modes).
       *[other] Your { $count } games in other modes in this period count on their own boards (option modes).
    }
