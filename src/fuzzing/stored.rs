//! A player's game as the store reads it back (`current_games`: the game's stored form in
//! `state`, what it was started as in `kind`), and a finished game's history
//! (`finished_games.history`, the same stored form) turned into its replay's positions: bytes
//! as a damaged or forged row would hold them. A row that does not read is an error, never a
//! panic; one that reads is written back exactly and replays every card of its history.

use crate::game::Game;
use crate::render::positions_of;
use crate::store::{GameKind, GameRow, UserId};

/// The target `stored_game`: the `state` column, then (after a NUL byte, if any) the `kind`.
pub fn stored_game(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (state, kind) = match text.split_once('\0') {
        Some((state, kind)) => (state, Some(kind)),
        None => (text, None),
    };
    let row = GameRow {
        game_id: 1,
        version: 1,
        state: state.to_owned(),
        guild_id: None,
        created_at: 0,
        updated_at: 0,
        kind: kind.map(str::to_owned),
        first_action_at: None,
        posts_due: false,
    };
    if let Ok(current) = row.into_current(UserId(1)) {
        assert_eq!(
            GameKind::from_stored(current.kind.to_stored().as_deref()),
            Ok(current.kind)
        );
    }
    let Ok(game) = Game::from_stored(state) else {
        return;
    };
    let stored = game.to_stored();
    assert_eq!(
        Game::from_stored(&stored).ok().as_ref(),
        Some(&game),
        "{stored}"
    );
    // The replay: the round's deal, then one position per card of the history.
    let positions = positions_of(&game);
    assert_eq!(positions.len(), game.played().len() + 1, "{stored}");
}
