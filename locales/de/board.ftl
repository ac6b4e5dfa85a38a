## Das Spielfeld für Screenreader beschrieben (Alternativtext des Bildes) und die Statuszeile.

board-description = { $stock }; { $waste }. { $rows }.
board-description-won = { $stock }; { $waste }. Alle drei Gipfel sind abgeräumt.
board-stock =
    { $count ->
        [0] Nachziehstapel: leer
        [one] Nachziehstapel: { $count } Karte
       *[other] Nachziehstapel: { $count } Karten
    }
board-waste = Ablagestapel: { $card }
board-row-top = Gipfel: { $cards }
board-row-second = Reihe 2: { $cards }
board-row-third = Reihe 3: { $cards }
board-row-bottom = untere Reihe: { $cards }
board-row-empty = keine Karten
board-face-down = verdeckte Karte
board-list-separator = {", "}
board-row-separator = {"; "}

status-line =
    Punkte: { $score } · Züge: { $moves } · { $stock ->
        [0] Nachziehstapel leer
        [one] Noch { $stock } Karte im Nachziehstapel
       *[other] Noch { $stock } Karten im Nachziehstapel
    }
status-line-ended = { $status } · { $outcome }
outcome-won = Du hast gewonnen!
outcome-blocked = Keine Züge mehr möglich
