## Modes de jeu.

mode-standard = partie standard
mode-aisleriot = score d’Aisleriot
mode-multiplier = multiplicateur de score
mode-progressive = manches progressives
mode-open-peaks = pics découverts
mode-empty-waste = défausse vide
mode-wild-card = joker
mode-traditional-draw = pioche traditionnelle
game-modes = Modes : { $modes }.
status-round = Manche { $round }
status-chain = Série { $chain } (carte suivante +{ $next })
peak-cleared-bonus = Pic vidé ! +{ $points } points.
round-cleared = Manche { $round } terminée ! La manche { $next } est distribuée et votre score continue.
game-over-rounds =
    { outcome-blocked }. Score final : { $score }, avec { $rounds ->
        [one] { $rounds } manche terminée
       *[other] { $rounds } manches terminées
    }. Vous pouvez annuler des coups ou commencer une nouvelle partie.
board-waste-empty = défausse : vide, toute carte libre peut y aller
board-covered = { $card } (couverte)
code-invalid-modes = « { $input } » contient une lettre de mode invalide, « { $letter } ». Après ses 7 lettres, un code peut nommer des modes, chacun une fois : A (score d’Aisleriot), M (multiplicateur de score) et P (manches progressives) avec A, O (pics découverts), W (défausse vide), J (joker), T (pioche traditionnelle). Exemple : TP1-E-ABCDEFG-AP.
modes-progressive-needs-aisleriot = Les manches progressives vont avec le score d’Aisleriot : choisissez ce score, ou ne précisez pas l’option de score.
settings-modes = Vos nouvelles parties utilisent désormais : { $modes }.
settings-current-modes = Modes de vos nouvelles parties : { $modes }.
rules-modes = **Modes** (option `score` et les autres de { $command }) : le **score d’Aisleriot** part de 0 ; la k-ième carte retirée depuis la dernière pioche rapporte k points, une pioche coûte 5, un sommet +15 et vider le plateau +30 (meilleure manche : 466). **Multiplicateur de score** : la série double (1, 2, 4, 8…), sommets +25 et +50, piocher est gratuit. **Manches progressives** : un plateau vidé distribue une nouvelle manche et le score continue, jusqu’à ce qu’une manche soit bloquée. **Pics découverts** : toutes les cartes sont face visible dès le début. **Défausse vide** : la défausse commence vide, votre première carte peut donc être n’importe quelle carte libre. **Joker** : un joker rejoint le jeu (53 cartes, 24 dans la pioche) ; il va sur n’importe quelle carte et n’importe quelle carte va sur lui. **Pioche traditionnelle** : on ne pioche que si aucune carte ne va sur la défausse.
