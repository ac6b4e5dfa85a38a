#!/usr/bin/env bash
# The container check (CI runs it from .ci/run): checks the build context .dockerignore leaves
# (decoy stores and .env files stay out), builds the bot's image from this checkout with
# podman, then runs examples/container_check.rs, which starts the image against the tests' fake
# Discord and checks a game, the health check, a non-root process, the store on the volume, a
# restart and a backup. Installs what it needs on a fresh machine (tools/container_setup.sh).
# Prints the time of each part and the image's size.
#
# `--compose`: compose.yaml instead, PostgreSQL beside the bot, brought up by podman-compose (a
# game over `podman-compose restart`, the bot waiting for its database); builds the image only
# when it is missing. Not in CI: see docs/operators.md, "Checking the image".
set -euo pipefail
cd "$(dirname "$0")/.."

. tools/container_setup.sh

IMAGE="${TRIPEAKS_IMAGE:-localhost/tripeaks:check}"
seconds() { date +%s; }

if [ "${1:-}" = "--compose" ]; then
  began=$(seconds)
  compose_setup
  if ! podman image exists "$IMAGE"; then
    step "building $IMAGE"
    podman build --format docker --pull=never --build-arg "RUST_VERSION=$RUST_VERSION" \
      -t "$IMAGE" . >"$STATE/build.log" 2>&1 || { tail -40 "$STATE/build.log" >&2; exit 1; }
  fi
  cargo build --quiet --profile test --example container_check
  ready=$(seconds)
  "${CARGO_TARGET_DIR:-target}/debug/examples/container_check" --compose "$IMAGE"
  step "compose check passed: set-up and builds $((ready - began)) s, check $(($(seconds) - ready)) s"
  exit 0
fi

# The build context as .dockerignore leaves it: decoys an operator might keep beside the sources
# (a store below the root, an .env.* file) must stay out, the workspace's members must be in.
check_context() {
  local decoys=(".env.decoy-$$" "decoy-$$/nested/leak.db" "decoy-$$/nested/leak.db-wal")
  local image="localhost/tripeaks-context:check-$$" found
  trap 'rm -rf ".env.decoy-$$" "decoy-$$"' EXIT
  for decoy in "${decoys[@]}"; do
    mkdir -p "$(dirname "$decoy")" && echo decoy > "$decoy"
  done
  printf 'FROM docker.io/library/debian:bookworm-slim\nCOPY . /context\n' >"$STATE/context.Containerfile"
  podman build --pull=never -q -f "$STATE/context.Containerfile" -t "$image" . >/dev/null
  # The decoys' files, not their folders: an emptied folder is no leak.
  found=$(podman run --rm "$image" sh -c 'cd /context && find . -name ".env.decoy-*" -o -name "leak.db*";
    test -f tools/cycles/Cargo.toml || echo "tools/cycles/Cargo.toml is missing"')
  podman rmi -f "$image" >/dev/null
  rm -rf ".env.decoy-$$" "decoy-$$"
  if [ -n "$found" ]; then
    printf '%s\n' "$found" >&2
    echo "the build context is not what .dockerignore means it to be (above)" >&2
    exit 1
  fi
}
step "checking the build context (.dockerignore) with decoy files"
check_context

began=$(seconds)
step "building $IMAGE (Containerfile; cargo's registry and target in cache mounts)"
podman build --format docker --pull=never --build-arg "RUST_VERSION=$RUST_VERSION" \
  -t "$IMAGE" . >"$STATE/build.log" 2>&1 || { tail -40 "$STATE/build.log" >&2; exit 1; }
built=$(seconds)
size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
step "image built in $((built - began)) s, $((size / 1000000)) MB"

step "building the check (examples/container_check.rs)"
# The test profile: `cargo test` has built the library and the dev-dependencies with it already.
cargo build --quiet --profile test --example container_check
checker="${CARGO_TARGET_DIR:-target}/debug/examples/container_check"
"$checker" "$IMAGE"
done_at=$(seconds)
step "container check passed: build $((built - began)) s, check $((done_at - built)) s"
