## Événements de serveur (/tripeaks-events pour les gestionnaires d’un serveur, /tripeaks event pour
## les joueurs). $name est le nom de l’événement, rendu inoffensif ; $start et $end sont des
## horodatages Discord (<t:…>), que chaque lecteur voit à sa propre heure ; $channel est une mention
## de salon (<#…>) ; $deal est le numéro d’une donne dans l’événement, à partir de 1 ; $rule et
## $modes sont les noms de la règle et des modes.

event-only-in-server = Les événements appartiennent à un serveur : utilise cette commande sur l’un d’eux.
event-bad-name = Un événement a besoin d’un nom de 1 à { $max } caractères.
event-bad-deals = Un événement compte de 1 à { $max } donnes.
event-bad-duration = `{ $typed }` n’est pas une durée de { $min } à { $max } : écris-la comme 30m, 2h, 1h30m ou 3d.
event-bad-zone = `{ $zone }` n’est pas un fuseau horaire que je connais : choisis l’une des suggestions, comme Europe/Paris ou America/New_York.
event-bad-start = `{ $typed }` n’est pas un début que je sais lire : écris-le au format AAAA-MM-JJ HH:MM, dans le fuseau horaire que tu indiques (UTC par défaut).
event-start-past = Ce début ({ $start }) est passé : choisis un moment à venir, ou ne l’indique pas pour commencer tout de suite.
event-too-many = Ce serveur a déjà { $max } événements prévus ou en cours, le maximum possible : termine ou annule d’abord l’un d’eux.
event-cannot-post = Je ne peux pas publier dans { $channel } : accorde-moi { $permissions } dans ce salon, puis relance l’événement.
event-created = **{ $name }** est prêt, annoncé dans { $channel } : du { $start } au { $end }.
event-not-listed = Il n’apparaît pas dans la liste des événements du serveur : il me manque la permission de créer des événements. L’événement a lieu quand même.
event-which = Plusieurs événements sont ouverts ici : indique celui que tu veux (l’option `événement` les propose).
event-none-to-end = Aucun événement en cours à terminer ici.
event-none-to-cancel = Aucun événement prévu ou en cours à annuler ici.
event-ended-now = **{ $name }** se termine maintenant : ses résultats suivent dans { $channel }.
event-cancelled-now = **{ $name }** est annulé.
event-list-none = Aucun événement n’est prévu ou en cours sur ce serveur.
event-list-line = **{ $name }** (#{ $id }) : du { $start } au { $end }{ $weekly ->
        [yes] , chaque semaine
       *[no] {""}
    }

event-announce-title = **{ $name }** : un événement TriPeaks
event-announce-deals = { $count ->
        [one] Une donne, la même pour tout le monde
       *[other] { $count } donnes, les mêmes pour tout le monde
    } : { $rule }, { $modes }. Chacune sur ton plateau privé ; ta première partie terminée de chaque donne compte.
event-announce-hints-off = Les indices sont désactivés.
event-announce-hints-on = Les indices sont activés ; en cas d’égalité, qui a pris le moins d’indices l’emporte.
event-announce-when = Du { $start } au { $end }.
event-announce-weekly = Chaque semaine à la même heure.
event-announce-ended = Cet événement est terminé : ses résultats sont publiés dans ce salon.
event-announce-cancelled = Cet événement a été annulé.
button-event-play = Jouer { $number }
button-event-standings = Classement

event-not-started = Cet événement n’a pas encore commencé (début : { $start }) : reviens à ce moment-là.
event-over = Cet événement est terminé : ses résultats sont dans son salon.
event-wrong-server = Cet événement appartient à un autre serveur.
event-gone = Cet événement n’est plus conservé.
event-none = Pas encore d’événement sur ce serveur. Ses gestionnaires en lancent un avec /tripeaks-events start.
event-deal-started = **{ $name }**, donne { $deal } sur { $count } : ton plateau privé. Ta première partie terminée de cette donne compte ; fin de l’événement : { $end }.
event-practice = Ta partie de la donne { $deal } a déjà compté ({ $score } points) : celle-ci est un entraînement.
event-take-confirm = Tu as une partie en cours ({ $moves ->
        [one] 1 coup
       *[other] { $moves } coups
    }). Jouer la donne de l’événement la remplace, et elle compte comme abandonnée.
