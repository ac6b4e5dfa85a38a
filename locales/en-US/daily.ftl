## The daily deal, deal boards and the share line. $number is the daily's number (#1 was
## 2026-12-01); $date a date as YYYY-MM-DD; $when a duration such as "5 hours" (stats.ftl).

daily-started = **TriPeaks daily #{ $number }** ({ $date }): the same deal for everyone today. Your first finished attempt is scored. A new daily comes at 00:00 UTC, in { $when }.
daily-practice = You already finished daily #{ $number }: this game is practice, not scored.
daily-confirm = You have a game in progress ({ $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }). Starting the daily ends it, and it counts as abandoned. Start daily #{ $number }?
button-daily-start = Start the daily
daily-scored = Daily #{ $number } is scored: { $score } points.
daily-practice-over = Practice: daily #{ $number } was already scored.
daily-streak = Daily streak: { $count ->
        [one] { $count } day
       *[other] { $count } days
    }.
daily-date-invalid = “{ $input }” is not a date: write it as YYYY-MM-DD, for example 2026-12-24.
daily-date-future = There is no daily for { $date } yet: a new one comes every day at 00:00 UTC.
daily-date-early = The first daily was on 2026-12-01: there is none for { $date }.

button-share-result = Share result
button-daily-board = Daily board
button-deal-board = Deal board
# Posted to the channel only when the player presses "Share result"; it never shows a card.
# $marks has one mark per peak (🟩 cleared, ⬛ not); $removed counts the cards removed of 28.
share-line-daily = { $name } · TriPeaks daily #{ $number } · { $removed }/28 · { $score } pts · { $marks } · { $hints ->
        [one] { $hints } hint
       *[other] { $hints } hints
    }
share-line-deal = { $name } · TriPeaks { $code } · { $removed }/28 · { $score } pts · { $marks } · { $hints ->
        [one] { $hints } hint
       *[other] { $hints } hints
    }

deal-board-note = { $others ->
        [one] { $others } other player
       *[other] { $others } other players
    } played this deal in this server: you are #{ $place } of { $total }.
deal-board-title = **Deal { $code }** in this server: first finished attempt of each player.
daily-board-title = **TriPeaks daily #{ $number }** ({ $date }) in this server: each player's scored attempt.
deal-board-line = #{ $rank } · { $name }: { $outcome }, { $score } points, { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, { $hints ->
        [one] { $hints } hint
       *[other] { $hints } hints
    }
deal-board-won = won
deal-board-blocked = blocked
deal-board-abandoned = abandoned
deal-board-empty = Nobody in this server has finished this deal yet.
daily-board-empty = Nobody in this server has finished daily #{ $number } yet. Play it with { $command }.
daily-board-dm = Daily boards are per server: here you see only your own result.

# The daily's par on its share line ($par), and how far below it the player finished ($behind):
# a number, so it gives nothing of the deal away.
share-par = par { $par } ({ $behind ->
        [0] made
       *[other] −{ $behind }
    })
