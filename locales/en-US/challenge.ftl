## Challenges between players (/tripeaks challenge). Names are shown as text; $rule is the
## rule's name and $modes the modes' names.

challenge-duel = **{ $challenger }** challenges **{ $opponent }** to TriPeaks: { $rule }, { $modes }. The same fair deal for both, each on a private board; its code is revealed with the result. { $opponent }, answer within 24 hours.
challenge-open = **{ $challenger }** opens a TriPeaks challenge: { $rule }, { $modes }. Join within the hour (up to { $max } players): everyone plays the same fair deal on a private board, and its code is revealed with the result.
challenge-players = Players ({ $count }/{ $max }): { $names }
challenge-accepted = **{ $opponent }** took up **{ $challenger }**’s challenge: { $rule }, { $modes }. Press Play for your private board; each of you has 24 hours to finish.
challenge-declined = **{ $opponent }** declined **{ $challenger }**’s challenge.
challenge-lapsed = This challenge lapsed: nobody took it up in time.
challenge-gone = This challenge is over or no longer kept.
challenge-not-yours = This challenge is not yours to answer or to play. Start one of your own with { $command }.
challenge-self = You cannot challenge yourself: name another player, or leave the opponent out for an open challenge anyone may join.
challenge-bot = Bots do not play TriPeaks: challenge a person, or leave the opponent out for an open challenge.
challenge-pending = You already have a challenge waiting for an answer or for players. When it is answered or lapses, you can challenge again.
challenge-full = This challenge is full: { $max } players.
challenge-closed = This challenge takes no more players.
challenge-rematch-only = This rematch is for the players of the last challenge only.
challenge-board = Your private board for the challenge with { $players }: nobody else sees your cards. Finish within { $when }; the result is posted in the channel when everyone has.
challenge-waiting = Your challenge result is in. { $count ->
        [one] One player has
       *[other] { $count } players have
    } still to finish; the result is posted in the channel when everyone has.
challenge-left = Your game of this challenge was replaced, or its time ran out: it counts as abandoned ({ $score } points).
challenge-take-confirm = You have a game in progress ({ $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }). Playing the challenge replaces it, and it counts as abandoned.
challenge-code-secret = The deal’s code is revealed with the challenge’s result.
challenge-result-title = **Challenge result**: { $rule }, { $modes }, deal `{ $code }`
challenge-result-line = { $rank }. **{ $name }**: { $outcome }, { $score } points in { $moves } moves
challenge-result-winner = **{ $name }** wins!
challenge-result-tie = It is a tie!
challenge-result-par = Par for this deal: { $par } points.
challenge-record-lead = Head to head: **{ $leader }** leads **{ $other }** { $wins }–{ $losses }
challenge-record-level = Head to head: **{ $first }** and **{ $second }** are level at { $wins }–{ $wins }
challenge-record-ties = { $count ->
        [one] (1 tie)
       *[other] ({ $count } ties)
    }
challenge-record-none = Head to head: **{ $first }** and **{ $second }** have not finished a challenge against each other yet.
stats-challenges = Challenges: { $won } won, { $lost } lost
challenge-card-title = Challenge result
challenge-card-deal = { $rule }, { $modes }, deal { $code }
challenge-card-numbers = { $score } points · { $moves } moves
button-challenge-accept = Accept
button-challenge-decline = Decline
button-challenge-join = Join
button-challenge-play = Play
button-challenge-rematch = Rematch
button-challenge-take = Play the challenge
challenge-player-left = a player who left
