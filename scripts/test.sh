#!/usr/bin/env bash
# The test command (`npm test`). On a fresh Debian 12 machine, after `npm ci`:
#   1. installs Debian's chromium, postgresql, postgresql-contrib, nginx-light, openssl and
#      prometheus (for promtool) when missing (apt-get);
#   2. starts a throwaway PostgreSQL cluster on a free loopback port (removed on exit, always);
#   3. runs unit tests, integration tests on PGlite, integration tests on PostgreSQL, Playwright,
#      then the deployment test (nginx + 2 app processes + PostgreSQL + S3) — every step even when
#      an earlier one fails;
#   4. prints each runner's own output, a per-step table, and as the very last line
#        N passed, M failed[, K skipped]
#      exiting non-zero when anything failed or when no test ran at all.
# See docs/testing.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

REPORT_DIR="$ROOT/.tmp/test-report"   # the runners' JSON reports (kept for inspection)
CHROMIUM=/usr/bin/chromium
NGINX=/usr/sbin/nginx
PROMTOOL=/usr/bin/promtool   # Debian's `prometheus`: checks deploy/prometheus-rules.yml and /metrics
PG_BIN=""        # /usr/lib/postgresql/<ver>/bin, found by find_postgres
PG_ROOT=""       # temp dir of the throwaway cluster: data/, server.log, the unix socket
PG_PORT=""
PG_STARTED=0

STEP_NAMES=()
STEP_LINES=()
TOTAL_PASSED=0
TOTAL_FAILED=0
TOTAL_SKIPPED=0

log() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
warn() { printf '\033[33mwarning:\033[0m %s\n' "$*" >&2; }
die() { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }

# Runs a command as root: directly when we are root, else through sudo.
as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    die "must install system packages but am not root and sudo is missing: run as root, or install them: $*"
  fi
}

# Runs a command as the owner of the cluster: PostgreSQL refuses to run as root.
as_pg() {
  if [[ $EUID -eq 0 ]]; then
    "$(command -v runuser || echo /usr/sbin/runuser)" -u postgres -- "$@"
  else
    "$@"
  fi
}

now() { echo "${EPOCHREALTIME/,/.}"; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }

# --- 1. system packages -----------------------------------------------------------------------

find_postgres() {
  PG_BIN=""
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V); do
    [[ -x "$dir/initdb" && -x "$dir/pg_ctl" && -x "$dir/postgres" ]] && PG_BIN="$dir"
  done
  [[ -n "$PG_BIN" ]]
}

postgres_has_contrib() {
  local share="/usr/share/postgresql/$(basename "$(dirname "$PG_BIN")")/extension"
  [[ -f "$share/pg_trgm.control" && -f "$share/unaccent.control" ]]
}

