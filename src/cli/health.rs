//! `tripeaks health`: asks a running bot's `/healthz` (on `METRICS_ADDR`) and exits 0 when it
//! answers 200. The image's `HEALTHCHECK` runs it, so the image needs no curl.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::Args;

use super::Failed;

/// How long the bot has to answer (its own store ping is bounded at 1 s).
const TIMEOUT: Duration = Duration::from_secs(4);

#[derive(Debug, Args)]
pub struct HealthArgs {
    /// The bot's metrics address [default: METRICS_ADDR].
    #[arg(long, value_name = "ADDRESS")]
    pub addr: Option<SocketAddr>,
}

/// Prints the bot's answer; fails unless it is healthy.
pub fn run(args: HealthArgs, out: &mut impl Write) -> Result<()> {
    let address = match args.addr {
        Some(address) => address,
        None => {
            let _ = dotenvy::dotenv();
            let Some(text) = std::env::var("METRICS_ADDR").ok() else {
                bail!("METRICS_ADDR is not set and no --addr given: the bot serves no /healthz");
            };
            text.trim()
                .parse()
                .with_context(|| format!("METRICS_ADDR `{text}` is not an address"))?
        }
    };
    let address = reachable(address);
    let (status, body) = get_healthz(address)?;
    writeln!(out, "{status} {}", body.trim())?;
    if status == 200 {
        Ok(())
    } else {
        Err(Failed(String::new()).into())
    }
}

/// A listener on every address (0.0.0.0, ::) is asked on loopback.
fn reachable(address: SocketAddr) -> SocketAddr {
    match address.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => (Ipv4Addr::LOCALHOST, address.port()).into(),
        IpAddr::V6(ip) if ip.is_unspecified() => (Ipv6Addr::LOCALHOST, address.port()).into(),
        _ => address,
    }
}

/// `GET /healthz` over HTTP/1.0: the status and the body.
fn get_healthz(address: SocketAddr) -> Result<(u16, String)> {
    let mut stream = TcpStream::connect_timeout(&address, TIMEOUT)
        .with_context(|| format!("connecting to the bot at {address}"))?;
    stream.set_read_timeout(Some(TIMEOUT))?;
    stream.set_write_timeout(Some(TIMEOUT))?;
    write!(stream, "GET /healthz HTTP/1.0\r\nHost: {address}\r\n\r\n")?;
    let mut answer = String::new();
    stream
        .read_to_string(&mut answer)
        .context("reading /healthz")?;
    parse_answer(&answer)
}

fn parse_answer(answer: &str) -> Result<(u16, String)> {
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((answer, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|status| status.parse().ok())
        .context("not an HTTP answer")?;
    Ok((status, body.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_address_is_asked_on_loopback() {
        assert_eq!(
            reachable("0.0.0.0:9100".parse().unwrap()),
            "127.0.0.1:9100".parse().unwrap()
        );
        assert_eq!(
            reachable("[::]:9100".parse().unwrap()),
            "[::1]:9100".parse().unwrap()
        );
        let given: SocketAddr = "10.0.0.2:9100".parse().unwrap();
        assert_eq!(reachable(given), given);
    }

    #[test]
    fn the_status_and_body_are_read() {
        let (status, body) =
            parse_answer("HTTP/1.1 503 Service Unavailable\r\nx: y\r\n\r\nstore down\n").unwrap();
        assert_eq!((status, body.as_str()), (503, "store down\n"));
        assert!(parse_answer("garbage").is_err());
    }
}