event-counted = La donne { $deal } compte pour l’événement : { $score } points.
event-practice-over = Entraînement : seule ta première partie terminée de cette donne compte.
event-too-late = L’événement était déjà terminé : cette partie ne compte pas.
event-place = Ta place : { $place } sur { $count }, avec { $total } points.
game-replace-event-confirm = Tu as une partie d’événement en cours ({ $moves ->
        [one] 1 coup
       *[other] { $moves } coups
    }). Lancer { $code } y met fin, et elle compte pour l’événement comme abandonnée, avec son score.
game-replace-event-winnable-confirm = Tu as une partie d’événement en cours ({ $moves ->
        [one] 1 coup
       *[other] { $moves } coups
    }). Une nouvelle donne qui peut être gagnée y met fin, et elle compte pour l’événement comme abandonnée, avec son score. En chercher une et la lancer ?
share-line-event = { $name } · { $event }, donne { $deal } · { $removed }/28 · { $score } pts · { $marks } · { $hints ->
        [one] { $hints } indice
       *[other] { $hints } indices
    }

event-view-running = En cours. Fin : { $end }.
event-view-upcoming = Début : { $start }. Fin : { $end }.
event-view-ended = Terminé : { $end }.
event-view-cancelled = Annulé.
event-deal-done = Donne { $deal } : { $score } points{ $won ->
        [yes] , gagnée
       *[no] {""}
    }
event-deal-open = Donne { $deal } : pas encore jouée
event-standings-title = { $count ->
        [one] Classement (1 joueur) :
       *[other] Classement ({ $count } joueurs) :
    }
event-standings-line = { $place }. **{ $name }** : { $total } points, { $cleared ->
        [one] { $cleared } donne gagnée
       *[other] { $cleared } donnes gagnées
    }
event-standings-you = Toi : { $place } sur { $count }, { $total } points.
event-standings-empty = Personne n’a encore terminé de donne.
event-player-left = un joueur parti

event-results-title = **{ $name }** est terminé : les résultats
event-results-more = …et { $count ->
        [one] 1 autre joueur
       *[other] { $count } autres joueurs
    } : tous les totaux sont dans le fichier joint.
event-results-deal = Donne { $deal } : `{ $code }`, meilleur score { $best } points, par { $par }
event-results-deal-no-par = Donne { $deal } : `{ $code }`, meilleur score { $best } points
event-results-deal-unplayed = Donne { $deal } : `{ $code }`, terminée par personne
event-results-nobody = Personne n’a terminé de donne.
event-results-replays = Les codes et les rediffusions sont maintenant ouverts : /tripeaks history montre chaque partie.
event-card-title = { $name } : résultats
event-card-deals = { $count ->
        [one] 1 donne
       *[other] { $count } donnes
    }, { $rule }, { $modes }
event-card-numbers = { $total } points · { $cleared }/{ $count } gagnées
event-listing-description = { $count ->
        [one] Une donne TriPeaks, la même pour tout le monde
       *[other] { $count } donnes TriPeaks, les mêmes pour tout le monde
    }, chacune sur ton plateau privé. Joue avec /tripeaks event.
event-listing-location = Discord : /tripeaks event
stats-events = Événements : { $wins } gagnés, { $podiums } sur le podium
event-hints-off = Les indices sont désactivés pour cet événement.
event-code-secret = Le code de la donne et les rediffusions de ses parties sont révélés à la fin de l’événement.
event-created-unconfirmed = **{ $name }** est programmé : du { $start } au { $end }. Discord n’a pas confirmé son annonce dans { $channel } ; si elle n’y est pas, les joueurs peuvent tout de même participer avec /tripeaks event.
