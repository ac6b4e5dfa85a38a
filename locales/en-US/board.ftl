## The board described for screen readers (the picture's alt text), and the status line.

# $stock, $waste and $rows are the texts of board-stock, board-waste and the rows joined.
board-description = { $stock }; { $waste }. { $rows }.
board-description-won = { $stock }; { $waste }. All three peaks are cleared.
board-stock =
    { $count ->
        [0] Stock: empty
        [one] Stock: { $count } card
       *[other] Stock: { $count } cards
    }
board-waste = waste: { $card }
board-row-top = Peak tops: { $cards }
board-row-second = row 2: { $cards }
board-row-third = row 3: { $cards }
board-row-bottom = bottom row: { $cards }
board-row-empty = no cards
board-face-down = face-down card
board-list-separator = {", "}
board-row-separator = {"; "}

status-line =
    Score: { $score } · Moves: { $moves } · { $stock ->
        [0] Stock empty
        [one] { $stock } card left in the stock
       *[other] { $stock } cards left in the stock
    }
# $status is the status-line text, $outcome one of the outcomes below.
status-line-ended = { $status } · { $outcome }
outcome-won = You won!
outcome-blocked = No more moves possible
