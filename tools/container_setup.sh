#!/usr/bin/env bash
# Makes this machine able to build and run the bot's image, with no registry and no Docker
# daemon (README, "Running with containers"): installs podman, buildah and runc from Debian if
# missing, writes the engine settings this machine kind needs, and makes the two base images the
# Containerfile names locally (Debian bookworm minbase by debootstrap, and a stand-in for the
# official Rust image: that base plus gcc and this machine's own toolchain). Idempotent: what
# exists already is kept, so a second run takes a second.
#
# Source it (`. tools/container_setup.sh`): it exports CONTAINERS_CONF and RUST_VERSION. Then
# `compose_setup` adds what compose.yaml needs (tools/container_check.sh --compose).
set -euo pipefail

STATE="${TRIPEAKS_CONTAINER_STATE:-/var/tmp/tripeaks-containers}"
mkdir -p "$STATE"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

step() { printf '[container] %s\n' "$*" >&2; }

# 1. Tools.
if ! command -v podman >/dev/null || ! command -v debootstrap >/dev/null || ! command -v runc >/dev/null; then
  step "installing podman, buildah, runc, debootstrap"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    podman buildah runc debootstrap fuse-overlayfs slirp4netns containernetworking-plugins \
    uidmap iptables ca-certificates >/dev/null
fi

# 2. Engine settings: runc (crun refuses the hybrid cgroup layout), ulimits root can set here.
export CONTAINERS_CONF="$STATE/containers.conf"
cat > "$CONTAINERS_CONF" <<'CONF'
[engine]
runtime = "runc"
events_logger = "file"
cgroup_manager = "cgroupfs"

[containers]
default_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]
CONF

# 3. The Debian base, under the name the Containerfile's runtime stage uses.
DEBIAN_IMAGE="docker.io/library/debian:bookworm-slim"
if ! podman image exists "$DEBIAN_IMAGE"; then
  step "debootstrap of bookworm minbase (about 2 minutes)"
  root="$STATE/bookworm-minbase"
  rm -rf "$root"
  mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
  debootstrap --variant=minbase bookworm "$root" "$mirror" >"$STATE/debootstrap.log" 2>&1 \
    || { tail -20 "$STATE/debootstrap.log" >&2; exit 1; }
  # The image's apt reads the same mirror; its lists are fetched by the stages that install.
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  tar -C "$root" -c . | podman import - "$DEBIAN_IMAGE" >/dev/null
  rm -rf "$root"
fi

# 4. The Rust builder base: the official image's name, this machine's toolchain inside.
RUST_VERSION="$(rustc --version | awk '{print $2}' | cut -d. -f1,2)"
export RUST_VERSION
RUST_IMAGE="docker.io/library/rust:${RUST_VERSION}-slim-bookworm"
if ! podman image exists "$RUST_IMAGE"; then
  step "making $RUST_IMAGE from the Debian base and $(rustc --version)"
  context="$STATE/rust-base"
  rm -rf "$context"
  mkdir -p "$context/toolchain"
  sysroot="$(rustc --print sysroot)"
  for part in bin lib libexec; do
    [ -d "$sysroot/$part" ] && cp -a "$sysroot/$part" "$context/toolchain/"
  done
  # Outgoing TLS is re-signed on this machine: the host's CA bundle, for cargo's downloads.
  cp /etc/ssl/certs/ca-certificates.crt "$context/host-ca.crt"
  cat > "$context/Containerfile" <<'CF'
FROM docker.io/library/debian:bookworm-slim
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gcc libc6-dev ca-certificates >/dev/null \
 && rm -rf /var/lib/apt/lists/*
COPY host-ca.crt /etc/ssl/certs/ca-certificates.crt
COPY toolchain /usr/local/rust
ENV PATH=/usr/local/rust/bin:/usr/local/cargo/bin:$PATH CARGO_HOME=/usr/local/cargo \
    SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt CARGO_HTTP_CAINFO=/etc/ssl/certs/ca-certificates.crt
CF
  nice -n 15 podman build --pull=never --format docker -q -t "$RUST_IMAGE" "$context" >/dev/null
  rm -rf "$context"
fi

# For compose.yaml (tools/container_check.sh --compose): podman-compose 1.x from PyPI (Debian's
# 1.0 lacks `!override`), the CNI plugin that resolves service names, and the PostgreSQL image
# compose.yaml names, stood in for by tools/postgres-standin (no registry here).
compose_setup() {
  if [ ! -x /usr/lib/cni/dnsname ]; then
    step "installing the dnsname CNI plugin (service names on compose networks)"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
      golang-github-containernetworking-plugin-dnsname >/dev/null
  fi
  if ! command -v podman-compose >/dev/null; then
    step "installing podman-compose from PyPI"
    python3 -m pip install --quiet 'podman-compose>=1.1,<2'
  fi
  local pg_image="docker.io/library/postgres:15-bookworm"
  local standin version
  standin="$(dirname "${BASH_SOURCE[0]}")/postgres-standin"
  # Made again when its files changed (a label holds their digest), not only when missing.
  version=$(cat "$standin"/* | sha256sum | cut -c1-16)
  if [ "$(podman image inspect --format '{{index .Labels "tripeaks.standin"}}' "$pg_image" 2>/dev/null)" != "$version" ]; then
    step "making $pg_image's stand-in from the Debian base (tools/postgres-standin)"
    nice -n 15 podman build --pull=never --format docker -q --label "tripeaks.standin=$version" \
      -t "$pg_image" "$standin" >/dev/null
  fi
}
