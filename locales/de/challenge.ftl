## Herausforderungen zwischen Spielern (/tripeaks challenge). Namen werden als Text gezeigt;
## $rule ist der Name der Regel, $modes die Namen der Modi.

challenge-duel = **{ $challenger }** fordert **{ $opponent }** zu TriPeaks heraus: { $rule }, { $modes }. Dasselbe faire Spiel für beide, jeder auf einem privaten Brett; sein Code wird mit dem Ergebnis verraten. { $opponent }, antworte innerhalb von 24 Stunden.
challenge-open = **{ $challenger }** eröffnet eine TriPeaks-Herausforderung: { $rule }, { $modes }. Mach innerhalb einer Stunde mit (bis zu { $max } Spieler): alle spielen dasselbe faire Spiel auf einem privaten Brett, und sein Code wird mit dem Ergebnis verraten.
challenge-players = Spieler ({ $count }/{ $max }): { $names }
challenge-accepted = **{ $opponent }** hat die Herausforderung von **{ $challenger }** angenommen: { $rule }, { $modes }. Drück auf Spielen für dein privates Brett; jeder hat 24 Stunden Zeit.
challenge-declined = **{ $opponent }** hat die Herausforderung von **{ $challenger }** abgelehnt.
challenge-lapsed = Diese Herausforderung ist verfallen: niemand hat sie rechtzeitig angenommen.
challenge-gone = Diese Herausforderung ist vorbei oder nicht mehr gespeichert.
challenge-not-yours = Diese Herausforderung ist nicht deine: du kannst sie weder beantworten noch spielen. Starte deine eigene mit { $command }.
challenge-self = Du kannst dich nicht selbst herausfordern: nenne einen anderen Spieler, oder lass den Gegner weg für eine offene Herausforderung, bei der alle mitmachen können.
challenge-bot = Bots spielen kein TriPeaks: fordere einen Menschen heraus, oder lass den Gegner weg für eine offene Herausforderung.
challenge-pending = Du hast schon eine Herausforderung, die auf eine Antwort oder auf Spieler wartet. Sobald sie beantwortet oder verfallen ist, kannst du wieder herausfordern.
challenge-full = Diese Herausforderung ist voll: { $max } Spieler.
challenge-closed = Bei dieser Herausforderung kann niemand mehr mitmachen.
challenge-rematch-only = Diese Revanche ist nur für die Spieler der letzten Herausforderung.
challenge-board = Dein privates Brett für die Herausforderung mit { $players }: niemand sonst sieht deine Karten. Beende es innerhalb von { $when }; das Ergebnis erscheint im Kanal, wenn alle fertig sind.
challenge-waiting = Dein Ergebnis der Herausforderung ist gespeichert. { $count ->
        [one] Ein Spieler muss
       *[other] { $count } Spieler müssen
    } noch fertig werden; das Ergebnis erscheint im Kanal, wenn alle fertig sind.
challenge-left = Dein Spiel dieser Herausforderung wurde ersetzt, oder seine Zeit ist abgelaufen: es zählt als abgebrochen ({ $score } Punkte).
challenge-take-confirm = Du hast ein laufendes Spiel ({ $moves ->
        [one] 1 Zug
       *[other] { $moves } Züge
    }). Die Herausforderung ersetzt es, und es zählt als abgebrochen.
challenge-code-secret = Der Code des Spiels wird mit dem Ergebnis der Herausforderung verraten.
challenge-result-title = **Ergebnis der Herausforderung**: { $rule }, { $modes }, Spiel `{ $code }`
challenge-result-line = { $rank }. **{ $name }**: { $outcome }, { $score } Punkte in { $moves } Zügen
challenge-result-winner = **{ $name }** gewinnt!
challenge-result-tie = Unentschieden!
challenge-result-par = Par dieses Spiels: { $par } Punkte.
challenge-record-lead = Direkter Vergleich: **{ $leader }** führt gegen **{ $other }** { $wins }–{ $losses }
challenge-record-level = Direkter Vergleich: **{ $first }** und **{ $second }** stehen gleich, { $wins }–{ $wins }
challenge-record-ties = { $count ->
        [one] (1 Unentschieden)
       *[other] ({ $count } Unentschieden)
    }
challenge-record-none = Direkter Vergleich: **{ $first }** und **{ $second }** haben noch keine Herausforderung gegeneinander beendet.
stats-challenges = Herausforderungen: { $won } gewonnen, { $lost } verloren
challenge-card-title = Ergebnis der Herausforderung
challenge-card-deal = { $rule }, { $modes }, Spiel { $code }
challenge-card-numbers = { $score } Punkte · { $moves } Züge
button-challenge-accept = Annehmen
button-challenge-decline = Ablehnen
button-challenge-join = Mitmachen
button-challenge-play = Spielen
button-challenge-rematch = Revanche
button-challenge-take = Die Herausforderung spielen
challenge-player-left = ein Spieler, der gegangen ist
