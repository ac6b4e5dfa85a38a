## Settings confirmations and the rules summary. $rule is a rule name (rule-easy, rule-classic).

settings-errors-on = Help for errors is on: when a move is refused, you will be told why.
settings-errors-off = Help for errors is off: refused moves are ignored without a word.
settings-rule = Your new games will use the { $rule } rule.
# $errors and $public are on or off.
settings-current =
    Your settings: help for errors { $errors ->
        [on] on
       *[off] off
    }; rule for new games: { $rule }; { $public ->
        [on] shown on server boards
       *[off] hidden from server boards
    }.

rules-summary = **TriPeaks** deals 28 cards in three peaks: only the 10 cards of the bottom row start face up. One card lies on the waste and 23 wait in the stock.

    Remove a face-up card that no other card covers when its rank is one higher or lower than the waste card’s, whatever the suit: on an 8, a 7 or a 9. It becomes the new waste card. A face-down card turns up as soon as both cards covering it are gone.

    When nothing fits, draw from the stock; you may draw at any time, but the stock is used only once. In **Easy** (the default) King and Ace are linked, so a run can go Q, K, A, 2; in **Classic** they are not.

    You win when all 28 cards are gone. Score: 500 to start, −1 for each removal or draw, +100 for each emptied peak. Undo takes back up to 100 moves, and a deal code such as TP1-E-ABCDEFG deals the very same cards again.

    Together: **/tripeaks daily** is the same deal for everyone each UTC day (a new one at 00:00 UTC); your first finished attempt is scored, and a won daily day after day builds your daily streak. A game counts once for statistics and server boards when it is won, blocked, or abandoned after a move, in the server where it was started.
