## Statistik, Server-Bestenlisten und Privatsphäre. $name ist der Name eines Spielers als Text;
## $command sagt, wie man ein Spiel startet (siehe game.ftl). Zahlen sind einfache ganze Zahlen.

stats-none-self = Du hast noch kein Spiel abgeschlossen. Spiele eines mit { $command }: Deine Statistik beginnt mit deinem ersten abgeschlossenen Spiel.
stats-none-other = { $name } hat noch kein Spiel abgeschlossen.
stats-none-rule = Noch kein abgeschlossenes Spiel mit der Regel { $rule }.
stats-hidden = { $name } hält die eigene Statistik privat.
stats-bot = Bots spielen kein TriPeaks, daher haben sie keine Statistik.
# Die einzeilige Zusammenfassung, die mit der Statistikkarte gesendet wird.
stats-summary = { $name }: { $played } gespielt, { $won } gewonnen ({ $percent } %), Serie { $streak } (Rekord { $best_streak }), beste Punktzahl { $best }.
# Worauf sich die Zahlen beziehen: alle Regeln oder eine.
stats-scope-all = alle Regeln
stats-scope-rule = Regel { $rule }
# Die Statistikkarte (ein Bild): kurze Beschriftungen, die unter große Zahlen passen.
stats-card-title = { $name } · TriPeaks
stats-card-played = Gespielt
stats-card-win-rate = Siegquote
stats-card-streak = Serie
stats-card-best-score = Beste Punktzahl
stats-card-best-streak = Rekord { $count }
stats-card-outcomes = { $won } gewonnen · { $blocked } blockiert · { $abandoned } abgebrochen
stats-card-details = Schnitt bei Siegen { $average } · Wenigste Züge { $fewest } · Längste Kette { $chain } · Tipps { $hints }
stats-card-last-30-days = Letzte 30 Tage: { $played } gespielt, { $won } gewonnen
stats-card-daily-streak = Tagesserie { $count }
stats-card-recent = { $count ->
        [one] Letztes Spiel
       *[other] Letzte { $count } Spiele
    }
# Eine Zahl, die nur aus einem Teil der Spiele bekannt ist (ältere Spiele haben sie nicht erfasst).
stats-at-least = mindestens { $value }
stats-unknown = unbekannt
# Der Alternativtext des Bildes: dasselbe wie die Karte, in Worten.
stats-alt = TriPeaks-Statistik von { $name } ({ $scope }): { $played } gespielt, { $won } gewonnen, { $blocked } blockiert, { $abandoned } abgebrochen; Siegquote { $percent } %; aktuelle Siegesserie { $streak }, Rekord { $best_streak }; beste Punktzahl { $best }; durchschnittliche Punktzahl gewonnener Spiele { $average }; wenigste Züge bei einem Sieg { $fewest }; längste Kette { $chain }; genutzte Tipps { $hints }. Letzte 30 Tage: { $recent_played } gespielt, { $recent_won } gewonnen. Letzte Spiele, das älteste zuerst: { $strip }.
stats-strip-won = gewonnen { $score }
stats-strip-blocked = blockiert { $score }
stats-strip-abandoned = abgebrochen { $score }

board-title = **TriPeaks-Bestenliste** · { $period } · Wertung: { $metric }
board-period-week = diese Woche
board-period-month = diesen Monat
board-period-all = insgesamt
board-metric-wins = Siege
board-metric-best = beste Punktzahl
board-metric-streak = Siegesserie
# $when ist eine Dauer wie „2 Tage“ (im Nominativ: „noch 2 Tage“).
board-resets-week = Wochen beginnen montags um 00:00 UTC: Noch { $when }, dann beginnt diese Bestenliste von vorn.
board-resets-month = Monate beginnen am 1. um 00:00 UTC: Noch { $when }, dann beginnt diese Bestenliste von vorn.
board-line-wins = #{ $rank } · { $name }: { $wins ->
        [one] { $wins } Sieg
       *[other] { $wins } Siege
    } in { $games ->
        [one] { $games } Spiel
       *[other] { $games } Spielen
    }
board-line-best = #{ $rank } · { $name }: { $score } Punkte
board-line-streak = #{ $rank } · { $name }: { $streak ->
        [one] { $streak } Sieg
       *[other] { $streak } Siege
    } in Folge
board-you = { $name } (du)
board-hidden-player = ein verborgener Spieler
board-unknown-player = ein Spieler
board-your-place = Dein Platz:
board-players = { $count ->
        [one] { $count } Spieler in der Wertung.
       *[other] { $count } Spieler in der Wertung.
    }
