## Spelvarianten.

mode-standard = standaardspel
mode-aisleriot = Aisleriot-puntentelling
mode-multiplier = puntenvermenigvuldiger
mode-progressive = opeenvolgende rondes
mode-open-peaks = open pieken
mode-empty-waste = lege aflegstapel
mode-wild-card = jokerkaart
mode-traditional-draw = traditioneel trekken
game-modes = Varianten: { $modes }.
status-round = Ronde { $round }
status-chain = Reeks { $chain } (volgende kaart +{ $next })
peak-cleared-bonus = Piek leeggemaakt! +{ $points } punten.
round-cleared = Ronde { $round } uitgespeeld! Ronde { $next } wordt gedeeld en je score loopt door.
game-over-rounds =
    { outcome-blocked }. Eindscore: { $score }, met { $rounds ->
        [one] { $rounds } uitgespeelde ronde
       *[other] { $rounds } uitgespeelde rondes
    }. Je kunt zetten ongedaan maken of een nieuw spel starten.
board-waste-empty = aflegstapel: leeg, elke vrije kaart past erop
board-covered = { $card } (bedekt)
code-invalid-modes = ‘{ $input }’ heeft een ongeldige variantletter, ‘{ $letter }’. Na de 7 letters mag een code varianten noemen, elk één keer: A (Aisleriot-puntentelling), M (puntenvermenigvuldiger) en P (opeenvolgende rondes) met A, O (open pieken), W (lege aflegstapel), J (jokerkaart), T (traditioneel trekken). Voorbeeld: TP1-E-ABCDEFG-AP.
modes-progressive-needs-aisleriot = Opeenvolgende rondes horen bij de Aisleriot-puntentelling: kies die puntentelling of laat de optie puntentelling weg.
settings-modes = Je nieuwe spellen gebruiken nu: { $modes }.
settings-current-modes = Varianten van je nieuwe spellen: { $modes }.
rules-modes = **Varianten** (optie `puntentelling` en de andere van { $command }): de **Aisleriot-puntentelling** begint bij 0; de k-de kaart die je sinds de laatste getrokken kaart verwijdert, levert k punten op, trekken kost 5 punten, een top +15 en het lege speelveld +30 (beste ronde 466). **Puntenvermenigvuldiger**: de reeks verdubbelt (1, 2, 4, 8 …), toppen +25 en +50, trekken is gratis. **Opeenvolgende rondes**: een leeg speelveld geeft een nieuwe ronde en de score loopt door, tot een ronde vastloopt. **Open pieken**: alle kaarten liggen vanaf het begin open. **Lege aflegstapel**: de aflegstapel begint leeg, dus je eerste kaart mag elke vrije kaart zijn. **Jokerkaart**: er komt een joker bij het spel (53 kaarten, 24 op de trekstapel); hij past op elke kaart en elke kaart past op hem. **Traditioneel trekken**: je mag alleen trekken als er geen kaart op de aflegstapel past.
