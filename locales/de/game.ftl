## Was der Bot während eines Spiels sagt. $command sagt, wie man ein Spiel startet: eine
## Befehlserwähnung wie </tripeaks new:123>, die Discord in der Sprache des Lesers anzeigt.

game-started = Neues Spiel { $code }, Regel { $rule }. Lege Karten ab, die genau einen Wert höher oder niedriger sind als die Karte auf dem Ablagestapel, oder ziehe eine Karte.
game-your-turn = Du bist dran. Auf dem Ablagestapel liegt: { $waste }.
game-won =
    Du hast gewonnen! Endstand: { $score ->
        [one] { $score } Punkt
       *[other] { $score } Punkte
    } in { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Zügen
    }.
game-blocked =
    { outcome-blocked }. Endstand: { $score ->
        [one] { $score } Punkt
       *[other] { $score } Punkte
    }. Du kannst Züge rückgängig machen oder ein neues Spiel starten.
peak-cleared = Gipfel abgeräumt! +100 Punkte.

refusal-not-adjacent = Muss genau einen Wert höher oder niedriger sein
refusal-blocked = Diese Karte ist blockiert
refusal-not-on-board = Diese Karte liegt nicht mehr in den Gipfeln
refusal-stock-empty = Der Nachziehstapel ist leer
refusal-nothing-to-undo = Nichts rückgängig zu machen
# A draw refused under the traditional draw (T): $card is a free card that fits (its long name),
# $label its button label.
refusal-must-play = Eine Karte passt auf den Ablagestapel, du darfst noch nicht ziehen: Spiel zuerst { $card } ({ $label }). Beim traditionellen Ziehen ziehst du nur, wenn keine Karte passt.
refusal-game-over = Dieses Spiel ist vorbei

game-not-yours = Das ist nicht dein Spiel. Starte dein eigenes mit { $command }.
game-none = Du hast kein laufendes Spiel. Starte eines mit { $command }.
board-outdated = Dieses Spielfeld war veraltet; hier ist dein Spiel, wie es jetzt steht.
code-invalid = „{ $input }“ ist kein Spielcode. Ein Code sieht so aus: TP1-E-ABCDEFG, also TP1, dann E (Einfach) oder C (Klassisch), dann 7 Buchstaben von A bis Z.
code-share = Spielcode: { $code } ({ $rule }). Alle können genau diese Karten spielen: Füge den Code bei { $command } ein.
card-unknown = „{ $input }“ ist keine Karte. Schreibe den Wert und dann die Farbe, zum Beispiel 10♥, K♣ oder DS.

hint-remove = Tipp: Lege { $label } ab ({ $card }).
hint-draw = Tipp: Ziehe eine Karte vom Nachziehstapel.
hint-lost = Dieses Spiel ist von hier aus nicht mehr zu gewinnen. Mache ein paar Züge rückgängig oder starte ein neues Spiel.
hint-unavailable = Gerade kein Tipp verfügbar; versuche es gleich noch einmal.
work-one-at-a-time = Deine vorige Anfrage läuft noch: bitte eine nach der anderen. Versuche es noch einmal, sobald sie beantwortet ist.
work-spent = Das sind viele aufwendige Anfragen in kurzer Zeit. Versuche es in { $seconds } s noch einmal.
work-crowded = Der Bot ist gerade mit den Anfragen anderer Spieler beschäftigt. Versuche es gleich noch einmal.
hints-used =
    { $count ->
        [one] Du hast { $count } Tipp genutzt.
       *[other] Du hast { $count } Tipps genutzt.
    }
verdict-winnable =
    Dieses Spiel war zu gewinnen: in { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Zügen
    } vom Start an.
verdict-unwinnable = Dieses Spiel hätte niemand gewinnen können.
verdict-unknown = Ob dieses Spiel zu gewinnen war, ist nicht bekannt.

error-corrupt-game = Entschuldigung, dein gespeichertes Spiel konnte nicht gelesen werden und wurde daher beendet. Starte ein neues mit { $command }.
error-generic = Entschuldigung, da ist etwas schiefgelaufen. Bitte versuche es noch einmal.
error-store-unavailable = Der Spielspeicher antwortet nicht. Versuche es gleich noch einmal.
error-store-slow = Der Spielspeicher antwortet langsam. Du musst nichts tun: das hier aktualisiert sich, sobald er antwortet.
error-store-gave-up = Der Spielspeicher antwortet seit { $minutes } Minuten nicht. Ob deine letzte Aktion gespeichert wurde, zeigt { $command }, sobald er antwortet.
interaction-already-answered = Darauf wurde schon geantwortet, also wurde nichts noch einmal getan.

button-draw =
    { $count ->
        [0] Stapel leer
       *[other] Ziehen ({ $count })
    }
button-undo = Rückgängig
button-hint = Tipp
button-new-game = Neues Spiel
button-share-code = Code teilen
button-play-deal = Dieses Spiel spielen
game-replace-confirm = Du hast ein laufendes Spiel ({ $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }). Wenn du das Spiel { $code } startest, endet es und zählt als abgebrochen. Starten?
game-replace-winnable-confirm = Du hast ein laufendes Spiel ({ $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }). Ein neues Spiel, das zu gewinnen ist, beendet es, und es zählt als abgebrochen. Eines suchen und starten?
game-replace-daily-confirm = Du spielst das Tagesspiel #{ $number } ({ $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }). Wenn du das Spiel { $code } startest, endet es: Es zählt als abgebrochen, als dein gewerteter Versuch des Tages, und deine Tagesserie endet. Trotzdem starten?
game-replace-daily-winnable-confirm = Du spielst das Tagesspiel #{ $number } ({ $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }). Ein neues Spiel, das zu gewinnen ist, beendet es: Es zählt als abgebrochen, als dein gewerteter Versuch des Tages, und deine Tagesserie endet. Trotzdem eines suchen und starten?
button-start-deal = Das neue Spiel starten

# Par (docs/RULES.md, "Par"): the best final score a won game could reach on this deal. $par is it,
# $behind how many points below it the player finished.
par-made = Par dieses Spiels: { $par }. Du hast Par erreicht!
par-behind = Par dieses Spiels: { $par }. Du bist { $behind } darunter geblieben.
par-none = Dieses Spiel ist nicht zu gewinnen, also hat es kein Par.
par-of-deal = Par dieses Spiels: { $par }.
