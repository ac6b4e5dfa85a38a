## Les cartes et les règles en mots. Variables : $rank vaut ace, jack, queen, king ou le nombre
## de 2 à 10 ; $suit vaut clubs, diamonds, hearts ou spades ; $symbol est le symbole de la couleur.
## La typographie française met une espace insécable (U+00A0) avant : ; ! ? et dans « ».

# Le nom complet, pour les phrases et les lecteurs d’écran : « as de trèfle », « 3 de pique ».
card-name =
    { $rank ->
        [ace] as
        [jack] valet
        [queen] dame
        [king] roi
       *[other] { $rank }
    } de { $suit ->
        [clubs] trèfle
        [diamonds] carreau
        [hearts] cœur
       *[spades] pique
    }

# L’étiquette courte des boutons, avec les lettres des jeux français : V, D, R.
card-label =
    { $rank ->
        [ace] A
        [jack] V
        [queen] D
        [king] R
       *[other] { $rank }
    }{ $symbol }

rule-easy = Facile
rule-classic = Classique

# The joker of the wild card (mode J): its long name and its button label.
card-joker = joker
card-joker-label = ★ Joker
