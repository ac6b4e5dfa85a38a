## Las cartas y las reglas en palabras. Variables: $rank es ace, jack, queen, king o el número
## del 2 al 10; $suit es clubs, diamonds, hearts o spades; $symbol es el símbolo del palo.

# El nombre largo, como lo escriben las reglas: «as de tréboles», «3 de picas».
card-name =
    { $rank ->
        [ace] as
        [jack] jota
        [queen] reina
        [king] rey
       *[other] { $rank }
    } de { $suit ->
        [clubs] tréboles
        [diamonds] diamantes
        [hearts] corazones
       *[spades] picas
    }

# La etiqueta corta de los botones. Las reglas escriben el rey como R (R♣); la reina no puede
# ser R también, así que queda Q, como en las barajas francesas que se venden en España.
card-label =
    { $rank ->
        [ace] A
        [jack] J
        [queen] Q
        [king] R
       *[other] { $rank }
    }{ $symbol }

rule-easy = Fácil
rule-classic = Clásico

# The joker of the wild card (mode J): its long name and its button label.
card-joker = comodín
card-joker-label = ★ Comodín
