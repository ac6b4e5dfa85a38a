## Comandos de barra: nombres (en minúsculas, sin espacios, 32 caracteres como máximo) y
## descripciones (100 caracteres como máximo).

cmd-tripeaks-name = tripeaks
cmd-tripeaks-description = Juega al solitario TriPeaks: vacía tres picos de cartas, un valor arriba o abajo.
cmd-new-name = nueva
cmd-new-description = Empieza una nueva partida, al azar o a partir de un código de partida.
cmd-code-name = código
cmd-code-description = Comparte el código de tu partida actual.
cmd-play-name = jugar
cmd-play-description = Juega una carta escribiéndola, por ejemplo 10H o R♣.
cmd-show-name = mostrar
cmd-show-description = Vuelve a mostrar tu partida actual.
cmd-settings-name = ajustes
cmd-settings-description = Ayuda para errores y regla de tus nuevas partidas.
cmd-rules-name = reglas
cmd-rules-description = Un breve resumen de las reglas.
cmd-stats-name = estadísticas
cmd-stats-description = Tus estadísticas o las de otro jugador: partidas, victorias, rachas, mejor puntuación.
cmd-leaderboard-name = clasificación
cmd-leaderboard-description = La clasificación de este servidor: más victorias, mejores puntuaciones o rachas más largas.
cmd-daily-name = diaria
cmd-daily-description = El reparto del día, el mismo para todos; puntúa tu primer intento terminado.
cmd-forget-me-name = olvidarme
cmd-forget-me-description = Borra todo lo que TriPeaks guarda sobre ti (pide confirmación).

opt-rule-name = regla
opt-rule-description = Rey y as enlazados (Fácil) o separados (Clásico).
opt-code-name = código
opt-code-description = Un código de partida como TP1-E-ABCDEFG, para jugar exactamente esas cartas.
opt-card-name = carta
opt-card-description = La carta que quieres jugar, por ejemplo 10H, RC o Q♠.
opt-errors-name = errores
opt-errors-description = Explicar por qué se rechaza un movimiento (ayuda para errores).
opt-winnable-name = ganable
opt-winnable-description = Repartir solo un reparto que se pueda ganar.
opt-user-name = jugador
opt-user-description = De quién mostrar las estadísticas (las tuyas si lo dejas vacío).
opt-period-name = periodo
opt-period-description = Esta semana (desde el lunes, 00:00 UTC), este mes, de todos los tiempos o una partida diaria.
opt-by-name = por
opt-by-description = Ordenar por victorias, mejor puntuación o racha de victorias más larga.
opt-date-name = fecha
opt-date-description = El día de una clasificación diaria, como AAAA-MM-DD (hoy si lo dejas vacío).
opt-public-name = público
opt-public-description = Mostrarte en las clasificaciones de los servidores y dejar que otros vean tus estadísticas.

choice-easy = Fácil (rey y as enlazados)
choice-classic = Clásico (rey y as separados)
choice-on = Activada
choice-off = Desactivada
choice-week = Esta semana
choice-month = Este mes
choice-all = De todos los tiempos
choice-daily = Partida diaria de hoy
choice-wins = Victorias
choice-best = Mejor puntuación
choice-streak = Racha de victorias
