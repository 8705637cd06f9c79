#!/bin/sh
# The image as an operator runs it (docs/operations.md#the-container-check): build, start with a
# volume, sign in, create a company, restart, find the company again, stop gracefully within 10 s,
# and Docker's own health status. Prints each step's time and the image's size. By hand, not in CI
# (a build takes minutes). Needs sh and docker only: the requests run with the image's own Node.
#
#   scripts/container-check.sh                 build the image, then check it
#   IMAGE=telecall-backoffice SKIP_BUILD=1 scripts/container-check.sh   check an image already built
#
# NETWORK (default host, as ../shared/tools/docker-here needs; `bridge` publishes the port instead),
# PORT (default 3300) and KEEP=1 (leave the container and its volume) change how it runs.
set -eu
cd "$(dirname "$0")/.."

image=${IMAGE:-telecall-backoffice}
network=${NETWORK:-host}
port=${PORT:-3300}
name=telecall-check-$$
volume=telecall-check-data-$$
admin_email=admin@check.local
admin_password=check-admin-password

now_ms() { date +%s%3N; }
step_started=0
step() { step_started=$(now_ms); echo "== $1"; }
done_step() { echo "   ok in $(( $(now_ms) - step_started )) ms${1:+: $1}"; }
fail() {
  echo "FAILED: $1"
  echo "-- container log (last 40 lines):"
  docker logs --tail 40 "$name" 2>&1 || true
  exit 1
}
cleanup() {
  if [ "${KEEP:-0}" = 1 ]; then echo "kept: container $name, volume $volume"; return; fi
  docker rm -f "$name" >/dev/null 2>&1 || true
  docker volume rm "$volume" >/dev/null 2>&1 || true
}
trap cleanup EXIT

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  step "docker build -t $image ."
  DOCKER_BUILDKIT=${DOCKER_BUILDKIT:-0} docker build --network host -t "$image" . >/tmp/container-check-build.log 2>&1 ||
    { tail -40 /tmp/container-check-build.log; fail "the image did not build"; }
  done_step
fi
size=$(docker image inspect --format '{{.Size}}' "$image")
echo "image $image: $((size / 1000000)) MB"
echo "its layers over the base image:"
docker history --format '{{.Size}}\t{{.CreatedBy}}' "$image" | awk -F'\t' 'NR <= 12 { printf "   %8s  %.90s\n", $1, $2 }'

if [ "$network" = host ]; then
  net_args="--network host -e PORT=$port"
else
  net_args="--network $network -p $port:3000 -e PORT=3000"
fi
# shellcheck disable=SC2086 # net_args is several arguments
start_container() {
  docker run -d --name "$name" $net_args -v "$volume:/data" \
    -e ADMIN_EMAIL="$admin_email" -e ADMIN_PASSWORD="$admin_password" "$image" >/dev/null
}
inner_port() { [ "$network" = host ] && echo "$port" || echo 3000; }

# Runs a Node script inside the container, with BASE set to the server's address there.
in_container() { docker exec -e BASE="http://127.0.0.1:$(inner_port)" "$name" node --input-type=module -e "$1"; }

wait_healthz() {
  in_container '
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      try { if ((await fetch(process.env.BASE + "/healthz")).ok) process.exit(0); } catch {}
      await new Promise((r) => setTimeout(r, 50));
    }
    process.exit(1);
  '
}

step "start with a volume (docker run -v $volume:/data) and wait for /healthz"
start_container
until docker exec "$name" true 2>/dev/null; do
  [ "$(docker inspect --format '{{.State.Running}}' "$name")" = true ] || fail "the container stopped at start"
  sleep 0.1
done
wait_healthz || fail "/healthz did not answer within 60 s"
done_step "$(docker inspect --format 'runs as user {{.Config.User}}' "$name")"

SIGN_IN='
  const signIn = async () => {
    const r = await fetch(process.env.BASE + "/api/webapi/admin/login", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "'$admin_email'", password: "'$admin_password'" }),
    });
    const body = await r.json();
    if (!r.ok || !body.token) throw new Error("admin sign-in answered " + r.status + ": " + JSON.stringify(body));
    return { authorization: "Bearer " + body.token, "content-type": "application/json" };
  };'

step "sign in as the admin and create a company"
in_container "$SIGN_IN"'
  const headers = await signIn();
  const r = await fetch(process.env.BASE + "/api/webapi/createsubadmins", {
    method: "POST", headers,
    body: JSON.stringify({
      name: "Asha Verma", email: "owner@check.local", password: "owner-password-1", telecaller_creat_limit: 5,
      company_name: "Container Check Calling", mobile: "9811122233", expiry_date: "2031-12-31",
      gst: "29ABCDE1234F1Z5", company_bio: "Made by the container check", address: "Pune",
    }),
  });
  if (r.status !== 201) throw new Error("create answered " + r.status + ": " + await r.text());
' || fail "sign-in or company creation"
done_step

step "stop gracefully (docker stop: SIGTERM, killed after 10 s)"
docker stop --time 10 "$name" >/dev/null
stopped_in=$(( $(now_ms) - step_started ))
exit_code=$(docker inspect --format '{{.State.ExitCode}}' "$name")
[ "$exit_code" = 0 ] || fail "exit code $exit_code after SIGTERM"
[ "$stopped_in" -lt 10000 ] || fail "took $stopped_in ms to stop"
docker logs "$name" 2>&1 | grep -q '"server stopped"' || fail "the log does not say the server stopped"
done_step "exit code 0, the log says \"server stopped\""

step "start again on the same volume and find the company"
docker start "$name" >/dev/null
wait_healthz || fail "/healthz did not answer after the restart"
in_container "$SIGN_IN"'
  const headers = await signIn();
  const r = await fetch(process.env.BASE + "/api/webapi/FetchData", { headers });
  const body = await r.json();
  const found = (body.data ?? []).filter((c) => c.company_name === "Container Check Calling");
  if (found.length !== 1) throw new Error("the company is not there after the restart: " + JSON.stringify(body).slice(0, 300));
  const owner = await fetch(process.env.BASE + "/api/webapi/subadmin/login", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "owner@check.local", password: "owner-password-1" }),
  });
  if (!owner.ok) throw new Error("the company owner cannot sign in after the restart: " + owner.status);
' || fail "the company after the restart"
done_step "found it; its owner signs in"

step "docker inspect: health status"
until [ "$(docker inspect --format '{{.State.Health.Status}}' "$name")" != starting ]; do sleep 0.5; done
health=$(docker inspect --format '{{.State.Health.Status}}' "$name")
[ "$health" = healthy ] || fail "health status $health: $(docker inspect --format '{{json .State.Health}}' "$name")"
done_step "healthy"

echo "container check passed"
