## Commandes slash : noms (en minuscules, sans espace, 32 caractères au plus) et descriptions
## (100 caractères au plus).

cmd-tripeaks-name = tripeaks
cmd-tripeaks-description = Joue au solitaire TriPeaks : vide trois pics de cartes, une valeur au-dessus ou au-dessous.
cmd-new-name = nouvelle
cmd-new-description = Lance une nouvelle partie, au hasard ou à partir d’un code de partie.
cmd-code-name = code
cmd-code-description = Partage le code de ta partie en cours.
cmd-play-name = jouer
cmd-play-description = Joue une carte en la tapant, par exemple 10H ou R♣.
cmd-show-name = afficher
cmd-show-description = Affiche à nouveau ta partie en cours.
cmd-settings-name = réglages
cmd-settings-description = Aide aux erreurs et règle de tes nouvelles parties.
cmd-rules-name = règles
cmd-rules-description = Un bref résumé des règles.
cmd-stats-name = statistiques
cmd-stats-description = Tes statistiques ou celles d’un autre joueur : parties, victoires, séries, meilleur score.
cmd-leaderboard-name = classement
cmd-leaderboard-description = Le classement de ce serveur : plus de victoires, meilleurs scores ou plus longues séries.
cmd-daily-name = donne-du-jour
cmd-daily-description = La donne du jour, la même pour tout le monde ; ta première partie terminée est comptée.
cmd-forget-me-name = oublie-moi
cmd-forget-me-description = Supprime tout ce que TriPeaks conserve sur toi (après confirmation).

opt-rule-name = règle
opt-rule-description = Roi et as reliés (Facile) ou séparés (Classique).
opt-code-name = code
opt-code-description = Un code de partie comme TP1-E-ABCDEFG, pour jouer exactement ces cartes.
opt-card-name = carte
opt-card-description = La carte à jouer, par exemple 10H, RC ou D♠.
opt-errors-name = erreurs
opt-errors-description = Expliquer pourquoi un coup est refusé (aide aux erreurs).
opt-winnable-name = gagnable
opt-winnable-description = Ne distribuer qu’une donne qui peut être gagnée.
opt-user-name = joueur
opt-user-description = Le joueur dont afficher les statistiques (toi si rien n’est indiqué).
opt-period-name = période
opt-period-description = Cette semaine (depuis lundi 00:00 UTC), ce mois-ci, de tous les temps ou une donne du jour.
opt-by-name = par
opt-by-description = Classer par victoires, meilleur score ou plus longue série de victoires.
opt-date-name = date
opt-date-description = Le jour d’un classement du jour, au format AAAA-MM-JJ (aujourd’hui si rien n’est indiqué).
opt-public-name = public
opt-public-description = T’afficher dans les classements des serveurs et laisser les autres voir tes statistiques.

choice-easy = Facile (roi et as reliés)
choice-classic = Classique (roi et as séparés)
choice-on = Activée
choice-off = Désactivée
choice-week = Cette semaine
choice-month = Ce mois-ci
choice-all = De tous les temps
choice-daily = Donne du jour
choice-wins = Victoires
choice-best = Meilleur score
choice-streak = Série de victoires
