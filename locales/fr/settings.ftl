## Confirmations des réglages et résumé des règles. $rule est le nom d’une règle.

settings-errors-on = Aide aux erreurs activée : quand un coup est refusé, tu sauras pourquoi.
settings-errors-off = Aide aux erreurs désactivée : les coups refusés sont ignorés sans message.
settings-rule = Tes nouvelles parties utiliseront la règle { $rule }.
# $errors et $public valent on ou off.
settings-current =
    Tes réglages : aide aux erreurs { $errors ->
        [on] activée
       *[off] désactivée
    } ; règle des nouvelles parties : { $rule } ; { $public ->
        [on] tu apparais dans les classements des serveurs
       *[off] tu n’apparais pas dans les classements des serveurs
    }.

rules-summary = **TriPeaks** distribue 28 cartes en trois pics : seules les 10 cartes de la rangée du bas sont face visible au départ. Une carte est posée sur la défausse et 23 attendent dans la pioche.

    Retire une carte visible qu’aucune autre ne recouvre si sa valeur est juste au-dessus ou au-dessous de celle de la défausse, quelle que soit la couleur : sur un 8, un 7 ou un 9. Elle devient la nouvelle carte de la défausse. Une carte cachée se retourne dès que les deux cartes qui la recouvrent sont parties.

    Quand aucune carte ne convient, pioche ; tu peux piocher à tout moment, mais la pioche ne sert qu’une fois. En **Facile** (la règle par défaut), le roi et l’as se suivent, donc une suite peut aller de la dame au roi, à l’as puis au 2 ; en **Classique**, non.

    Tu gagnes quand les 28 cartes sont retirées. Score : 500 au départ, −1 par carte retirée ou piochée, +100 par pic vidé. Annuler reprend jusqu’à 100 coups, et un code de partie comme TP1-E-ABCDEFG redistribue exactement les mêmes cartes.

    Ensemble : **/tripeaks donne-du-jour** est la même donne pour tous chaque jour UTC (une nouvelle à 00:00 UTC) ; ta première tentative terminée est comptée, et gagner jour après jour allonge ta série quotidienne. Une partie compte une fois pour les statistiques et les classements du serveur quand elle est gagnée, bloquée ou abandonnée après un coup, dans le serveur où elle a commencé.
