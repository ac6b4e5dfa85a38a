## Game modes (docs/RULES.md, "Modes"): their names, the status line's extra parts and the messages
## of a game with modes. $modes is a list of mode names joined with ", ".

mode-standard = standard game
mode-aisleriot = Aisleriot scoring
mode-multiplier = score multiplier
mode-progressive = progressive rounds
mode-open-peaks = open peaks
mode-empty-waste = empty waste
mode-wild-card = wild card
mode-traditional-draw = traditional draw
game-modes = Modes: { $modes }.
status-round = Round { $round }
# $chain cards removed in a row since the last draw; the next card in the chain earns $next.
status-chain = Chain { $chain } (next card +{ $next })
# In Aisleriot scoring a peak top earns a bonus: $points is it.
peak-cleared-bonus = Peak cleared! +{ $points } points.
round-cleared = Round { $round } cleared! Round { $next } is dealt and your score carries on.
game-over-rounds =
    { outcome-blocked }. Final score: { $score } with { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    } cleared. You can undo moves or start a new game.
board-waste-empty = waste: empty, any free card can go there
board-covered = { $card } (covered)
code-invalid-modes = “{ $input }” has a bad mode letter, “{ $letter }”. After its 7 letters a code may name modes, each once: A (Aisleriot scoring), M (score multiplier) and P (progressive rounds) with A, O (open peaks), W (empty waste), J (wild card), T (traditional draw). Example: TP1-E-ABCDEFG-AP.
modes-progressive-needs-aisleriot = Progressive rounds go with Aisleriot scoring: choose the Aisleriot scoring, or leave the scoring option out.
settings-modes = Your new games now use: { $modes }.
settings-current-modes = Modes of your new games: { $modes }.
rules-modes = **Modes** (option `scoring` and the others of { $command }): **Aisleriot scoring** starts at 0; the k-th card removed since the last draw earns k points, a draw costs 5, a peak top +15 and clearing the board +30 (best round 466). **Score multiplier**: the chain doubles (1, 2, 4, 8 …), tops +25 and +50, draws are free. **Progressive rounds**: a cleared board deals a new round and the score carries on, until a round is blocked. **Open peaks**: every card is face up from the start. **Empty waste**: the waste starts empty, so your first card can be any free card. **Wild card**: a joker joins the deck (53 cards, 24 in the stock); it goes on any card and any card goes on it. **Traditional draw**: you may draw only when no card fits the waste.
