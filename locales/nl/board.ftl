## Het speelveld beschreven voor schermlezers (de alt-tekst van de afbeelding) en de statusregel.

board-description = { $stock }; { $waste }. { $rows }.
board-description-won = { $stock }; { $waste }. Alle drie de pieken zijn leeg.
board-stock =
    { $count ->
        [0] Trekstapel: leeg
        [one] Trekstapel: { $count } kaart
       *[other] Trekstapel: { $count } kaarten
    }
board-waste = aflegstapel: { $card }
board-row-top = Toppen: { $cards }
board-row-second = rij 2: { $cards }
board-row-third = rij 3: { $cards }
board-row-bottom = onderste rij: { $cards }
board-row-empty = geen kaarten
board-face-down = gedekte kaart
board-list-separator = {", "}
board-row-separator = {"; "}

status-line =
    Score: { $score } · Zetten: { $moves } · { $stock ->
        [0] Trekstapel leeg
        [one] Nog { $stock } kaart in de trekstapel
       *[other] Nog { $stock } kaarten in de trekstapel
    }
status-line-ended = { $status } · { $outcome }
outcome-won = Je hebt gewonnen!
outcome-blocked = Geen zetten meer mogelijk
