## Statistiques, classements des serveurs et confidentialité. $name est le nom d’un joueur, en
## texte ; $command indique comment lancer une partie (voir game.ftl). Les nombres sont des entiers.

stats-none-self = Tu n’as encore terminé aucune partie. Joues-en une avec { $command } : tes statistiques commencent avec ta première partie terminée.
stats-none-other = { $name } n’a encore terminé aucune partie.
stats-none-rule = Aucune partie terminée avec la règle { $rule } pour l’instant.
stats-hidden = { $name } garde ses statistiques privées.
stats-bot = Les bots ne jouent pas à TriPeaks, ils n’ont donc pas de statistiques.
# Le résumé d’une ligne envoyé avec la carte de statistiques.
stats-summary = { $name } : parties jouées { $played }, gagnées { $won } ({ $percent } %), série { $streak } (record { $best_streak }), meilleur score { $best }.
# Portée des chiffres : toutes les règles, ou une seule.
stats-scope-all = toutes les règles
stats-scope-rule = règle { $rule }
# La carte de statistiques (une image) : des libellés courts qui tiennent sous de grands nombres.
stats-card-title = { $name } · TriPeaks
stats-card-played = Jouées
stats-card-win-rate = Taux de victoire
stats-card-streak = Série
stats-card-best-score = Meilleur score
stats-card-best-streak = record { $count }
stats-card-outcomes = gagnées { $won } · bloquées { $blocked } · abandonnées { $abandoned }
stats-card-details = Score moyen des victoires { $average } · Moins de coups { $fewest } · Plus long enchaînement { $chain } · Indices { $hints }
stats-card-last-30-days = 30 derniers jours : jouées { $played }, gagnées { $won }
stats-card-daily-streak = Série quotidienne { $count }
stats-card-recent = { $count ->
        [one] Dernière partie
       *[other] { $count } dernières parties
    }
# Un nombre connu seulement pour certaines parties (les anciennes parties ne l’enregistraient pas).
stats-at-least = au moins { $value }
stats-unknown = non disponible
# Le texte alternatif de l’image : le contenu de la carte, en mots.
stats-alt = Statistiques TriPeaks de { $name } ({ $scope }) : parties jouées { $played }, gagnées { $won }, bloquées { $blocked }, abandonnées { $abandoned } ; taux de victoire { $percent } % ; série de victoires en cours { $streak }, record { $best_streak } ; meilleur score { $best } ; score moyen des parties gagnées { $average } ; moins de coups pour une victoire { $fewest } ; plus long enchaînement { $chain } ; indices utilisés { $hints }. 30 derniers jours : jouées { $recent_played }, gagnées { $recent_won }. Dernières parties, de la plus ancienne à la plus récente : { $strip }.
stats-strip-won = gagnée { $score }
stats-strip-blocked = bloquée { $score }
stats-strip-abandoned = abandonnée { $score }

board-title = **Classement TriPeaks** · { $period } · par { $metric }
board-period-week = cette semaine
board-period-month = ce mois-ci
board-period-all = de tous les temps
board-metric-wins = victoires
board-metric-best = meilleur score
board-metric-streak = série de victoires
# $when est une durée comme « 2 jours ».
board-resets-week = Les semaines commencent le lundi à 00:00 UTC : ce classement repart à zéro dans { $when }.
board-resets-month = Les mois commencent le 1er à 00:00 UTC : ce classement repart à zéro dans { $when }.
board-line-wins = #{ $rank } · { $name } : { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    } en { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }
board-line-best = #{ $rank } · { $name } : { $score } points
board-line-streak = #{ $rank } · { $name } : { $streak ->
        [one] { $streak } victoire
       *[other] { $streak } victoires
    } d’affilée
board-you = { $name } (toi)
board-hidden-player = un joueur masqué
board-unknown-player = un joueur
board-your-place = Ta place :
board-players = { $count ->
        [one] { $count } joueur classé.
       *[other] { $count } joueurs classés.
    }