board-empty = Auf diesem Server wurde { $period } noch kein Spiel abgeschlossen. Mach den Anfang: { $command }.
board-dm = Bestenlisten gelten pro Server: In Direktnachrichten siehst du nur deine eigenen Ergebnisse.
board-dm-none = Du hast { $period } noch kein Spiel abgeschlossen.

duration-days = { $count ->
        [one] { $count } Tag
       *[other] { $count } Tage
    }
duration-hours = { $count ->
        [one] { $count } Stunde
       *[other] { $count } Stunden
    }
duration-minutes = { $count ->
        [one] { $count } Minute
       *[other] { $count } Minuten
    }

settings-public-on = Du wirst in Server-Bestenlisten angezeigt, und andere Spieler können deine Statistik sehen.
settings-public-off = Du bist verborgen: Server-Bestenlisten lassen dich weg (du siehst dich selbst als „ein verborgener Spieler“), und niemand sonst kann deine Statistik sehen.

forget-confirm = Damit wird alles gelöscht, was TriPeaks über dich speichert: dein laufendes Spiel, deine abgeschlossenen Spiele und deine Statistik, deine Einstellungen und dein Name in den Bestenlisten. Das lässt sich nicht rückgängig machen. Drücke zur Bestätigung auf den Knopf.
button-forget = Meine Daten löschen
forget-done = Gelöscht: { $parts }. TriPeaks speichert nichts mehr über dich.
forget-part-current = dein laufendes Spiel
forget-part-finished = { $count ->
        [one] { $count } abgeschlossenes Spiel
       *[other] { $count } abgeschlossene Spiele
    }
forget-part-settings = deine Einstellungen
forget-part-corrupt = { $count ->
        [one] { $count } unlesbares gespeichertes Spiel
       *[other] { $count } unlesbare gespeicherte Spiele
    }
forget-part-name = dein Name in den Bestenlisten
forget-nothing = Es gibt nichts zu löschen: TriPeaks speichert keine Daten über dich.
forget-not-yours = Dieser Knopf gehört der Person, die das Löschen ihrer Daten angefordert hat. Um deine zu löschen, nutze { $command }.
history-title = Letzte beendete Spiele von { $name }:
history-line = { $number }. { $date } · { $rule }{ $modes } · { $outcome } · { $score } Punkte · { $moves } Züge · { $time } · `{ $code }`
history-none-self = Du hast noch kein Spiel beendet. Starte eines mit { $command }.
history-none-other = { $name } hat noch kein Spiel beendet.
history-times = Schnellster Sieg { $fastest } · durchschnittliche Siegzeit { $average }
history-no-replay = Dieses Spiel wurde beendet, bevor Wiederholungen gespeichert wurden, daher gibt es keine Wiederholung.
history-replay-damaged = Die Aufzeichnung dieses Spiels ist beschädigt, daher kann es nicht wiederholt werden. Alle anderen Spiele des Verlaufs schon.
history-not-found = Dieses Spiel ist nicht mehr im Verlauf.
button-replay = Wiederholung { $number }
replay-text = Wiederholung von `{ $code }`: { $outcome }, { $score } Punkte.
replay-alt = Wiederholung von { $code } vom Austeilen bis zum Ende, { $actions } Aktionen: { $outcome }, { $score } Punkte.
replay-coming = Diese Wiederholung wird für diesen Kanal schon erstellt: Sie ist gleich da.
replay-busy = Wiederholungen sind gerade ausgelastet. Versuche es gleich noch einmal.

# The modes option of /tripeaks stats and /tripeaks leaderboard: a bad value ($input as typed),
# the games of other mode sets not counted ($count, $others), the modes counted ($modes: names).
modes-option-invalid = „{ $input }“ ist keine Auswahl von Varianten: Schreib Variantenbuchstaben wie in einem Code (A, M, P, O, W, J, T; zum Beispiel AP oder J) oder standard für das Standardspiel.
stats-other-modes =
    { $count ->
        [one] { $count } Spiel in anderen Varianten zählt hier nicht: Die Option varianten zeigt es.
       *[other] { $count } Spiele in anderen Varianten zählen hier nicht: Die Option varianten zeigt sie.
    }
stats-none-modes =
    Noch kein abgeschlossenes Spiel mit { $modes }; { $others ->
        [one] { $others } Spiel in anderen Varianten: Die Option varianten zeigt es.
       *[other] { $others } Spiele in anderen Varianten: Die Option varianten zeigt sie.
    }
modes-counted = Gezählt werden Spiele mit: { $modes }.
board-other-modes =
    { $count ->
        [one] Dein { $count } Spiel in anderen Varianten in diesem Zeitraum zählt auf seiner eigenen Rangliste (Option varianten).
       *[other] Deine { $count } Spiele in anderen Varianten in diesem Zeitraum zählen auf eigenen Ranglisten (Option varianten).
    }
