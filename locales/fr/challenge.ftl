## Défis entre joueurs (/tripeaks challenge). Les noms sont affichés comme du texte ; $rule est
## le nom de la règle et $modes les noms des modes.

challenge-duel = **{ $challenger }** défie **{ $opponent }** à TriPeaks : { $rule }, { $modes }. La même donne équitable pour les deux, chacun sur un plateau privé ; son code est révélé avec le résultat. { $opponent }, réponds sous 24 heures.
challenge-open = **{ $challenger }** ouvre un défi TriPeaks : { $rule }, { $modes }. Rejoins-le dans l’heure (jusqu’à { $max } joueurs) : chacun joue la même donne équitable sur un plateau privé, et son code est révélé avec le résultat.
challenge-players = Joueurs ({ $count }/{ $max }) : { $names }
challenge-accepted = **{ $opponent }** a relevé le défi de **{ $challenger }** : { $rule }, { $modes }. Appuie sur Jouer pour ton plateau privé ; chacun a 24 heures pour finir.
challenge-declined = **{ $opponent }** a refusé le défi de **{ $challenger }**.
challenge-lapsed = Ce défi a expiré : personne ne l’a relevé à temps.
challenge-gone = Ce défi est terminé ou n’est plus conservé.
challenge-not-yours = Ce défi n’est pas le tien : tu ne peux ni y répondre ni le jouer. Lance le tien avec { $command }.
challenge-self = Tu ne peux pas te défier toi-même : nomme un autre joueur, ou laisse l’adversaire de côté pour un défi ouvert que tout le monde peut rejoindre.
challenge-bot = Les bots ne jouent pas à TriPeaks : défie une personne, ou laisse l’adversaire de côté pour un défi ouvert.
challenge-pending = Tu as déjà un défi qui attend une réponse ou des joueurs. Quand il aura une réponse ou aura expiré, tu pourras défier à nouveau.
challenge-full = Ce défi est complet : { $max } joueurs.
challenge-closed = Ce défi n’accepte plus de joueurs.
challenge-rematch-only = Cette revanche est réservée aux joueurs du dernier défi.
challenge-board = Ton plateau privé pour le défi avec { $players } : personne d’autre ne voit tes cartes. Finis dans { $when } ; le résultat est publié dans le salon quand tout le monde a fini.
challenge-waiting = Ton résultat du défi est enregistré. { $count ->
        [one] Un joueur doit
       *[other] { $count } joueurs doivent
    } encore finir ; le résultat est publié dans le salon quand tout le monde a fini.
challenge-left = Ta partie de ce défi a été remplacée, ou son temps est écoulé : elle compte comme abandonnée ({ $score } points).
challenge-take-confirm = Tu as une partie en cours ({ $moves ->
        [one] 1 coup
       *[other] { $moves } coups
    }). Jouer le défi la remplace, et elle compte comme abandonnée.
challenge-code-secret = Le code de la donne est révélé avec le résultat du défi.
challenge-result-title = **Résultat du défi** : { $rule }, { $modes }, donne `{ $code }`
challenge-result-line = { $rank }. **{ $name }** : { $outcome }, { $score } points en { $moves } coups
challenge-result-winner = **{ $name }** gagne !
challenge-result-tie = Égalité !
challenge-result-par = Par de cette donne : { $par } points.
challenge-record-lead = Face à face : **{ $leader }** mène contre **{ $other }** { $wins }–{ $losses }
challenge-record-level = Face à face : **{ $first }** et **{ $second }** sont à égalité, { $wins }–{ $wins }
challenge-record-ties = { $count ->
        [one] (1 égalité)
       *[other] ({ $count } égalités)
    }
challenge-record-none = Face à face : **{ $first }** et **{ $second }** n’ont encore fini aucun défi l’un contre l’autre.
stats-challenges = Défis : { $won } gagnés, { $lost } perdus
challenge-card-title = Résultat du défi
challenge-card-deal = { $rule }, { $modes }, donne { $code }
challenge-card-numbers = { $score } points · { $moves } coups
button-challenge-accept = Accepter
button-challenge-decline = Refuser
button-challenge-join = Rejoindre
button-challenge-play = Jouer
button-challenge-rematch = Revanche
button-challenge-take = Jouer le défi
challenge-player-left = un joueur parti
