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

choice-easy = Easy (King and Ace linked)
choice-classic = Classic (King and Ace separate)
choice-on = On
choice-off = Off
