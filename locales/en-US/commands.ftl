## Slash commands: names (lower case, no spaces, at most 32 characters) and descriptions (at
## most 100 characters). The English names are the ones the bot registers: keep them.

cmd-tripeaks-name = tripeaks
cmd-tripeaks-description = Play TriPeaks solitaire: clear three peaks of cards, one rank up or down.
cmd-new-name = new
cmd-new-description = Start a new game, at random or from a deal code.
cmd-code-name = code
cmd-code-description = Share the deal code of your current game.
cmd-play-name = play
cmd-play-description = Play a card by typing it, for example 10H or K♣.
cmd-show-name = show
cmd-show-description = Show your current game again.
cmd-settings-name = settings
cmd-settings-description = Help for errors and the rule for your new games.
cmd-rules-name = rules
cmd-rules-description = A short summary of the rules.
cmd-stats-name = stats
cmd-stats-description = Your statistics, or another player's: games, wins, streaks, best score.
cmd-leaderboard-name = leaderboard
cmd-leaderboard-description = This server's board: most wins, best scores or longest streaks.
cmd-daily-name = daily
cmd-daily-description = Today's deal, the same for everyone; your first finished attempt is scored.
cmd-forget-me-name = forget-me
cmd-forget-me-description = Delete everything TriPeaks keeps about you (asks you to confirm).

opt-rule-name = rule
opt-rule-description = King and Ace linked (Easy) or separate (Classic).
opt-code-name = code
opt-code-description = A deal code such as TP1-E-ABCDEFG, to play those very cards.
opt-card-name = card
opt-card-description = The card to play, for example 10H, KC or Q♠.
opt-errors-name = errors
opt-errors-description = Explain why a move is refused (help for errors).
opt-winnable-name = winnable
opt-winnable-description = Deal only a deal that can be won.
opt-user-name = user
opt-user-description = Whose statistics to show (yours if left out).
opt-period-name = period
opt-period-description = This week (from Monday 00:00 UTC), this month, all time, or a daily deal.
opt-by-name = by
opt-by-description = Rank by wins, best score or longest win streak.
opt-date-name = date
opt-date-description = The day of a daily board, as YYYY-MM-DD (today if left out).
opt-public-name = public
opt-public-description = Show you on server boards and let others see your statistics.

choice-easy = Easy (King and Ace linked)
choice-classic = Classic (King and Ace separate)
choice-on = On
choice-off = Off
choice-week = This week
choice-month = This month
choice-all = All time
choice-daily = Today's daily
choice-wins = Wins
choice-best = Best score
choice-streak = Win streak
