## Bestätigungen der Einstellungen und die Kurzfassung der Regeln. $rule ist der Name einer Regel.

settings-errors-on = Fehlerhilfe ist an: Wenn ein Zug abgelehnt wird, erfährst du den Grund.
settings-errors-off = Fehlerhilfe ist aus: Abgelehnte Züge werden ohne Meldung ignoriert.
settings-rule = Deine neuen Spiele verwenden die Regel { $rule }.
# $errors und $public sind on oder off.
settings-current =
    Deine Einstellungen: Fehlerhilfe { $errors ->
        [on] an
       *[off] aus
    }; Regel für neue Spiele: { $rule }; { $public ->
        [on] in Server-Bestenlisten sichtbar
       *[off] in Server-Bestenlisten verborgen
    }.

rules-summary = **TriPeaks** verteilt 28 Karten auf drei Gipfel: Nur die 10 Karten der unteren Reihe liegen zu Beginn offen. Eine Karte liegt auf dem Ablagestapel, 23 warten im Nachziehstapel.

    Eine offene Karte, die von keiner anderen mehr bedeckt wird, darfst du ablegen, wenn ihr Wert genau eins höher oder niedriger ist als der der Karte auf dem Ablagestapel, egal welche Farbe: Auf eine 8 passt eine 7 oder eine 9. Sie wird die neue Karte auf dem Ablagestapel. Eine verdeckte Karte wird aufgedeckt, sobald beide Karten, die sie bedecken, weg sind.

    Passt keine Karte, ziehst du vom Nachziehstapel; du darfst jederzeit ziehen, aber der Stapel wird nur einmal durchgespielt. Bei **Einfach** (Standard) sind König und Ass verbunden, eine Folge kann also von der Dame über König und Ass bis zur 2 gehen; bei **Klassisch** nicht.

    Du gewinnst, wenn alle 28 Karten abgelegt sind. Punkte: 500 zu Beginn, −1 pro abgelegter oder gezogener Karte, +100 für jeden abgeräumten Gipfel. Rückgängig nimmt bis zu 100 Züge zurück, und ein Spielcode wie TP1-E-ABCDEFG teilt genau dieselben Karten noch einmal aus.

    Gemeinsam: **/tripeaks tagesspiel** ist an jedem UTC-Tag dasselbe Spiel für alle (ein neues um 00:00 UTC); dein erster beendeter Versuch wird gewertet, und Tag für Tag gewonnen verlängert deine Tagesserie. Ein Spiel zählt einmal für Statistiken und Server-Bestenlisten, wenn es gewonnen, blockiert oder nach einem Zug aufgegeben wird, in dem Server, in dem es begann.
