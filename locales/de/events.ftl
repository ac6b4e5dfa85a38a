## Server-Events (/tripeaks-events für die Verwaltung eines Servers, /tripeaks event für die
## Spieler). $name ist der Name des Events, unschädlich gemacht; $start und $end sind
## Discord-Zeitstempel (<t:…>), die jeder Leser in seiner eigenen Zeit sieht; $channel ist eine
## Kanalerwähnung (<#…>); $deal ist die Nummer eines Spiels im Event, ab 1; $rule und $modes sind
## die Namen der Regel und der Varianten.

event-only-in-server = Events gehören zu einem Server: Nutze diesen Befehl auf einem Server.
event-bad-name = Ein Event braucht einen Namen mit 1 bis { $max } Zeichen.
event-bad-deals = Ein Event hat 1 bis { $max } Spiele.
event-bad-duration = `{ $typed }` ist keine Dauer von { $min } bis { $max }: Schreib sie wie 30m, 2h, 1h30m oder 3d.
event-bad-zone = `{ $zone }` ist keine Zeitzone, die ich kenne: Wähle einen der Vorschläge, etwa Europe/Berlin oder America/New_York.
event-bad-start = `{ $typed }` ist kein Beginn, den ich lesen kann: Schreib ihn als JJJJ-MM-TT HH:MM, in der angegebenen Zeitzone (sonst UTC).
event-start-past = Dieser Beginn ({ $start }) ist schon vorbei: Wähle eine Zeit in der Zukunft, oder lass den Beginn weg, um jetzt zu starten.
event-too-many = Auf diesem Server gibt es schon { $max } geplante oder laufende Events, mehr geht nicht: Beende zuerst eines oder sage es ab.
event-cannot-post = Ich kann in { $channel } nicht posten: Gib mir dort { $permissions } und starte das Event dann noch einmal.
event-created = **{ $name }** steht, angekündigt in { $channel }: von { $start } bis { $end }.
event-not-listed = Es steht nicht in der Event-Liste des Servers: Mir fehlt die Berechtigung „Events erstellen“. Das Event läuft trotzdem.
event-which = Hier sind mehrere Events offen: Nenne das gewünschte (die Option `event` schlägt sie vor).
event-none-to-end = Hier läuft kein Event, das sich beenden ließe.
event-none-to-cancel = Hier gibt es kein geplantes oder laufendes Event, das sich absagen ließe.
event-ended-now = **{ $name }** endet jetzt: Die Ergebnisse folgen in { $channel }.
event-cancelled-now = **{ $name }** ist abgesagt.
event-list-none = Auf diesem Server gibt es kein geplantes oder laufendes Event.
event-list-line = **{ $name }** (#{ $id }): von { $start } bis { $end }{ $weekly ->
        [yes] , jede Woche
       *[no] {""}
    }

event-announce-title = **{ $name }**: ein TriPeaks-Event
event-announce-deals = { $count ->
        [one] Ein Spiel, für alle dasselbe
       *[other] { $count } Spiele, für alle dieselben
    }: { $rule }, { $modes }. Jedes auf deinem privaten Brett; bei jedem Spiel zählt dein erster abgeschlossener Versuch.
event-announce-hints-off = Tipps sind aus.
event-announce-hints-on = Tipps sind an; bei Gleichstand gewinnt, wer weniger Tipps genutzt hat.
event-announce-when = Von { $start } bis { $end }.
event-announce-weekly = Jede Woche zur selben Zeit.
event-announce-ended = Dieses Event ist vorbei: Die Ergebnisse stehen in diesem Kanal.
event-announce-cancelled = Dieses Event wurde abgesagt.
button-event-play = Spiel { $number }
button-event-standings = Rangliste

event-not-started = Dieses Event hat noch nicht begonnen (Beginn: { $start }): Komm dann wieder.
event-over = Dieses Event ist vorbei: Die Ergebnisse stehen in seinem Kanal.
event-wrong-server = Dieses Event gehört zu einem anderen Server.
event-gone = Dieses Event ist nicht mehr gespeichert.
event-none = Auf diesem Server gibt es noch kein Event. Wer den Server verwaltet, startet eines mit /tripeaks-events start.
event-deal-started = **{ $name }**, Spiel { $deal } von { $count }: dein privates Brett. Dein erster abgeschlossener Versuch bei diesem Spiel zählt; Ende des Events: { $end }.
event-practice = Dein Versuch bei Spiel { $deal } wurde schon gewertet ({ $score } Punkte): Dieser Versuch ist Training.
event-take-confirm = Du hast ein laufendes Spiel ({ $moves ->
        [one] 1 Zug
       *[other] { $moves } Züge
    }). Das Event-Spiel ersetzt es, und es zählt als abgebrochen.