ensure_system_packages() {
  log "System packages"
  local missing=()
  [[ -x "$CHROMIUM" ]] || missing+=(chromium)
  [[ -x "$NGINX" ]] || missing+=(nginx-light)
  command -v openssl >/dev/null || missing+=(openssl)
  local need_promtool=0
  [[ -x "$PROMTOOL" ]] || need_promtool=1
  if ! find_postgres; then
    missing+=(postgresql postgresql-contrib)
  elif ! postgres_has_contrib; then
    missing+=(postgresql-contrib)
  fi

  if [[ ${#missing[@]} -gt 0 ]]; then
    echo "installing with apt-get: ${missing[*]}"
    command -v apt-get >/dev/null || die "apt-get not found: install ${missing[*]} by hand"
    local started
    started="$(now)"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -q "${missing[@]}"
    echo "installed in $(elapsed "$started")"
  fi
  if [[ $need_promtool -eq 1 ]]; then
    # Only its promtool is used: without the recommended node exporter, and the server it ships
    # as a service is not left running where systemd started it.
    echo "installing with apt-get: prometheus (for promtool)"
    command -v apt-get >/dev/null || die "apt-get not found: install prometheus (promtool) by hand"
    [[ ${#missing[@]} -gt 0 ]] ||
      as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -q \
      --no-install-recommends prometheus
    if [[ -d /run/systemd/system ]]; then as_root systemctl disable --now prometheus >/dev/null 2>&1 || true; fi
  fi

  [[ -x "$CHROMIUM" ]] || die "$CHROMIUM is still missing after installing chromium"
  find_postgres || die "no PostgreSQL server binaries under /usr/lib/postgresql/*/bin"
  postgres_has_contrib || die "pg_trgm/unaccent are missing for $PG_BIN (package postgresql-contrib)"
  [[ -x "$NGINX" ]] || die "$NGINX is still missing after installing nginx-light"
  [[ -x "$PROMTOOL" ]] || die "$PROMTOOL is still missing after installing prometheus"
  echo "chromium:   $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
  echo "nginx:      $("$NGINX" -v 2>&1)"
  echo "promtool:   $("$PROMTOOL" --version 2>&1 | head -n 1)"
  echo "postgresql: $("$PG_BIN/postgres" --version) ($PG_BIN)"
}

# --- 2. throwaway PostgreSQL ------------------------------------------------------------------

free_port() {
  node -e 'const s = require("net").createServer();
           s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

start_postgres() {
  log "PostgreSQL (throwaway cluster)"
  local started
  started="$(now)"
  PG_ROOT="$(mktemp -d "${TMPDIR:-/tmp}/test-pg.XXXXXX")"
  if [[ $EUID -eq 0 ]]; then
    chown postgres:postgres "$PG_ROOT"
  fi
  chmod 700 "$PG_ROOT"
  # Work from inside PG_ROOT: the postgres user may not be allowed into the repository.
  (cd "$PG_ROOT" && as_pg "$PG_BIN/initdb" -D "$PG_ROOT/data" --auth=trust -U postgres \
    --encoding=UTF8 --locale=C.UTF-8 >"$PG_ROOT/initdb.log" 2>&1) ||
    { cat "$PG_ROOT/initdb.log" >&2; die "initdb failed"; }

  # The port is free when chosen but could be taken before the server binds it: retry.
  local attempt
  for attempt in 1 2 3; do
    PG_PORT="$(free_port)"
    # Fast but unsafe settings: the cluster is thrown away after the run.
    if (cd "$PG_ROOT" && as_pg "$PG_BIN/pg_ctl" -D "$PG_ROOT/data" -l "$PG_ROOT/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_ROOT -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null); then
      PG_STARTED=1
      echo "listening on 127.0.0.1:$PG_PORT, data in $PG_ROOT (ready in $(elapsed "$started"))"
      return 0
    fi
    warn "PostgreSQL did not start on port $PG_PORT (attempt $attempt)"
  done
  cat "$PG_ROOT/server.log" >&2 || true
  die "could not start PostgreSQL"
}

stop_postgres() {
  if [[ $PG_STARTED -eq 1 ]]; then
    (cd "$PG_ROOT" && as_pg "$PG_BIN/pg_ctl" -D "$PG_ROOT/data" -m fast -w -t 30 stop >/dev/null 2>&1) ||
      (cd "$PG_ROOT" && as_pg "$PG_BIN/pg_ctl" -D "$PG_ROOT/data" -m immediate stop >/dev/null 2>&1) || true
    PG_STARTED=0
  fi
  if [[ -n "$PG_ROOT" && -d "$PG_ROOT" ]]; then
    rm -rf "$PG_ROOT"
  fi
  PG_ROOT=""
}

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  stop_postgres
  exit "$status"
}

# --- 3. the four runs -------------------------------------------------------------------------

# Prints "passed failed skipped" from a runner's JSON report ($2); $3 is the runner's exit code.
# A run that failed without a failed test in its report (a file that does not load, a crash, a
# broken web server, a missing report) counts as one failure, so it cannot pass unnoticed.
count_results() {
  local kind="$1" report="$2" status="$3"
  node - "$kind" "$report" "$status" <<'EOF'
const fs = require("node:fs");
const [kind, report, status] = process.argv.slice(2);
let passed = 0, failed = 0, skipped = 0, errors = 0;
let r = null;
try {
  if (fs.existsSync(report)) r = JSON.parse(fs.readFileSync(report, "utf8"));
} catch (error) {
  console.error(`cannot read ${report}: ${error.message}`);
  errors = 1;
}
if (r) {
  if (kind === "vitest") {
    passed = r.numPassedTests ?? 0;
    failed = r.numFailedTests ?? 0;
    skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    // A test file that failed as a whole (import error, failing beforeAll) with no failed test.
    for (const file of r.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed").length;
      if (file.status === "failed" && failedTests === 0) errors++;
    }
  } else {
    const s = r.stats ?? {};
    passed = (s.expected ?? 0) + (s.flaky ?? 0);
    failed = s.unexpected ?? 0;
    skipped = s.skipped ?? 0;
    errors = (r.errors ?? []).length; // global errors: config, web server, global set-up
  }
}
failed += errors;
if (Number(status) !== 0 && failed === 0) failed = 1;
console.log(`${passed} ${failed} ${skipped}`);
EOF
}

# run_step NAME KIND REPORT ENV... -- COMMAND...
run_step() {
  local name="$1" kind="$2" report="$3"
  shift 3
  local env=()
  while [[ $# -gt 0 && "$1" != "--" ]]; do
    env+=("$1")
    shift
  done
  shift

  log "$name"
  rm -f "$report"
  local started status=0
  started="$(now)"
  env "${env[@]}" "$@" || status=$?
  local took
  took="$(elapsed "$started")"

  local passed=0 failed=1 skipped=0
  read -r passed failed skipped < <(count_results "$kind" "$report" "$status") || true
  TOTAL_PASSED=$((TOTAL_PASSED + passed))
  TOTAL_FAILED=$((TOTAL_FAILED + failed))
  TOTAL_SKIPPED=$((TOTAL_SKIPPED + skipped))
  STEP_NAMES+=("$name")
  STEP_LINES+=("$(printf '%4d passed, %d failed, %d skipped, exit %d, %s' \
    "$passed" "$failed" "$skipped" "$status" "$took")")
}

run_all_steps() {
  local vitest="$ROOT/node_modules/.bin/vitest" playwright="$ROOT/node_modules/.bin/playwright"
  # Vitest: the default reporter for people, the JSON reporter for the summary.
  local vitest_args=(run --passWithNoTests --reporter=default --reporter=json)

  run_step "unit tests" vitest "$REPORT_DIR/unit.json" -- \
    "$vitest" "${vitest_args[@]}" --outputFile.json="$REPORT_DIR/unit.json" --project unit

  run_step "integration tests on PGlite" vitest "$REPORT_DIR/integration-pglite.json" TEST_DB=pglite -- \
    "$vitest" "${vitest_args[@]}" --outputFile.json="$REPORT_DIR/integration-pglite.json" --project integration

  run_step "integration tests on PostgreSQL" vitest "$REPORT_DIR/integration-postgres.json" \
    TEST_DB=postgres "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/postgres" -- \
    "$vitest" "${vitest_args[@]}" --outputFile.json="$REPORT_DIR/integration-postgres.json" --project integration

  # Playwright starts its web server (and so builds the app) even when it has no test to run:
  # list the tests first and skip the run when there are none.
  local e2e_count
  e2e_count="$("$playwright" test --list --reporter=list 2>/dev/null | sed -n 's/^Total: \([0-9]*\) tests\{0,1\} in .*/\1/p' || true)"
  if [[ "$e2e_count" == "0" ]]; then
    log "end-to-end tests (Playwright, Chromium)"
    echo "no test in tests/e2e: nothing to run"
    STEP_NAMES+=("end-to-end tests (Playwright, Chromium)")
    STEP_LINES+=("   0 passed, 0 failed, 0 skipped (no test files)")
  else
    run_step "end-to-end tests (Playwright, Chromium)" playwright "$REPORT_DIR/e2e.json" \
      "PLAYWRIGHT_JSON_OUTPUT_NAME=$REPORT_DIR/e2e.json" "E2E_PORT=${E2E_PORT:-$(free_port)}" -- \
      "$playwright" test
  fi

  # After Playwright, whose server start built the app: this step reuses the fresh build.
  run_step "deployment (nginx, 2 processes, PostgreSQL, S3)" vitest "$REPORT_DIR/deploy.json" \
    "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/postgres" -- \
    "$vitest" "${vitest_args[@]}" --outputFile.json="$REPORT_DIR/deploy.json" --project deploy
}

print_summary() {
  log "Summary"
  local i
  for i in "${!STEP_NAMES[@]}"; do
    printf '  %-42s %s\n' "${STEP_NAMES[$i]}" "${STEP_LINES[$i]}"
  done
  local total=$((TOTAL_PASSED + TOTAL_FAILED))
  if [[ $total -eq 0 ]]; then
    echo "error: no test ran at all" >&2
  fi
  echo
  if [[ $TOTAL_SKIPPED -gt 0 ]]; then
    echo "$TOTAL_PASSED passed, $TOTAL_FAILED failed, $TOTAL_SKIPPED skipped"
  else
    echo "$TOTAL_PASSED passed, $TOTAL_FAILED failed"
  fi
  [[ $TOTAL_FAILED -eq 0 && $total -gt 0 ]]
}

main() {
  [[ -x "$ROOT/node_modules/.bin/vitest" && -x "$ROOT/node_modules/.bin/playwright" ]] ||
    die "node_modules is missing or incomplete: run \`npm ci\` first"
  trap cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM

  ensure_system_packages
  start_postgres
  mkdir -p "$REPORT_DIR"
  run_all_steps
  stop_postgres
  print_summary
}

main "$@"
