## Slash-opdrachten: namen (kleine letters, geen spaties, hoogstens 32 tekens) en beschrijvingen
## (hoogstens 100 tekens).

cmd-tripeaks-name = tripeaks
cmd-tripeaks-description = Speel TriPeaks-patience: maak drie pieken leeg, telkens één rang hoger of lager.
cmd-new-name = nieuw
cmd-new-description = Start een nieuw spel, willekeurig of met een partijcode.
cmd-code-name = code
cmd-code-description = Deel de partijcode van je huidige spel.
cmd-play-name = spelen
cmd-play-description = Speel een kaart door haar in te typen, bijvoorbeeld 10H of R♣.
cmd-show-name = tonen
cmd-show-description = Toon je huidige spel opnieuw.
cmd-settings-name = instellingen
cmd-settings-description = Hulp bij fouten en de spelregel voor je nieuwe spellen.
cmd-rules-name = regels
cmd-rules-description = Een korte samenvatting van de regels.
cmd-stats-name = statistieken
cmd-stats-description = Jouw statistieken of die van een andere speler: spellen, overwinningen, reeksen, beste score.
cmd-leaderboard-name = ranglijst
cmd-leaderboard-description = De ranglijst van deze server: meeste overwinningen, beste scores of langste winstreeksen.
cmd-daily-name = dagspel
cmd-daily-description = De verdeling van vandaag, voor iedereen dezelfde; je eerste afgeronde poging telt.
cmd-forget-me-name = vergeet-mij
cmd-forget-me-description = Wis alles wat TriPeaks over je bewaart (vraagt eerst om bevestiging).

opt-rule-name = spelregel
opt-rule-description = Heer en aas verbonden (Makkelijk) of gescheiden (Klassiek).
opt-code-name = code
opt-code-description = Een partijcode zoals TP1-E-ABCDEFG, om precies die kaarten te spelen.
opt-card-name = kaart
opt-card-description = De kaart die je speelt, bijvoorbeeld 10H, RC of V♠.
opt-errors-name = fouten
opt-errors-description = Uitleggen waarom een zet wordt geweigerd (hulp bij fouten).
opt-winnable-name = winbaar
opt-winnable-description = Alleen een verdeling delen die te winnen is.
opt-user-name = speler
opt-user-description = Van wie je de statistieken wilt zien (die van jou als je niets invult).
opt-period-name = periode
opt-period-description = Deze week (vanaf maandag 00:00 UTC), deze maand, aller tijden of een dagspel.
opt-by-name = volgens
opt-by-description = Rangschikken op overwinningen, beste score of langste winstreeks.
opt-date-name = datum
opt-date-description = De dag van een dagspel-ranglijst, als JJJJ-MM-DD (vandaag als je niets invult).
opt-public-name = openbaar
opt-public-description = Je tonen op de ranglijsten van servers en anderen je statistieken laten zien.

choice-easy = Makkelijk (heer en aas verbonden)
choice-classic = Klassiek (heer en aas gescheiden)
choice-on = Aan
choice-off = Uit
choice-week = Deze week
choice-month = Deze maand
choice-all = Aller tijden
choice-daily = Dagspel van vandaag
choice-wins = Overwinningen
choice-best = Beste score
choice-streak = Winstreeks
