## What the bot says during a game. $command is how to start a game: a command mention such
## as </tripeaks new:123>, which Discord shows in the reader's own language.

game-started = New game: deal { $code }, { $rule } rule. Remove cards one rank above or below the waste card, or draw from the stock.
game-your-turn = Your move: the waste card is the { $waste }.
game-won =
    You won! Final score: { $score } in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }.
game-blocked = { outcome-blocked }. Final score: { $score }. You can undo moves or start a new game.
# A removal emptied a whole peak (the score already shows the +100).
peak-cleared = Peak cleared! +100 points.

refusal-not-adjacent = Must be one rank higher or lower
refusal-blocked = This card is blocked
refusal-not-on-board = This card is no longer in the peaks
refusal-stock-empty = The stock is empty
refusal-nothing-to-undo = Nothing to undo
# A draw refused under the traditional draw (T): $card is a free card that fits (its long name),
# $label its button label.
refusal-must-play = A card fits the waste, so you cannot draw yet: play { $card } ({ $label }) first. With the traditional draw you only draw when no card fits.
refusal-game-over = This game is over

game-not-yours = This is not your game. Start your own with { $command }.
game-none = You have no game in progress. Start one with { $command }.
board-outdated = That board was out of date; here is your game as it stands now.
code-invalid = “{ $input }” is not a deal code. A code looks like TP1-E-ABCDEFG: TP1, then E (Easy) or C (Classic), then 7 letters from A to Z.
code-share = Deal code: { $code } ({ $rule }). Anyone can play exactly these cards: paste the code into { $command }.
card-unknown = “{ $input }” is not a card. Write the rank, then the suit, for example 10♥, K♣ or QS.

hint-remove = Hint: play { $label } ({ $card }).
hint-draw = Hint: draw a card from the stock.
hint-lost = This deal can no longer be won from here. Undo some moves or start a new game.
hint-unavailable = No hint right now; try again in a moment.
work-one-at-a-time = Still working on your previous request: one at a time, please. Try again once it has answered.
work-spent = That is a lot of heavy requests in a short time. Try again in { $seconds } s.
work-crowded = The bot is busy with other players' requests right now. Try again in a moment.
hints-used =
    { $count ->
        [one] You used { $count } hint.
       *[other] You used { $count } hints.
    }
verdict-winnable =
    This deal could have been won: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } from the start.
verdict-unwinnable = No one could have won this deal.
verdict-unknown = It is not known whether this deal could have been won.

error-corrupt-game = Sorry, your saved game could not be read, so it was closed. Start a new one with { $command }.
error-generic = Sorry, something went wrong. Please try again.
error-store-unavailable = The game store is not answering. Try again in a moment.
error-store-slow = The game store is slow to answer. Nothing needs doing: this will update by itself as soon as it answers.
error-store-gave-up = The game store has not answered for { $minutes } minutes. Whether your last action was saved, { $command } will show once it answers.
interaction-already-answered = This was already answered, so nothing was done again.

button-draw =
    { $count ->
        [0] Stock empty
       *[other] Draw ({ $count })
    }
button-undo = Undo
button-hint = Hint
button-new-game = New game
button-share-code = Share code
button-play-deal = Play this deal
game-replace-confirm = You have a game in progress ({ $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }). Starting deal { $code } ends it, and it counts as abandoned. Start it?
game-replace-winnable-confirm = You have a game in progress ({ $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }). A new deal that can be won ends it, and it counts as abandoned. Look for one and start it?
game-replace-daily-confirm = You are playing daily #{ $number } ({ $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }). Starting deal { $code } ends it: it counts as abandoned, as your scored attempt of the day, and your daily streak stops. Start it anyway?
game-replace-daily-winnable-confirm = You are playing daily #{ $number } ({ $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }). A new deal that can be won ends it: it counts as abandoned, as your scored attempt of the day, and your daily streak stops. Look for one and start it anyway?
button-start-deal = Start the new deal

# Par (docs/RULES.md, "Par"): the best final score a won game could reach on this deal. $par is it,
# $behind how many points below it the player finished.
par-made = Par for this deal: { $par }. You made par!
par-behind = Par for this deal: { $par }. You finished { $behind } below it.
par-none = This deal cannot be won, so it has no par.
par-of-deal = Par for this deal: { $par }.
