## Bevestigingen van de instellingen en de samenvatting van de regels. $rule is de naam van een
## spelregel.

settings-errors-on = Hulp bij fouten staat aan: als een zet wordt geweigerd, hoor je waarom.
settings-errors-off = Hulp bij fouten staat uit: geweigerde zetten worden zonder melding genegeerd.
settings-rule = Je nieuwe spellen gebruiken de spelregel { $rule }.
# $errors en $public zijn on of off.
settings-current =
    Je instellingen: hulp bij fouten { $errors ->
        [on] aan
       *[off] uit
    }; spelregel voor nieuwe spellen: { $rule }; { $public ->
        [on] zichtbaar op de ranglijsten van servers
       *[off] verborgen op de ranglijsten van servers
    }.

rules-summary = **TriPeaks** legt 28 kaarten in drie pieken: alleen de 10 kaarten van de onderste rij liggen aan het begin open. Eén kaart ligt op de aflegstapel en 23 wachten in de trekstapel.

    Verwijder een open kaart die door niets meer wordt bedekt als haar rang één hoger of lager is dan die van de aflegstapel, ongeacht de kaartsoort: op een 8 mag een 7 of een 9. Ze wordt de nieuwe kaart op de aflegstapel. Een gedekte kaart wordt omgedraaid zodra beide kaarten die haar bedekken weg zijn.

    Als er geen aansluitende kaart is, trek je een kaart; je mag op elk moment trekken, maar de trekstapel wordt maar één keer doorlopen. Op **Makkelijk** (de standaardinstelling) sluiten heer en aas op elkaar aan, dus een reeks kan van de vrouw naar de heer, de aas en de 2 gaan; op **Klassiek** niet.

    Je wint als alle 28 kaarten weg zijn. Score: 500 bij de start, -1 per verwijderde of getrokken kaart, +100 per leeggemaakte piek. Ongedaan maken neemt tot 100 zetten terug, en een partijcode zoals TP1-E-ABCDEFG deelt precies dezelfde kaarten opnieuw.

    Samen: **/tripeaks dagspel** is elke UTC-dag hetzelfde spel voor iedereen (een nieuw om 00:00 UTC); je eerste voltooide poging telt, en elke dag winnen bouwt je dagreeks op. Een spel telt één keer mee voor statistieken en serverranglijsten als het gewonnen, vastgelopen of na een zet opgegeven is, in de server waar het begon.