board-empty = Aucune partie n’a encore été terminée sur ce serveur ({ $period }). Lance-toi : { $command }.
board-dm = Les classements sont propres à chaque serveur : en messages privés, tu ne vois que tes propres résultats.
board-dm-none = Tu n’as encore terminé aucune partie ({ $period }).

duration-days = { $count ->
        [one] { $count } jour
       *[other] { $count } jours
    }
duration-hours = { $count ->
        [one] { $count } heure
       *[other] { $count } heures
    }
duration-minutes = { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }

settings-public-on = Tu apparais dans les classements des serveurs, et les autres joueurs peuvent voir tes statistiques.
settings-public-off = Mode masqué : les classements des serveurs ne t’affichent pas (tu t’y vois comme « un joueur masqué »), et personne d’autre ne peut voir tes statistiques.

forget-confirm = Ceci supprime tout ce que TriPeaks conserve sur toi : ta partie en cours, tes parties terminées et tes statistiques, tes réglages et ton nom dans les classements. C’est irréversible. Appuie sur le bouton pour confirmer.
button-forget = Supprimer mes données
forget-done = Supprimé : { $parts }. TriPeaks ne conserve plus rien sur toi.
forget-part-current = ta partie en cours
forget-part-finished = { $count ->
        [one] { $count } partie terminée
       *[other] { $count } parties terminées
    }
forget-part-settings = tes réglages
forget-part-corrupt = { $count ->
        [one] { $count } partie enregistrée illisible
       *[other] { $count } parties enregistrées illisibles
    }
forget-part-name = ton nom dans les classements
forget-nothing = Il n’y a rien à supprimer : TriPeaks ne conserve aucune donnée sur toi.
forget-not-yours = Ce bouton appartient à la personne qui a demandé la suppression de ses données. Pour supprimer les tiennes, utilise { $command }.
history-title = Dernières parties terminées de { $name } :
history-line = { $number }. { $date } · { $rule }{ $modes } · { $outcome } · { $score } points · { $moves } coups · { $time } · `{ $code }`
history-none-self = Tu n’as encore terminé aucune partie. Commences-en une avec { $command }.
history-none-other = { $name } n’a encore terminé aucune partie.
history-times = Victoire la plus rapide { $fastest } · temps moyen de victoire { $average }
history-no-replay = Cette partie a été terminée avant que les rediffusions soient gardées : elle n’en a pas.
history-replay-damaged = L’enregistrement de cette partie est abîmé : elle ne peut pas être rejouée. Les autres parties de l’historique le peuvent.
history-not-found = Cette partie n’est plus dans l’historique.
button-replay = Revoir { $number }
replay-text = Rediffusion de `{ $code }` : { $outcome }, { $score } points.
replay-alt = Rediffusion de { $code } de la donne à la fin, { $actions } actions : { $outcome }, { $score } points.
replay-coming = Cette rediffusion est déjà en préparation pour ce salon : elle arrive dans un instant.
replay-busy = Les rediffusions sont occupées pour le moment. Réessaie dans un instant.

# The modes option of /tripeaks stats and /tripeaks leaderboard: a bad value ($input as typed),
# the games of other mode sets not counted ($count, $others), the modes counted ($modes: names).
modes-option-invalid = « { $input } » n’est pas un ensemble de modes : écris les lettres de mode comme dans un code (A, M, P, O, W, J, T ; par exemple AP ou J), ou standard pour la partie standard.
stats-other-modes =
    { $count ->
        [one] { $count } partie dans d’autres modes n’est pas comptée ici : l’option modes la montre.
       *[other] { $count } parties dans d’autres modes ne sont pas comptées ici : l’option modes les montre.
    }
stats-none-modes =
    Aucune partie terminée avec { $modes } pour l’instant ; { $others ->
        [one] { $others } partie dans d’autres modes : l’option modes la montre.
       *[other] { $others } parties dans d’autres modes : l’option modes les montre.
    }
modes-counted = Parties comptées : { $modes }.
board-other-modes =
    { $count ->
        [one] Ta { $count } partie dans d’autres modes sur cette période compte dans son propre classement (option modes).
       *[other] Tes { $count } parties dans d’autres modes sur cette période comptent dans leurs propres classements (option modes).
    }
