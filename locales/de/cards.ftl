## Karten und Regeln in Worten. Variablen: $rank ist ace, jack, queen, king oder die Zahl 2 bis
## 10; $suit ist clubs, diamonds, hearts oder spades; $symbol ist das Farbsymbol.

# Der volle Name, für Sätze und Screenreader: „Kreuz-Ass“, „Pik 3“, „Karo-König“.
card-name =
    { $suit ->
        [clubs] Kreuz
        [diamonds] Karo
        [hearts] Herz
       *[spades] Pik
    }{ $rank ->
        [ace] -Ass
        [jack] -Bube
        [queen] -Dame
        [king] -König
       *[other] {" "}{ $rank }
    }

# Die kurze Beschriftung der Knöpfe, mit den deutschen Buchstaben: B, D, K.
card-label =
    { $rank ->
        [ace] A
        [jack] B
        [queen] D
        [king] K
       *[other] { $rank }
    }{ $symbol }

rule-easy = Einfach
rule-classic = Klassisch

# The joker of the wild card (mode J): its long name and its button label.
card-joker = Joker
card-joker-label = ★ Joker
