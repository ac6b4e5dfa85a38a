## Kaarten en spelregels in woorden. Variabelen: $rank is ace, jack, queen, king of het getal
## 2 tot en met 10; $suit is clubs, diamonds, hearts of spades; $symbol is het symbool van de
## kaartsoort.

# De lange naam, zoals de spelregels hem schrijven: ‘klaverenaas’, ‘schoppen 3’, ‘ruitenkoning’.
card-name =
    { $suit ->
        [clubs] klaveren
        [diamonds] ruiten
        [hearts] harten
       *[spades] schoppen
    }{ $rank ->
        [ace] aas
        [jack] boer
        [queen] vrouw
        [king] koning
       *[other] {" "}{ $rank }
    }

# Het korte label op knoppen. De spelregels schrijven de heer als R (R♣); boer B, vrouw V.
card-label =
    { $rank ->
        [ace] A
        [jack] B
        [queen] V
        [king] R
       *[other] { $rank }
    }{ $symbol }

rule-easy = Makkelijk
rule-classic = Klassiek

# The joker of the wild card (mode J): its long name and its button label.
card-joker = joker
card-joker-label = ★ Joker
