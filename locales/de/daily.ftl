## Das Tagesspiel, die Bestenlisten eines Spiels und die Zeile zum Teilen. $number ist die Nummer
## des Tagesspiels (#1 war am 2026-12-01); $date ein Datum als JJJJ-MM-TT; $when eine Dauer wie
## „5 Stunden“ (stats.ftl).

daily-started = **TriPeaks-Tagesspiel #{ $number }** ({ $date }): heute dasselbe Spiel für alle. Dein erster abgeschlossener Versuch wird gewertet. Ein neues Tagesspiel gibt es um 00:00 UTC, also noch { $when }.
daily-practice = Du hast Tagesspiel #{ $number } schon abgeschlossen: Dieses Spiel ist Training und wird nicht gewertet.
daily-confirm = Du hast ein laufendes Spiel ({ $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }). Wenn du das Tagesspiel startest, endet es und zählt als abgebrochen. Tagesspiel #{ $number } starten?
button-daily-start = Tagesspiel starten
daily-scored = Tagesspiel #{ $number } ist gewertet: { $score } Punkte.
daily-practice-over = Training: Tagesspiel #{ $number } wurde schon gewertet.
daily-streak = Tagesserie: { $count ->
        [one] { $count } Tag
       *[other] { $count } Tage
    }.
daily-date-invalid = „{ $input }“ ist kein Datum: Schreibe es als JJJJ-MM-TT, zum Beispiel 2026-12-24.
daily-date-future = Für { $date } gibt es noch kein Tagesspiel: Jeden Tag um 00:00 UTC kommt ein neues.
daily-date-early = Das erste Tagesspiel war am 2026-12-01: Für { $date } gibt es keines.

button-share-result = Ergebnis teilen
button-daily-board = Tagesbestenliste
button-deal-board = Bestenliste des Spiels
# Wird nur im Kanal gepostet, wenn der Spieler auf „Ergebnis teilen“ drückt; zeigt nie eine Karte.
# $marks hat ein Zeichen pro Gipfel (🟩 abgeräumt, ⬛ nicht); $removed zählt die abgelegten Karten von 28.
share-line-daily = { $name } · TriPeaks-Tagesspiel #{ $number } · { $removed }/28 · { $score } Pkt. · { $marks } · { $hints ->
        [one] { $hints } Tipp
       *[other] { $hints } Tipps
    }
share-line-deal = { $name } · TriPeaks { $code } · { $removed }/28 · { $score } Pkt. · { $marks } · { $hints ->
        [one] { $hints } Tipp
       *[other] { $hints } Tipps
    }

deal-board-note = { $others ->
        [one] { $others } weiterer Spieler hat
       *[other] { $others } weitere Spieler haben
    } dieses Spiel auf diesem Server gespielt: Du bist #{ $place } von { $total }.
deal-board-title = **Spiel { $code }** auf diesem Server: der erste abgeschlossene Versuch jedes Spielers.
daily-board-title = **TriPeaks-Tagesspiel #{ $number }** ({ $date }) auf diesem Server: der gewertete Versuch jedes Spielers.
deal-board-line = #{ $rank } · { $name }: { $outcome }, { $score } Punkte, { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }, { $hints ->
        [one] { $hints } Tipp
       *[other] { $hints } Tipps
    }
deal-board-won = gewonnen
deal-board-blocked = blockiert
deal-board-abandoned = abgebrochen
deal-board-empty = Auf diesem Server hat noch niemand dieses Spiel abgeschlossen.
daily-board-empty = Auf diesem Server hat noch niemand Tagesspiel #{ $number } abgeschlossen. Spiele es mit { $command }.
daily-board-dm = Tagesbestenlisten gelten pro Server: Hier siehst du nur dein eigenes Ergebnis.

# The daily's par on its share line ($par), and how far below it the player finished ($behind):
# a number, so it gives nothing of the deal away.
share-par = Par { $par } ({ $behind ->
        [0] erreicht
       *[other] −{ $behind }
    })
