## Spielvarianten.

mode-standard = Standardspiel
mode-aisleriot = Aisleriot-Wertung
mode-multiplier = Punktemultiplikator
mode-progressive = fortlaufende Runden
mode-open-peaks = offene Gipfel
mode-empty-waste = leerer Ablagestapel
mode-wild-card = Joker
mode-traditional-draw = traditionelles Ziehen
game-modes = Varianten: { $modes }.
status-round = Runde { $round }
status-chain = Serie { $chain } (nächste Karte +{ $next })
peak-cleared-bonus = Gipfel abgeräumt! +{ $points } Punkte.
round-cleared = Runde { $round } geschafft! Runde { $next } wird ausgeteilt, deine Punkte zählen weiter.
game-over-rounds =
    { outcome-blocked }. Endstand: { $score } Punkte, { $rounds ->
        [one] { $rounds } Runde
       *[other] { $rounds } Runden
    } geschafft. Du kannst Züge zurücknehmen oder ein neues Spiel beginnen.
board-waste-empty = Ablage: leer, jede freie Karte passt
board-covered = { $card } (noch bedeckt)
code-invalid-modes = „{ $input }“ enthält einen ungültigen Variantenbuchstaben, „{ $letter }“. Nach den 7 Buchstaben darf ein Code Varianten nennen, jede einmal: A (Aisleriot-Wertung), M (Punktemultiplikator) und P (fortlaufende Runden) mit A, O (offene Gipfel), W (leerer Ablagestapel), J (Joker), T (traditionelles Ziehen). Beispiel: TP1-E-ABCDEFG-AP.
modes-progressive-needs-aisleriot = Fortlaufende Runden gehören zur Aisleriot-Wertung: wähle diese Wertung oder lass die Option Wertung weg.
settings-modes = Deine neuen Spiele verwenden jetzt: { $modes }.
settings-current-modes = Varianten deiner neuen Spiele: { $modes }.
rules-modes = **Varianten** (Option `wertung` und die weiteren von { $command }): Die **Aisleriot-Wertung** beginnt bei 0; die k-te Karte seit dem letzten Ziehen bringt k Punkte, Ziehen kostet 5, eine Gipfelspitze +15 und das leere Spielfeld +30 (beste Runde 466). **Punktemultiplikator**: Die Serie verdoppelt sich (1, 2, 4, 8 …), Spitzen +25 und +50, Ziehen ist kostenlos. **Fortlaufende Runden**: Ein leeres Spielfeld bringt eine neue Runde, die Punkte zählen weiter, bis eine Runde festsitzt. **Offene Gipfel**: Alle Karten liegen von Anfang an offen. **Leerer Ablagestapel**: Die Ablage beginnt leer, deine erste Karte darf also jede freie Karte sein. **Joker**: Ein Joker kommt ins Spiel (53 Karten, 24 im Nachziehstapel); er passt auf jede Karte und jede Karte passt auf ihn. **Traditionelles Ziehen**: Du darfst nur ziehen, wenn keine Karte auf den Ablagestapel passt.
