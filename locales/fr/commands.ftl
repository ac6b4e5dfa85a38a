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

choice-easy = Facile (roi et as reliés)
choice-classic = Classique (roi et as séparés)
choice-on = Activée
choice-off = Désactivée