event-counted = Spiel { $deal } zählt für das Event: { $score } Punkte.
event-practice-over = Training: Nur dein erster abgeschlossener Versuch bei diesem Spiel zählt.
event-too-late = Das Event war schon vorbei: Dieser Versuch zählt nicht.
event-place = Du bist auf Platz { $place } von { $count } mit { $total } Punkten.
game-replace-event-confirm = Du hast ein laufendes Event-Spiel ({ $moves ->
        [one] 1 Zug
       *[other] { $moves } Züge
    }). Wenn du { $code } startest, endet es und zählt für das Event als abgebrochen, mit seiner Punktzahl.
game-replace-event-winnable-confirm = Du hast ein laufendes Event-Spiel ({ $moves ->
        [one] 1 Zug
       *[other] { $moves } Züge
    }). Ein neues Spiel, das zu gewinnen ist, beendet es, und es zählt für das Event als abgebrochen, mit seiner Punktzahl. Eines suchen und starten?
share-line-event = { $name } · { $event }, Spiel { $deal } · { $removed }/28 · { $score } Pkt. · { $marks } · { $hints ->
        [one] { $hints } Tipp
       *[other] { $hints } Tipps
    }

event-view-running = Läuft. Ende: { $end }.
event-view-upcoming = Beginn: { $start }. Ende: { $end }.
event-view-ended = Beendet: { $end }.
event-view-cancelled = Abgesagt.
event-deal-done = Spiel { $deal }: { $score } Punkte{ $won ->
        [yes] , gewonnen
       *[no] {""}
    }
event-deal-open = Spiel { $deal }: noch nicht gespielt
event-standings-title = { $count ->
        [one] Rangliste (1 Spieler):
       *[other] Rangliste ({ $count } Spieler):
    }
event-standings-line = { $place }. **{ $name }**: { $total } Punkte, { $cleared } gewonnen
event-standings-you = Du: Platz { $place } von { $count }, { $total } Punkte.
event-standings-empty = Noch niemand hat ein Spiel abgeschlossen.
event-player-left = ein Spieler, der gegangen ist

event-results-title = **{ $name }** ist vorbei: die Ergebnisse
event-results-more = …und { $count ->
        [one] 1 weiterer Spieler
       *[other] { $count } weitere Spieler
    }: Alle Summen stehen in der angehängten Datei.
event-results-deal = Spiel { $deal }: `{ $code }`, bestes Ergebnis { $best } Punkte, Par { $par }
event-results-deal-no-par = Spiel { $deal }: `{ $code }`, bestes Ergebnis { $best } Punkte
event-results-deal-unplayed = Spiel { $deal }: `{ $code }`, von niemandem abgeschlossen
event-results-nobody = Niemand hat ein Spiel abgeschlossen.
event-results-replays = Codes und Wiederholungen sind jetzt offen: /tripeaks history zeigt jedes Spiel.
event-card-title = { $name }: Ergebnisse
event-card-deals = { $count ->
        [one] 1 Spiel
       *[other] { $count } Spiele
    }, { $rule }, { $modes }
event-card-numbers = { $total } Punkte · { $cleared }/{ $count } gewonnen
event-listing-description = { $count ->
        [one] Ein TriPeaks-Spiel, für alle dasselbe
       *[other] { $count } TriPeaks-Spiele, für alle dieselben
    }, jedes auf deinem privaten Brett. Spiel mit /tripeaks event.
event-listing-location = Discord: /tripeaks event
stats-events = Events: { $wins } gewonnen, { $podiums }-mal auf dem Podium
event-hints-off = In diesem Event sind Tipps ausgeschaltet.
event-code-secret = Der Code des Spiels und die Wiederholungen seiner Partien werden am Ende des Events gezeigt.
event-created-unconfirmed = **{ $name }** ist angesetzt: von { $start } bis { $end }. Discord hat die Ankündigung in { $channel } nicht bestätigt; fehlt sie dort, können Spieler trotzdem mit /tripeaks event mitmachen.
