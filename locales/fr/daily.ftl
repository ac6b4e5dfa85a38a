## La donne du jour, les classements d’une donne et la ligne de partage. $number est le numéro de
## la donne du jour (la #1 date du 2026-12-01) ; $date une date au format AAAA-MM-JJ ; $when une
## durée comme « 5 heures » (stats.ftl).

daily-started = **Donne du jour TriPeaks #{ $number }** ({ $date }) : la même donne pour tout le monde aujourd’hui. Ta première partie terminée compte pour le score. Une nouvelle donne du jour arrive à 00:00 UTC, dans { $when }.
daily-practice = Tu as déjà terminé la donne du jour #{ $number } : cette partie est un entraînement, elle ne compte pas.
daily-confirm = Tu as une partie en cours ({ $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }). Lancer la donne du jour y met fin, et elle compte comme abandonnée. Lancer la donne du jour #{ $number } ?
button-daily-start = Lancer la donne du jour
daily-scored = La donne du jour #{ $number } est comptée : { $score } points.
daily-practice-over = Entraînement : la donne du jour #{ $number } avait déjà été comptée.
daily-streak = Série quotidienne : { $count ->
        [one] { $count } jour
       *[other] { $count } jours
    }.
daily-date-invalid = « { $input } » n’est pas une date : écris-la au format AAAA-MM-JJ, par exemple 2026-12-24.
daily-date-future = Il n’y a pas encore de donne du jour pour le { $date } : une nouvelle arrive chaque jour à 00:00 UTC.
daily-date-early = La première donne du jour date du 2026-12-01 : il n’y en a pas pour le { $date }.

button-share-result = Partager le résultat
button-daily-board = Classement du jour
button-deal-board = Classement de la donne
# Publiée dans le salon seulement quand le joueur appuie sur « Partager le résultat » ; elle ne montre jamais de carte.
# $marks a une marque par pic (🟩 vidé, ⬛ non) ; $removed compte les cartes retirées sur 28.
share-line-daily = { $name } · TriPeaks, donne du jour #{ $number } · { $removed }/28 · { $score } pts · { $marks } · { $hints ->
        [one] { $hints } indice
       *[other] { $hints } indices
    }
share-line-deal = { $name } · TriPeaks { $code } · { $removed }/28 · { $score } pts · { $marks } · { $hints ->
        [one] { $hints } indice
       *[other] { $hints } indices
    }

deal-board-note = { $others ->
        [one] { $others } autre joueur a joué
       *[other] { $others } autres joueurs ont joué
    } cette donne sur ce serveur : ta place est #{ $place } sur { $total }.
deal-board-title = **Donne { $code }** sur ce serveur : la première partie terminée de chaque joueur.
daily-board-title = **Donne du jour TriPeaks #{ $number }** ({ $date }) sur ce serveur : la partie comptée de chaque joueur.
deal-board-line = #{ $rank } · { $name } : { $outcome }, { $score } points, { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }, { $hints ->
        [one] { $hints } indice
       *[other] { $hints } indices
    }
deal-board-won = gagnée
deal-board-blocked = bloquée
deal-board-abandoned = abandonnée
deal-board-empty = Personne sur ce serveur n’a encore terminé cette donne.
daily-board-empty = Personne sur ce serveur n’a encore terminé la donne du jour #{ $number }. Joue-la avec { $command }.
daily-board-dm = Les classements du jour sont propres à chaque serveur : ici, tu ne vois que ton propre résultat.

# The daily's par on its share line ($par), and how far below it the player finished ($behind):
# a number, so it gives nothing of the deal away.
share-par = par { $par } ({ $behind ->
        [0] atteint
       *[other] −{ $behind }
    })
