## Slash-Befehle: Namen (Kleinbuchstaben, keine Leerzeichen, höchstens 32 Zeichen) und
## Beschreibungen (höchstens 100 Zeichen).

cmd-tripeaks-name = tripeaks
cmd-tripeaks-description = Spiele TriPeaks-Solitär: Räume drei Gipfel ab, immer einen Wert höher oder niedriger.
cmd-new-name = neu
cmd-new-description = Starte ein neues Spiel, zufällig oder mit einem Spielcode.
cmd-code-name = code
cmd-code-description = Teile den Spielcode deines aktuellen Spiels.
cmd-play-name = spielen
cmd-play-description = Spiele eine Karte, indem du sie eintippst, zum Beispiel 10H oder K♣.
cmd-show-name = zeigen
cmd-show-description = Zeige dein aktuelles Spiel noch einmal.
cmd-settings-name = einstellungen
cmd-settings-description = Fehlerhilfe und Regel für deine neuen Spiele.
cmd-rules-name = regeln
cmd-rules-description = Eine kurze Zusammenfassung der Regeln.
cmd-stats-name = statistik
cmd-stats-description = Deine Statistik oder die eines anderen Spielers: Spiele, Siege, Serien, beste Punktzahl.
cmd-leaderboard-name = bestenliste
cmd-leaderboard-description = Die Bestenliste dieses Servers: meiste Siege, beste Punktzahlen oder längste Serien.
cmd-daily-name = tagesspiel
cmd-daily-description = Das Spiel des Tages, für alle gleich; dein erster abgeschlossener Versuch wird gewertet.
cmd-forget-me-name = vergiss-mich
cmd-forget-me-description = Lösche alles, was TriPeaks über dich speichert (mit Rückfrage).

opt-rule-name = regel
opt-rule-description = König und Ass verbunden (Einfach) oder getrennt (Klassisch).
opt-code-name = code
opt-code-description = Ein Spielcode wie TP1-E-ABCDEFG, um genau diese Karten zu spielen.
opt-card-name = karte
opt-card-description = Die Karte, die du spielst, zum Beispiel 10H, KC oder D♠.
opt-errors-name = fehler
opt-errors-description = Erklären, warum ein Zug abgelehnt wird (Fehlerhilfe).
opt-winnable-name = lösbar
opt-winnable-description = Nur ein Spiel austeilen, das zu gewinnen ist.
opt-user-name = spieler
opt-user-description = Wessen Statistik gezeigt wird (deine, wenn du nichts angibst).
opt-period-name = zeitraum
opt-period-description = Diese Woche (ab Montag 00:00 UTC), dieser Monat, insgesamt oder ein Tagesspiel.
opt-by-name = nach
opt-by-description = Sortieren nach Siegen, bester Punktzahl oder längster Siegesserie.
opt-date-name = datum
opt-date-description = Der Tag einer Tagesbestenliste, als JJJJ-MM-TT (heute, wenn du nichts angibst).
opt-public-name = öffentlich
opt-public-description = Dich in Server-Bestenlisten zeigen und andere deine Statistik sehen lassen.

choice-easy = Einfach (König und Ass verbunden)
choice-classic = Klassisch (König und Ass getrennt)
choice-on = An
choice-off = Aus
choice-week = Diese Woche
choice-month = Dieser Monat
choice-all = Insgesamt
choice-daily = Heutiges Tagesspiel
choice-wins = Siege
choice-best = Beste Punktzahl
choice-streak = Siegesserie
