## Cards and rules in words. Variables: $rank is ace, jack, queen, king or the number 2 to 10;
## $suit is clubs, diamonds, hearts or spades; $symbol is the suit symbol.

# The long name, for sentences and screen readers: "ace of clubs", "3 of spades".
card-name =
    { $rank ->
        [ace] ace
        [jack] jack
        [queen] queen
        [king] king
       *[other] { $rank }
    } of { $suit ->
        [clubs] clubs
        [diamonds] diamonds
        [hearts] hearts
       *[spades] spades
    }

# The short label on buttons: the rank's letter, then the suit symbol: "K♣", "10♥".
card-label =
    { $rank ->
        [ace] A
        [jack] J
        [queen] Q
        [king] K
       *[other] { $rank }
    }{ $symbol }

rule-easy = Easy
rule-classic = Classic

# The joker of the wild card (mode J): its long name and its button label.
card-joker = joker
card-joker-label = ★ Joker
