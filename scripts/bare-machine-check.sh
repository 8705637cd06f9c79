#!/bin/sh
# What a newcomer does on a machine with only Node.js and npm: install, `npm start`, open the app.
# Passes when the install succeeds, /healthz answers, the sign-in page is served and a demo
# sign-in through the API succeeds; then stops the server with SIGTERM. Each step prints its time.
#
#   scripts/bare-machine-check.sh [install command]     (default: npm install)
#   ../shared/tools/fresh-box --node 22 -- sh scripts/bare-machine-check.sh     (a bare Debian)
#
# It needs nothing but sh and node (no curl). The database and uploads go to a temporary folder,
# so it leaves a working copy's ./data alone.
set -eu
cd "$(dirname "$0")/.."
install_command=${*:-npm install --no-audit --no-fund}

step_started=0
step() { step_started=$(date +%s); echo "== $1"; }
done_step() { echo "   ok in $(( $(date +%s) - step_started )) s"; }

echo "node $(node --version), npm $(npm --version)"
step "install: $install_command"
$install_command
done_step

data=$(mktemp -d)
port=$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
base="http://127.0.0.1:$port"
step "npm start on port $port (builds the web app the first time)"
PORT=$port DATABASE_URL="sqlite:$data/app.db" UPLOADS_DIR="$data/uploads" npm start >"$data/server.log" 2>&1 &
server=$!
stop_server() {
  if kill -0 "$server" 2>/dev/null; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
}
trap 'stop_server; rm -rf "$data"' EXIT
fail() { echo "FAILED: $1"; echo "-- server output:"; cat "$data/server.log"; exit 1; }

# Waits for /healthz while the server runs (at most 15 minutes: the first start builds the web app).
BASE=$base node -e '
  const until = Date.now() + 15 * 60_000;
  (async () => {
    while (Date.now() < until) {
      try { if ((await fetch(process.env.BASE + "/healthz")).ok) return; } catch {}
      await new Promise((r) => setTimeout(r, 500));
    }
    process.exit(1);
  })();
' & waiter=$!
while kill -0 "$waiter" 2>/dev/null; do
  kill -0 "$server" 2>/dev/null || { kill "$waiter" 2>/dev/null; fail "npm start exited before /healthz answered"; }
  sleep 1
done
wait "$waiter" || fail "/healthz did not answer within 15 minutes"
done_step

step "the demo: the sign-in page and a demo telecaller's sign-in"
BASE=$base node -e '
  const base = process.env.BASE;
  (async () => {
    const page = await fetch(base + "/signin");
    const html = await page.text();
    if (!page.ok || !html.includes("<title>Sign in · Telecall Back Office</title>")) throw new Error("/signin answered " + page.status + ": " + html.slice(0, 200));
    const answer = await fetch(base + "/api/webapi/auth/login", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ mobile: "9876500001", password: "caller12345" }),
    });
    const body = await answer.json();
    if (!answer.ok || body.success !== true || !body.token) throw new Error("demo sign-in answered " + answer.status + ": " + JSON.stringify(body));
    console.log("   /signin served; demo telecaller signed in");
  })().catch((err) => { console.error(err.message); process.exit(1); });
' || fail "the demo is not served"
grep -q 'Demo data created' "$data/server.log" || fail "the server did not print the demo sign-ins"
done_step

step "stop (SIGTERM to npm start)"
kill -TERM "$server"
code=0; wait "$server" || code=$?
[ "$code" = 0 ] || [ "$code" = 143 ] || fail "npm start exited with $code"
# npm may be gone a moment before the server has finished stopping.
for _ in 1 2 3 4 5 6 7 8 9 10; do grep -q 'server stopped' "$data/server.log" && break; sleep 1; done
grep -q 'server stopped' "$data/server.log" || fail "the server did not say it stopped"
done_step
echo "bare-machine check passed"
