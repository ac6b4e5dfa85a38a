//! Secrets kept in files (`DISCORD_TOKEN_FILE`, `DATABASE_URL_FILE`: a compose or Kubernetes
//! secret): the content, trimmed, and whether anyone but the file's owner may read it.
//!
//! A secret file that its group or other users can read (`mode & 0o077`) still works, but the
//! bot says so at start and `tripeaks check` fails on it: the token lets anyone act as the bot,
//! the database URL holds the database's password. What is said names the variable, the path and
//! the mode, never the content.

use std::io::Read as _;

/// A secret read from a file, and what its permissions let others do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecretFile {
    /// The content, trimmed.
    pub secret: String,
    /// The permission bits when the group or other users may read or write the file (Unix).
    pub open_to_others: Option<u32>,
}

/// Why a secret file gave no secret: one line, naming the path, never the content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable(pub String);

/// Reads the secret at `path`: its content trimmed (an error when there is none) and its
/// permissions, taken from the file opened (a symbolic link, as a Kubernetes secret is, is
/// judged by the file it leads to).
pub fn read(path: &str) -> Result<SecretFile, Unreadable> {
    let mut file = std::fs::File::open(path).map_err(|error| Unreadable(error.to_string()))?;
    let mut content = String::new();
    file.read_to_string(&mut content)
        .map_err(|error| Unreadable(error.to_string()))?;
    let secret = content.trim();
    if secret.is_empty() {
        return Err(Unreadable("the file is empty".to_owned()));
    }
    let open_to_others = file
        .metadata()
        .ok()
        .and_then(|metadata| open_bits(&metadata));
    Ok(SecretFile {
        secret: secret.to_owned(),
        open_to_others,
    })
}

#[cfg(unix)]
fn open_bits(metadata: &std::fs::Metadata) -> Option<u32> {
    use std::os::unix::fs::PermissionsExt as _;
    let mode = metadata.permissions().mode() & 0o777;
    (mode & 0o077 != 0).then_some(mode)
}

#[cfg(not(unix))]
fn open_bits(_: &std::fs::Metadata) -> Option<u32> {
    None
}

/// What to tell the operator about a secret file others may read (`variable` names it).
pub fn warning(variable: &str, path: &str, mode: u32) -> String {
    format!(
        "{variable} {path} can be read by users other than its owner (mode {mode:03o}): make it \
         readable by the bot's user alone (chmod 600, owned by that user; in a container, owned \
         by its uid 10001)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_is_read_trimmed_and_an_empty_file_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("secret");
        std::fs::write(&path, "  the-secret\n").unwrap();
        let read = read(path.to_str().unwrap()).unwrap();
        assert_eq!(read.secret, "the-secret");
        std::fs::write(&path, " \n").unwrap();
        assert_eq!(
            super::read(path.to_str().unwrap()),
            Err(Unreadable("the file is empty".into()))
        );
        assert!(super::read(dir.path().join("absent").to_str().unwrap()).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn a_secret_others_can_read_is_noticed_and_never_shown() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("secret");
        std::fs::write(&path, "hunter2").unwrap();
        let path_text = path.to_str().unwrap();
        for (mode, open) in [
            (0o600, None),
            (0o400, None),
            (0o640, Some(0o640)),
            (0o644, Some(0o644)),
            (0o604, Some(0o604)),
        ] {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
            assert_eq!(read(path_text).unwrap().open_to_others, open, "{mode:o}");
        }
        let said = warning("DATABASE_URL_FILE", path_text, 0o644);
        assert!(
            said.contains("mode 644") && said.contains(path_text),
            "{said}"
        );
        assert!(!said.contains("hunter2"));
    }
}
